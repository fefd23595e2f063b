import { useEffect, useState } from 'react';

/** The part of Google Identity Services (accounts.google.com/gsi/client) the sign-in button uses. */
export interface GoogleIdentity {
  initialize(options: { client_id: string; callback(response: { credential?: string }): void; ux_mode?: 'popup' }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline' | 'filled_black' | 'filled_blue';
      size?: 'large' | 'medium' | 'small';
      text?: string;
      shape?: string;
      width?: number;
      logo_alignment?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

/** Google's client script; the server's Content-Security-Policy allows exactly this address. */
export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | undefined;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in did not start'));
    };
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later attempt (e.g. after going back online) may try again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Google Identity Services for a client id: loads Google's script once, only when a client id is
 * configured. `identity` stays null while loading, without a client id, or when loading failed.
 */
export function useGoogleIdentity(clientId: string): { identity: GoogleIdentity | null; failed: boolean } {
  const [state, setState] = useState<{ identity: GoogleIdentity | null; failed: boolean }>({ identity: null, failed: false });
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogleIdentity().then(
      (identity) => live && setState({ identity, failed: false }),
      () => live && setState({ identity: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  return clientId ? state : { identity: null, failed: false };
}
