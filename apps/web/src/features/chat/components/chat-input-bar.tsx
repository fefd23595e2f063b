import { UI } from '@ensemble/shared';
import { ArrowUp, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ModelPicker } from '@/components/model-picker';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { modelsInOrder, useModels } from '@/lib/models';
import type { SendRequest } from '../types';
import { AspectRatioPicker } from '@/components/aspect-ratio-picker';
import { TypeToggle } from './type-toggle';

/**
 * The input bar: a textarea ('Ask me anything...', Enter sends, Shift+Enter adds a line, 66 px
 * growing to 180 px, cleared after sending), the Text/Image toggle, the model dropdown over the
 * shortlist and, for images, the aspect ratio. While a reply streams, Stop replaces the send
 * button and Escape stops it too, from anywhere on the page.
 */
export function ChatInputBar({
  onSend,
  disabled,
  streaming = false,
  onStop,
}: {
  onSend(request: SendRequest): void;
  disabled?: boolean;
  streaming?: boolean;
  onStop?(): void;
}) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const navigate = useNavigate();
  const { catalogue, find } = useModels();
  const messageType = usePreferences((s) => s.messageType);
  const model = usePreferences(selectCurrentModel);
  const shortlist = usePreferences((s) => s.modelShortlist);
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  const { setMessageType, selectModel, setAspectRatio } = usePreferences.getState();

  const options = modelsInOrder(catalogue, shortlist, messageType);
  const current = find(model, messageType);
  if (current && !options.some((m) => m.id === current.id)) options.unshift(current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(UI.textareaMaxPx, Math.max(UI.textareaMinPx, el.scrollHeight))}px`;
  }, [text]);

  // Escape stops only while a reply streams; otherwise it is left to other handlers (such as skipping the typing effect).
  useEffect(() => {
    if (!streaming || !onStop) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      onStop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [streaming, onStop]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const prompt = text.trim();
    if (!prompt || disabled || streaming) return;
    onSend({ prompt, model, type: messageType, aspectRatio });
    setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      className="rounded-2xl border border-border bg-surface shadow-sm focus-within:border-accent/60"
      data-testid="chat-input-bar"
    >
      <textarea
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={handleKeyDown}
        placeholder="Ask me anything..."
        aria-label="Message"
        rows={2}
        style={{ minHeight: UI.textareaMinPx, maxHeight: UI.textareaMaxPx }}
        className="block w-full resize-none overflow-y-auto bg-transparent px-4 pt-3 pb-1 text-body text-fg outline-none placeholder:text-subtle"
      />
      <div className="flex flex-wrap items-center gap-2 px-2 pb-2">
        <TypeToggle value={messageType} onChange={setMessageType} />
        <ModelPicker
          models={options}
          value={model}
          onChange={(id) => selectModel(id)}
          onAllModels={() => navigate('/settings', { state: { scrollToFirstHeading: true } })}
          testId="chat-model-picker"
          className="max-w-[13rem]"
        />
        {messageType === 'image' && <AspectRatioPicker value={aspectRatio} onChange={setAspectRatio} />}
        {streaming && onStop ? (
          <button
            type="button"
            aria-label="Stop reply"
            title="Stop (Esc)"
            onClick={onStop}
            className="ml-auto inline-flex size-9 items-center justify-center rounded-xl bg-fg text-surface shadow-sm transition hover:brightness-110"
          >
            <Square className="size-3.5 fill-current" aria-hidden />
          </button>
        ) : (
          <button
            type="submit"
            aria-label="Send message"
            disabled={!text.trim() || disabled}
            className="ml-auto inline-flex size-9 items-center justify-center rounded-xl bg-accent-fill text-on-accent-fill shadow-sm transition hover:brightness-110 disabled:opacity-40"
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
        )}
      </div>
    </form>
  );
}
