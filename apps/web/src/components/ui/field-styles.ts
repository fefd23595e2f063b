/** Shared look of text inputs, textareas and selects. */
export const fieldClasses =
  'w-full rounded-xl border border-border bg-surface px-3.5 text-sm text-fg placeholder:text-subtle transition ' +
  'hover:border-border-strong focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/40';
