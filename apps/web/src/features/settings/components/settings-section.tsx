import type { ReactNode } from 'react';

/** A titled card of settings; its h2 is what 'All Models...' scrolls to. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24 rounded-3xl border border-border bg-surface p-5 sm:p-7">
      <h2 id={id} className="scroll-mt-24 text-2xl text-fg">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
