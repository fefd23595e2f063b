import type { ReactNode } from 'react';

/** A labelled setting: title and hint on the left, the control on the right (stacked on phones). */
export function SettingRow({ title, hint, htmlFor, children }: { title: string; hint?: ReactNode; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
      <div className="min-w-0">
        {htmlFor ? (
          <label htmlFor={htmlFor} className="text-sm font-medium text-fg">
            {title}
          </label>
        ) : (
          <p className="text-sm font-medium text-fg">{title}</p>
        )}
        {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
      </div>
      <div className="shrink-0 sm:max-w-[60%]">{children}</div>
    </div>
  );
}
