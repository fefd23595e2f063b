import { ASSISTANT_LIMITS, type Assistant, type ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { useModels } from '@/lib/models';
import { useCreateAssistant } from '../api/create-assistant';
import { useUpdateAssistant } from '../api/update-assistant';
import { AssistantAvatar } from './assistant-avatar';
import {
  type AssistantFormValues,
  EMOJI_SUGGESTIONS,
  type FormProblem,
  iconFromFile,
  initialValues,
  isProblem,
  offeredFor,
  requestOf,
} from './assistant-form-values';

/** Renders the tool servers to choose from (the page supplies it: the servers are another feature's). */
export type ToolsPicker = (props: { selected: number[]; onChange(ids: number[]): void; model: ModelEntry | undefined }) => ReactNode;

/** The picture fields: an emoji (typed, or one of the suggestions) or an uploaded icon, which wins over the emoji. */
function PictureFields({ values, set }: { values: AssistantFormValues; set(patch: Partial<AssistantFormValues>): void }) {
  const { t } = useLingui();
  const fileId = useId();
  const [iconError, setIconError] = useState<string | null>(null);
  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    const made = await iconFromFile(file);
    if ('error' in made) return setIconError(made.error);
    setIconError(null);
    set({ icon: made.url, iconChanged: true });
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <AssistantAvatar assistant={{ icon_url: values.icon, emoji: values.emoji.trim() || null }} size="lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <Field
          label={t`Emoji`}
          hint={values.icon ? t`The icon is shown instead while there is one.` : undefined}
          className={values.icon ? undefined : 'w-32'}
        >
          <Input value={values.emoji} maxLength={ASSISTANT_LIMITS.emojiMax} onChange={(e) => set({ emoji: e.target.value })} />
        </Field>
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">{t`Suggested emoji`}</legend>
          {EMOJI_SUGGESTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={t`Use ${emoji}`}
              aria-pressed={values.emoji === emoji}
              onClick={() => set({ emoji })}
              className="inline-flex size-9 items-center justify-center rounded-lg border border-border text-lg transition hover:bg-surface-2 aria-pressed:border-accent aria-pressed:bg-accent/10"
            >
              {emoji}
            </button>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={fileId}
            className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-border-strong px-3 text-xs font-medium text-fg transition hover:bg-surface-2 focus-within:outline-2"
          >
            <ImageUp className="size-4" aria-hidden />
            {values.icon ? <Trans>Change icon</Trans> : <Trans>Upload an icon</Trans>}
            <input
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => {
                void handleFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {values.icon && (
            <Button
              variant="ghost"
              size="sm"
              icon={<X className="size-4" aria-hidden />}
              onClick={() => set({ icon: null, iconChanged: true })}
            >
              <Trans>Remove icon</Trans>
            </Button>
          )}
        </div>
        {iconError && (
          <p role="alert" className="text-xs text-danger">
            {iconError}
          </p>
        )}
      </div>
    </div>
  );
}

/** Up to four starter prompts, offered as buttons when a chat with the assistant begins. */
function StarterFields({ starters, onChange }: { starters: string[]; onChange(starters: string[]): void }) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">
        <Trans>Conversation starters</Trans>
      </legend>
      <p className="-mt-1 text-xs text-muted">
        <Trans>Shown as buttons when a chat with the assistant begins. Leave the ones you do not need empty.</Trans>
      </p>
      {starters.map((starter, i) => {
        const n = i + 1;
        return (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: the four fields stay in place
            key={i}
            aria-label={t`Starter ${n}`}
            value={starter}
            maxLength={ASSISTANT_LIMITS.starterMax}
            placeholder={t`Starter ${n}`}
            onChange={(e) => onChange(starters.map((s, j) => (j === i ? e.target.value : s)))}
          />
        );
      })}
    </fieldset>
  );
}

/**
 * Creates or edits an assistant: name, emoji or icon, description, model, instructions, temperature and maximum output
 * tokens (as the model honours them), starters, web search and tools.
 */
export function AssistantForm({
  open,
  onOpenChange,
  assistant,
  renderTools,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The assistant to edit; none: a new one. */
  assistant?: Assistant;
  renderTools?: ToolsPicker;
  onSaved?(assistant: Assistant): void;
}) {
  const { t } = useLingui();
  const { catalogue, find } = useModels();
  const [values, setValues] = useState(() => initialValues(assistant, selectCurrentModel(usePreferences.getState())));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const create = useCreateAssistant();
  const update = useUpdateAssistant();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const set = (patch: Partial<AssistantFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const model = find(values.modelId);
  const offer = offeredFor(model);
  const { limitText } = offer;
  const modelName = model?.name ?? values.modelId;
  const searchId = useId();
  const errorOf = (field: FormProblem['field']) => (problem?.field === field ? problem.message : null);

  const handleSave = async () => {
    const request = requestOf(values, model);
    if (isProblem(request)) return setProblem(request);
    setProblem(null);
    try {
      const saved = assistant ? await update.mutateAsync({ id: assistant.id, ...request }) : await create.mutateAsync(request);
      onSaved?.(saved.assistant);
      onOpenChange(false);
    } catch {
      // The banner in the form says why.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      size="lg"
      title={assistant ? t`Edit assistant` : t`New assistant`}
      description={t`A model with its instructions, parameters, starters and tools, ready for any new chat.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={handleSave} loading={saving} data-testid="save-assistant">
            {assistant ? <Trans>Save</Trans> : <Trans>Create assistant</Trans>}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-5"
        data-testid="assistant-form"
        onSubmit={(e) => {
          e.preventDefault();
          void handleSave();
        }}
      >
        {failure && (
          <ErrorBanner
            message={failure.message}
            onDismiss={() => {
              create.reset();
              update.reset();
            }}
          />
        )}
        <Field label={t`Name`} error={errorOf('name')}>
          <Input value={values.name} maxLength={ASSISTANT_LIMITS.nameMax} required onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <PictureFields values={values} set={set} />
        <Field label={t`Description`} hint={t`What it is for, shown on its card.`}>
          <Textarea
            value={values.description}
            maxLength={ASSISTANT_LIMITS.descriptionMax}
            rows={2}
            className="min-h-16"
            onChange={(e) => set({ description: e.target.value })}
          />
        </Field>
        <Field label={t`Model`} error={errorOf('modelId')} hint={t`A chat with the assistant starts on this model.`}>
          <Select value={values.modelId} onChange={(e) => set({ modelId: e.target.value })}>
            {!model && <option value={values.modelId}>{values.modelId}</option>}
            <optgroup label={t`Text models`}>
              {catalogue.text_models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t`Image models`}>
              {catalogue.image_models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </optgroup>
          </Select>
        </Field>
        <Field label={t`Instructions`} hint={t`The system prompt of every chat started with it.`}>
          <Textarea
            value={values.instructions}
            maxLength={ASSISTANT_LIMITS.instructionsMax}
            rows={6}
            placeholder={t`You are a helpful assistant.`}
            onChange={(e) => set({ instructions: e.target.value })}
          />
        </Field>
        {(offer.temperature || offer.maxTokens) && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {offer.temperature && (
              <Field label={t`Temperature`} hint={t`0 to 2; empty for the model's default.`} error={errorOf('temperature')}>
                <Input
                  inputMode="decimal"
                  value={values.temperature}
                  placeholder={t`Default`}
                  onChange={(e) => set({ temperature: e.target.value })}
                />
              </Field>
            )}
            {offer.maxTokens && (
              <Field label={t`Maximum output tokens`} hint={t`Caps the length of each reply: ${limitText}.`} error={errorOf('maxTokens')}>
                <Input
                  inputMode="numeric"
                  value={values.maxTokens}
                  placeholder={t`Default`}
                  onChange={(e) => set({ maxTokens: e.target.value })}
                />
              </Field>
            )}
          </div>
        )}
        {model && !offer.temperature && (
          <p className="text-sm text-muted">
            <Trans>{modelName} sets its own temperature, so none is offered here.</Trans>
          </p>
        )}
        <StarterFields starters={values.starters} onChange={(starters) => set({ starters })} />
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor={searchId} className="text-sm font-medium text-fg">
              <Trans>Search the web</Trans>
            </label>
            <p className="text-xs text-muted">
              {model && model.type === 'text' && !model.web_search ? (
                <Trans>{modelName} does not offer web search: the switch applies once another model is chosen.</Trans>
              ) : (
                <Trans>
                  Replies search the web and cite their sources; with tools, the model searches when it needs to (each search adds its
                  credits).
                </Trans>
              )}
            </p>
          </div>
          <Switch id={searchId} checked={values.webSearch} onCheckedChange={(on) => set({ webSearch: on })} />
        </div>
        {renderTools?.({ selected: values.serverIds, onChange: (serverIds) => set({ serverIds }), model })}
      </form>
    </Dialog>
  );
}
