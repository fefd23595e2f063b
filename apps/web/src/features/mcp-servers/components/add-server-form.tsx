import { MCP_SERVER_NAME_MAX, MCP_TOKEN_MAX, MCP_URL_MAX, type McpServer } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plug } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useAddMcpServer } from '../api/add-server';

type Errors = { name?: string; url?: string; token?: string };

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The add form: a name, the server's URL, an optional bearer token and "ask first"; the server is checked before it is saved. */
export function AddServerForm({
  tokensAllowed,
  full,
  onAdded,
}: {
  tokensAllowed: boolean;
  full: boolean;
  onAdded(server: McpServer): void;
}) {
  const { t } = useLingui();
  const add = useAddMcpServer();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [askFirst, setAskFirst] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      name: name.trim() ? undefined : t`Give the server a name.`,
      url: isHttpUrl(url.trim()) ? undefined : t`Enter the server’s address, starting with https:// or http://.`,
      token: /\s/.test(token.trim()) ? t`A token has no spaces.` : undefined,
    };
    setErrors(found);
    if (found.name || found.url || found.token) return;
    try {
      const { server } = await add.mutateAsync({
        name: name.trim(),
        url: url.trim(),
        token: tokensAllowed && token.trim() ? token.trim() : undefined,
        ask_first: askFirst,
      });
      onAdded(server);
      setName('');
      setUrl('');
      setToken('');
      setAskFirst(false);
    } catch {
      // add.error holds it; the banner below shows it.
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-labelledby="add-mcp-server-title"
      className="rounded-2xl border border-border bg-bg/40 p-4 sm:p-5"
      noValidate
    >
      <h3 id="add-mcp-server-title" className="text-lg text-fg">
        <Trans>Add a tool server</Trans>
      </h3>
      <div className="mt-4 grid items-start gap-4 sm:grid-cols-2">
        <Field label={t`Name`} hint={t`How the server is shown to you, e.g. “Team wiki”.`} error={errors.name}>
          <Input
            id="mcp-server-name"
            value={name}
            maxLength={MCP_SERVER_NAME_MAX}
            autoComplete="off"
            required
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label={t`Server URL`} hint={t`Its streamable HTTP (or SSE) endpoint.`} error={errors.url}>
          <Input
            id="mcp-server-url"
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://example.com/mcp"
            value={url}
            maxLength={MCP_URL_MAX}
            autoComplete="off"
            required
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <Field
          label={t`Bearer token (optional)`}
          hint={
            tokensAllowed
              ? t`Sent as “Authorization: Bearer …”. Stored encrypted and never shown again.`
              : t`This server cannot store tokens: the operator has not set an encryption key.`
          }
          error={errors.token}
        >
          <Input
            id="mcp-server-token"
            type="password"
            dir="ltr"
            value={token}
            maxLength={MCP_TOKEN_MAX}
            autoComplete="off"
            disabled={!tokensAllowed}
            onChange={(e) => setToken(e.target.value)}
          />
        </Field>
        <div className="flex items-start gap-3 sm:pt-7">
          <Switch id="mcp-server-ask-first" checked={askFirst} onCheckedChange={setAskFirst} aria-describedby="mcp-server-ask-first-hint" />
          <div className="min-w-0">
            <label htmlFor="mcp-server-ask-first" className="text-sm font-medium text-fg">
              <Trans>Ask before every tool call</Trans>
            </label>
            <p id="mcp-server-ask-first-hint" className="text-xs text-muted">
              <Trans>Each call waits for your Allow. Tools the server marks destructive always ask.</Trans>
            </p>
          </div>
        </div>
      </div>
      {add.isError && <ErrorBanner message={add.error.message} onDismiss={() => add.reset()} className="mt-4" />}
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted" role="status">
          {add.isPending ? (
            <Trans>Connecting to the server and listing its tools…</Trans>
          ) : full ? (
            <Trans>You have as many tool servers as an account may hold. Delete one to add another.</Trans>
          ) : (
            <Trans>Ensemble connects to it over the internet, not from your browser, and lists its tools before saving it.</Trans>
          )}
        </p>
        <Button type="submit" icon={<Plug className="size-4" aria-hidden />} loading={add.isPending} disabled={full}>
          <Trans>Add server</Trans>
        </Button>
      </div>
    </form>
  );
}
