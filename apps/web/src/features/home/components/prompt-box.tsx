import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUp } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { AspectRatioPicker } from '@/components/aspect-ratio-picker';
import { ModelPicker } from '@/components/model-picker';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { usePreferences } from '@/features/preferences';
import { useHomeModels } from '../hooks/use-home-models';
import { useHomeSubmit } from '../hooks/use-home-submit';
import { ModeToggle } from './mode-toggle';

/** The home prompt: text, Text/Image mode, a model from the shortlist, and (for images) the shape. */
export function PromptBox() {
  const { t } = useLingui();
  const [prompt, setPrompt] = useState('');
  const { type, setType, models, current, select } = useHomeModels();
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  const { submit, loading, error, clearError } = useHomeSubmit();
  const canSend = prompt.trim().length > 0 && !loading && Boolean(current);

  const send = () => {
    if (!current) return;
    void submit(prompt, current.id);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t`Start a conversation`} className="w-full">
      <div className="rounded-3xl border border-border bg-elevated/90 p-2 shadow-2xl shadow-black/20 ring-1 ring-white/5 backdrop-blur-sm transition focus-within:border-accent/60">
        <label htmlFor="home-prompt" className="sr-only">
          <Trans>Prompt</Trans>
        </label>
        <textarea
          id="home-prompt"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={type === 'image' ? t`Describe the image you want to create...` : t`Ask me anything...`}
          rows={2}
          className="block max-h-[180px] min-h-[66px] w-full resize-none bg-transparent px-3.5 pt-3 pb-2 text-body text-fg placeholder:text-subtle focus:outline-none field-sizing-content"
        />
        <div className="flex flex-wrap items-center gap-2 px-1.5 pb-1">
          <ModeToggle value={type} onChange={setType} disabled={loading} />
          <ModelPicker
            models={models}
            value={current?.id}
            onChange={select}
            label={type === 'image' ? t`Image model` : t`Text model`}
            disabled={loading}
            testId="home-model"
          />
          {type === 'image' && (
            <AspectRatioPicker
              value={aspectRatio}
              onChange={(r) => usePreferences.getState().setAspectRatio(r)}
              disabled={loading}
              compact
            />
          )}
          <button
            type="submit"
            aria-label={t`Send`}
            disabled={!canSend}
            className="ms-auto inline-flex size-10 items-center justify-center rounded-xl bg-accent-fill text-on-accent-fill shadow-sm transition hover:brightness-110 disabled:opacity-40"
          >
            {loading ? <Spinner size="sm" /> : <ArrowUp aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      {error && <ErrorBanner className="mt-3" message={error} onDismiss={clearError} />}
    </form>
  );
}
