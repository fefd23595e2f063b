import { MAX_OUTPUT_TOKENS_LIMIT, SYSTEM_PROMPT_MAX, type ThreadSettings } from '@ensemble/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** The checked form values, or the first problem to show. */
function parse(prompt: string, temperature: string, maxTokens: string): ThreadSettings | string {
  const t = temperature.trim() === '' ? null : Number(temperature);
  if (t !== null && (!Number.isFinite(t) || t < 0 || t > 2)) return 'Temperature must be a number from 0 to 2.';
  const m = maxTokens.trim() === '' ? null : Number(maxTokens);
  if (m !== null && (!Number.isInteger(m) || m < 1 || m > MAX_OUTPUT_TOKENS_LIMIT))
    return `Maximum output tokens must be a whole number from 1 to ${MAX_OUTPUT_TOKENS_LIMIT.toLocaleString('en')}.`;
  return { system_prompt: prompt.trim() ? prompt : null, temperature: t, max_output_tokens: m };
}

/** A thread's instructions and parameters: its system prompt, temperature and maximum output tokens. */
export function ThreadSettingsDialog({
  open,
  onOpenChange,
  settings,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  settings: ThreadSettings;
  onSave(settings: ThreadSettings): Promise<void>;
}) {
  const [prompt, setPrompt] = useState(settings.system_prompt ?? '');
  const [temperature, setTemperature] = useState(settings.temperature?.toString() ?? '');
  const [maxTokens, setMaxTokens] = useState(settings.max_output_tokens?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const parsed = parse(prompt, temperature, maxTokens);
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
          <Field label="Temperature" hint="0 to 2; reasoning models ignore it.">
            <Input
              aria-label="Temperature"
              inputMode="decimal"
              value={temperature}
              onChange={(e) => setTemperature(e.target.value)}
              placeholder="Default"
            />
          </Field>
          <Field label="Maximum output tokens" hint="Caps the length of each reply.">
            <Input
              aria-label="Maximum output tokens"
              inputMode="numeric"
              value={maxTokens}
              onChange={(e) => setMaxTokens(e.target.value)}
              placeholder="Default"
            />
          </Field>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
