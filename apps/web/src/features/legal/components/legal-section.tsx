import type { ReactNode } from 'react';

/** One numbered or titled part of a legal document: a small heading and its paragraphs or list. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm font-semibold tracking-wide text-fg">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-muted [&_li]:ms-4 [&_li]:list-disc [&_li]:ps-1 [&_strong]:font-medium [&_strong]:text-fg [&_ul]:space-y-1">
        {children}
      </div>
    </section>
  );
}
