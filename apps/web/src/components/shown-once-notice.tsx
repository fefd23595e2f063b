import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A secret shown this once (a new API key, recovery codes): a highlighted panel whose heading takes the focus as it
 * appears, so that a screen reader reads it out at once; the secret and its buttons are the children.
 */
export function ShownOnceNotice({
  id,
  icon,
  title,
  intro,
  testId,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  intro: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={id} data-testid={testId} className="rounded-2xl border-2 border-accent/50 bg-accent/10 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 rounded-full bg-accent/20 p-2 text-accent-ink">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={id} ref={heading} tabIndex={-1} className="text-lg text-fg focus:outline-none">
            {title}
          </h3>
          <p className="mt-1 text-sm text-fg">{intro}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
