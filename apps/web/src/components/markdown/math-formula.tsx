import { memo } from 'react';
import { useFormulaHtml } from './use-katex';

/**
 * A LaTeX formula rendered by KaTeX (loaded on first use); until then its source shows in a
 * monospace span, so nothing jumps far when it arrives.
 */
export const MathFormula = memo(function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const html = useFormulaHtml(tex, display);
  const className = display ? 'my-3 block overflow-x-auto overflow-y-hidden py-1 text-center [contain:content]' : 'inline';
  if (html === null) {
    return (
      <span className={`${className} font-mono text-[0.88em] text-muted`} data-testid="math-source">
        {display ? `$$${tex}$$` : `$${tex}$`}
      </span>
    );
  }
  return (
    <span
      // Formulas read left to right whatever the page's direction.
      dir="ltr"
      className={className}
      data-testid={display ? 'math-display' : 'math-inline'}
      // KaTeX escapes the TeX it is given and, with trust off, emits no links, scripts or URLs.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output of untrusted TeX is safe with trust off
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
