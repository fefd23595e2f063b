import { useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge';

/** A prompt's `{{variables}}` as chips, in order (nothing when it has none). */
export function VariableChips({ variables, className }: { variables: string[]; className?: string }) {
  const { t } = useLingui();
  if (variables.length === 0) return null;
  return (
    <ul aria-label={t`Variables`} className={`flex flex-wrap gap-1 ${className ?? ''}`}>
      {variables.map((name) => (
        <li key={name}>
          <Badge tone="accent" className="font-mono">{`{{${name}}}`}</Badge>
        </li>
      ))}
    </ul>
  );
}
