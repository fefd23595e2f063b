import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './field-styles';

/** A native <select> styled like the other fields (native keeps keyboard and mobile pickers right). */
export function Select({ className, children, ref, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className={cn('relative', className)}>
      <select ref={ref} className={cn(fieldClasses, 'h-10 appearance-none pe-9')} {...rest}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
