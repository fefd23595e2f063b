import { type ModelEntry, SYSTEM_PROMPT_MAX, type ThreadSettings, acceptsParameter, outputTokenLimit } from '@ensemble/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatCount } from '@/lib/format-count';

/** What the form offers for the thread's model: the parameters its row honours and its output cap. */
function offered(model: ModelEntry | undefined) {
  const limit = outputTokenLimit(model ?? {});
  return {
    temperature: !model || acceptsParameter(model, 'temperature'),
    maxTokens: !model || acceptsParameter(model, 'max_output_tokens'),
    limit,
    limitText: `1 to ${formatCount(limit)}${model ? ` for ${model.name}` : ''}`,
  };
}

/** The checked form values, or the first problem to show. A field the model does not offer keeps the thread's value. */
function parse(prompt: string, temperature: string, maxTokens: string, offer: ReturnType<typeof offered>, kept: ThreadSettings) {
  const t = !offer.temperature ? kept.temperature : temperature.trim() === '' ? null : Number(temperature);
  if (offer.temperature && t !== null && (!Number.isFinite(t) || t < 0 || t > 2)) return 'Temperature must be a number from 0 to 2.';
  const m = !offer.maxTokens ? kept.max_output_tokens : maxTokens.trim() === '' ? null : Number(maxTokens);
  if (offer.maxTokens && m !== null && (!Number.isInteger(m) || m < 1 || m > offer.limit))
    return `Maximum output tokens must be a whole number from ${offer.limitText}.`;
  return { system_prompt: prompt.trim() ? prompt : null, temperature: t, max_output_tokens: m } satisfies ThreadSettings;
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
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  settings: ThreadSettings;
  model?: ModelEntry;
  onSave(settings: ThreadSettings): Promise<void>;
}) {
  const offer = offered(model);
  const [prompt, setPrompt] = useState(settings.system_prompt ?? '');
  const [temperature, setTemperature] = useState(settings.temperature?.toString() ?? '');
  const [maxTokens, setMaxTokens] = useState(settings.max_output_tokens?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const parsed = parse(prompt, temperature, maxTokens, offer, settings);
    if (typeof parsed === 'string') return setError(parsed);
    setSaving(true);
    try {
      await onSave(parsed);
      onOpenChange(false);
    } catch {
      setError('Failed to save the thread settings');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Thread settings"
      description="Instructions and parameters for every reply in this thread. Leave a field empty for the model's default."
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label="System prompt" hint="Sent before the conversation to every model in this thread.">
          <Textarea
            aria-label="System prompt"
            value={prompt}
            maxLength={SYSTEM_PROMPT_MAX}
            rows={5}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="You are a helpful assistant."
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {offer.temperature && (
            <Field label="Temperature" hint={model?.provider === 'anthropic' ? '0 to 2; Claude uses at most 1.' : '0 to 2.'}>
              <Input
                aria-label="Temperature"
                inputMode="decimal"
                value={temperature}
                onChange={(e) => setTemperature(e.target.value)}
                placeholder="Default"
              />
            </Field>
          )}
          {offer.maxTokens && (
            <Field label="Maximum output tokens" hint={`Caps the length of each reply: ${offer.limitText}.`}>
              <Input
                aria-label="Maximum output tokens"
                inputMode="numeric"
                value={maxTokens}
                onChange={(e) => setMaxTokens(e.target.value)}
                placeholder="Default"
              />
            </Field>
          )}
        </div>
        {model && !offer.temperature && (
          <p className="text-sm text-muted" data-testid="no-temperature-note">
            {model.name} sets its own temperature, so none is offered here.
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
