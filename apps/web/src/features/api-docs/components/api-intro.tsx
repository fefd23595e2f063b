import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { KEY_VARIABLE } from '../model/curl-example';
import { CodeSample } from './code-sample';

const code = 'rounded bg-surface-2 px-1 py-px font-mono text-[0.9em] text-fg';

/** The reference's opening: how to authenticate, where keys come from, the base URL and a first call. */
export function ApiIntro({ origin }: { origin: string }) {
  const { t } = useLingui();
  const baseUrl = `${origin}/v1`;
  const header = 'Authorization: Bearer ens_…';
  const errorShape = '{"error": {"message", "type", "code"}}';
  const setup = `export ENSEMBLE_API_KEY='ens_…'\n\ncurl ${origin}/v1/models \\\n  -H "Authorization: Bearer ${KEY_VARIABLE}"`;
  return (
    <section
      aria-labelledby="api-auth"
      className="grid gap-6 rounded-3xl border border-border bg-surface p-5 sm:p-7 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="space-y-3 text-sm text-muted">
        <h2 id="api-auth" className="flex items-center gap-2 text-2xl text-fg">
          <KeyRound aria-hidden className="size-5 text-accent-ink" />
          <Trans>Authentication</Trans>
        </h2>
        <p>
          <Trans>
            The OpenAI-compatible routes under <code className={code}>/v1</code> take a personal API key, sent in the{' '}
            <code className={code}>{header}</code> header. Any OpenAI client library works: point its base URL at{' '}
            <code className={code}>{baseUrl}</code>.
          </Trans>
        </p>
        <p>
          <Trans>
            Create and revoke keys in{' '}
            <Link to="/settings#api-keys" className="font-medium text-accent-ink underline-offset-2 hover:underline">
              Settings → API keys
            </Link>
            . A key spends your account’s credits, within your monthly budget and the key’s own limit. Keep it secret: anyone holding it can
            spend them.
          </Trans>
        </p>
        <p>
          <Trans>
            The routes under <code className={code}>/api</code> are the web app’s own: they use your browser’s session cookie, not a key.
          </Trans>
        </p>
        <p>
          <Trans>
            Errors under <code className={code}>/v1</code> come in OpenAI’s shape, <code className={code}>{errorShape}</code>: 401 for a
            missing or revoked key, 402 when credits or a limit run out, 429 when calls come too fast.
          </Trans>
        </p>
      </div>
      <div className="min-w-0 self-center">
        <CodeSample code={setup} language="shell" copyLabel={t`Copy the first call`} />
      </div>
    </section>
  );
}
