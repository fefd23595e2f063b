import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** The full address of a page of the app, from the path the server answers. */
export const linkAddress = (path: string) => `${window.location.origin}${path}`;

/**
 * Copies a share link's full address: `copied` once it is on the clipboard, `copyError` when the browser refused (the
 * link stays shown, to copy by hand); `clearCopied` takes the mark back (a new link).
 */
export function useCopyLink() {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);
  const copy = async (path: string | null) => {
    if (!path) return;
    try {
      await navigator.clipboard.writeText(linkAddress(path));
      setCopied(true);
    } catch {
      setCopyError(t`Copying failed; select the link and copy it yourself.`);
    }
  };
  const clearCopied = () => setCopied(false);
  return { copied, copyError, copy, clearCopied };
}
