import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ModelEntry, SYSTEM_PROMPT_MAX, type ThreadSettings, acceptsParameter, callsTools, outputTokenLimit } from '@ensemble/shared';
import { ThreadTools } from '@/features/tools/thread-tools';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatCount } from '@/lib/format-count';
import { localizeMessage } from '@/i18n/server-messages';

/** What the form offers for the thread's model: the parameters its row honours and its output cap. */
function offered(model: ModelEntry | undefined) {
  const limit = outputTokenLimit(model ?? {});
  const count = formatCount(limit);
  const modelName = model?.name ?? '';
  return {
    temperature: !model || acceptsParameter(model, 'temperature'),
    maxTokens: !model || acceptsParameter(model, 'max_output_tokens'),
    limit,
    limitText: model ? t`1 to ${count} for ${modelName}` : t`1 to ${count}`,
  };
}

/** The checked form values, or the first problem to show. A field the model does not offer keeps the thread's value. */
function parse(
  prompt: string,
  temperature: string,
  maxTokens: string,
  offer: ReturnType<typeof offered>,
  kept: ThreadSettings,
  servers: number[],
) {
  const temp = !offer.temperature ? kept.temperature : temperature.trim() === '' ? null : Number(temperature);
  if (offer.temperature && temp !== null && (!Number.isFinite(temp) || temp < 0 || temp > 2))
    return t`Temperature must be a number from 0 to 2.`;
  const { limitText } = offer;
  const m = !offer.maxTokens ? kept.max_output_tokens : maxTokens.trim() === '' ? null : Number(maxTokens);
  if (offer.maxTokens && m !== null && (!Number.isInteger(m) || m < 1 || m > offer.limit))
    return t`Maximum output tokens must be a whole number from ${limitText}.`;
  return {
    system_prompt: prompt.trim() ? prompt : null,
    temperature: temp,
    max_output_tokens: m,
    web_search: kept.web_search,
    mcp_server_ids: servers,
  } satisfies ThreadSettings;
}

/**
 * A thread's instructions and parameters: its system prompt, and the temperature and maximum output
 * tokens its model (`model`, the chosen text model) honours, within that model's limits.
 */
export function ThreadSettingsDialog({
  open,
  onOpenChange,
  settings,
  model,
  onSave,
  isGuest = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  settings: ThreadSettings;
  model?: ModelEntry;
  onSave(settings: ThreadSettings): Promise<void>;
  /** Guests have no tool servers of their own (issue 40). */
  isGuest?: boolean;
}) {
  const { t } = useLingui();
  const offer = offered(model);
  const { limitText } = offer;
  const modelName = model?.name;
  const [prompt, setPrompt] = useState(settings.system_prompt ?? '');
  const [temperature, setTemperature] = useState(settings.temperature?.toString() ?? '');
  const [maxTokens, setMaxTokens] = useState(settings.max_output_tokens?.toString() ?? '');
  const [servers, setServers] = useState<number[]>(settings.mcp_server_ids ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const parsed = parse(prompt, temperature, maxTokens, offer, settings, servers);
    if (typeof parsed === 'string') return setError(parsed);
    setSaving(true);
    try {
      await onSave(parsed);
      onOpenChange(false);
    } catch {
      setError(t`Failed to save the thread settings`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Thread settings`}
      description={t`Instructions and parameters for every reply in this thread. Leave a field empty for the model's default.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={saving}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t`System prompt`} hint={t`Sent before the conversation to every model in this thread.`}>
          <Textarea
            aria-label={t`System prompt`}
            value={prompt}
            maxLength={SYSTEM_PROMPT_MAX}
            rows={5}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder={t`You are a helpful assistant.`}
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {offer.temperature && (
            <Field label={t`Temperature`} hint={model?.provider === 'anthropic' ? t`0 to 2; Claude uses at most 1.` : t`0 to 2.`}>
              <Input
                aria-label={t`Temperature`}
                inputMode="decimal"
                value={temperature}
                onChange={(e) => setTemperature(e.target.value)}
                placeholder={t`Default`}
              />
            </Field>
          )}
          {offer.maxTokens && (
            <Field label={t`Maximum output tokens`} hint={t`Caps the length of each reply: ${limitText}.`}>
              <Input
                aria-label={t`Maximum output tokens`}
                inputMode="numeric"
                value={maxTokens}
                onChange={(e) => setMaxTokens(e.target.value)}
                placeholder={t`Default`}
              />
            </Field>
          )}
        </div>
        {model && !offer.temperature && (
          <p className="text-sm text-muted" data-testid="no-temperature-note">
            <Trans>{modelName} sets its own temperature, so none is offered here.</Trans>
          </p>
        )}
        {!isGuest && <ThreadTools selected={servers} onChange={setServers} canCall={!model || callsTools(model)} modelName={modelName} />}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {localizeMessage(error)}
          </p>
        )}
      </div>
    </Dialog>
  );
}
