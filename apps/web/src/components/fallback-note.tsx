import { Info } from 'lucide-react';
import { cn } from '@/lib/cn';

/** "Answered by {fallback} because {model} was unavailable", under a reply a fallback row wrote. */
export function FallbackNote({ note, testId = 'fallback-note', className }: { note: string; testId?: string; className?: string }) {
  return (
    <p role="note" data-testid={testId} className={cn('flex items-start gap-1.5 text-xs text-muted', className)}>
      <Info className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{note}</span>
    </p>
  );
}
