import { Trans } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's error page: 'Unexpected Application Error!', the error message and a way home. */
export function RootError() {
  const error = useRouteError();
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
