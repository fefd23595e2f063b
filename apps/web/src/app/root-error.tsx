import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The error page: 'Unexpected Application Error!', the error message and a way home. */
export function RootError({ error }: { error: unknown }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg p-6 text-center text-fg">
      <h1 className="text-2xl">
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      {describe(error) && <p className="max-w-lg break-words font-mono text-xs text-muted">{describe(error)}</p>}
      <Link to="/" reloadDocument className="text-sm font-medium text-accent-ink hover:underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </div>
  );
}

/** Shows the error page instead of a blank page when rendering the app throws. Its link reloads, so nothing resets it. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render() {
    return this.state.failed ? <RootError error={this.state.error} /> : this.props.children;
  }
}
