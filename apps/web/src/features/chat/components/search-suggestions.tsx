import { useLingui } from '@lingui/react/macro';

/**
 * The document a grounded Gemini reply's search suggestions are shown in: Google's HTML as it came, with a policy
 * that lets it run no script and load nothing (its own inline styles and data: images only), and links that open in
 * a new tab without a referrer.
 */
export function suggestionsDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    '<style>body{margin:0;font-family:system-ui,sans-serif}</style>',
    `</head><body>${html}</body></html>`,
  ].join('');
}

/**
 * Google's search suggestions under a reply its Google Search grounding answered (issue 38), as Google's terms require
 * them shown: in a sandboxed frame (no scripts, no same-origin access; a chip opens Google Search in a new tab).
 */
export function SearchSuggestions({ html }: { html: string }) {
  const { t } = useLingui();
  return (
    <iframe
      title={t`Google Search suggestions`}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={suggestionsDocument(html)}
      referrerPolicy="no-referrer"
      className="mt-2 block h-16 w-full max-w-full rounded-md border-0"
      data-testid="search-suggestions"
    />
  );
}
