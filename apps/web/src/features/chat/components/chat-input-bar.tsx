import { UI, acceptsImages, callsTools, webSearchCost } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { ArrowUp, Square, Wrench } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import {
  memo,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { AttachButton, FilesToSend, useAttachments } from '@/features/attachments';
import { useLocation, useNavigate } from 'react-router';
import { isConnected } from '@/lib/connection';
import { sharedFileCount, sharedText, takeSharedFiles, withoutSharedText } from '../shared-text';
import { QUERY_READ } from '../hooks/use-thread-routing';
import { ModelPicker } from '@/components/model-picker';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { modelsInOrder, useModels } from '@/lib/models';
import type { SendRequest } from '../types';
import { AspectRatioPicker } from '@/components/aspect-ratio-picker';
import { WebSearchToggle } from '@/components/web-search-toggle';
import { TypeToggle } from './type-toggle';

// The prompt library's picker loads with the first "/" typed into the empty box, not with the chat.
const PromptPicker = lazy(async () => ({ default: (await import('@/features/prompts/components/prompt-picker')).PromptPicker }));

/** Whether the browser grows a textarea with its text itself (CSS `field-sizing: content`). */
const SIZES_TO_TEXT = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * The input bar: a textarea ('Ask me anything...', Enter sends, Shift+Enter adds a line, 66 px
 * growing to 180 px, cleared after sending), the Text/Image toggle, the model dropdown over the
 * shortlist and, for images, the aspect ratio. While a reply streams, Stop replaces the send
 * button and Escape stops it too, from anywhere on the page.
 */
export const ChatInputBar = memo(function ChatInputBar({
  onSend,
  disabled,
  streaming = false,
  onStop,
  webSearch = false,
  onWebSearchChange,
  toolSteps,
}: {
  onSend(request: SendRequest): void;
  disabled?: boolean;
  streaming?: boolean;
  onStop?(): void;
  /** The thread's "Search the web" switch (issue 38), shown for the rows that offer search. */
  webSearch?: boolean;
  onWebSearchChange?(on: boolean): void;
  /** The thread has tool servers (issue 40): a reply may take up to this many model steps, each charged. */
  toolSteps?: number;
}) {
  const { t } = useLingui();
  const location = useLocation();
  // Text shared from another app (the installed app's share target) is waiting in the box, to edit and send.
  const [text, setText] = useState(() => sharedText(location.search));
  const [offlineNote, setOfflineNote] = useState(false);
  const [dragging, setDragging] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const [picking, setPicking] = useState(false);
  const pickerKeys = useRef<(event: KeyboardEvent<HTMLTextAreaElement>) => boolean>(undefined);
  const files = useAttachments();
  const navigate = useNavigate();
  const { catalogue, find } = useModels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first render
  useEffect(() => {
    const search = location.search;
    // What was shared starts a new chat; a message sent before this address commits is kept (QUERY_READ).
    if (sharedText(search) || sharedFileCount(search)) {
      navigate({ pathname: '/thread/new', search: withoutSharedText(search) }, { replace: true, state: QUERY_READ });
    }
    // Shared files are attached as if dropped here (text messages take attachments).
    if (sharedFileCount(search)) {
      void takeSharedFiles().then((shared) => {
        if (shared.length === 0) return;
        if (usePreferences.getState().messageType !== 'text') usePreferences.getState().setMessageType('text');
        void files.add(shared);
      });
    }
  }, []);
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
    // Where CSS sizes the box to its text (field-sizing), nothing to measure: measuring would force the page's first
    // layout inside the first render.
    if (!el || SIZES_TO_TEXT) return;
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

  // Attachments go with text messages; while an image is attached, models that cannot see it are greyed.
  const canAttach = messageType === 'text';
  const hasImage = files.attached.some((a) => a.kind === 'image');
  const unavailable = (m: { input?: ('text' | 'image')[] }) =>
    hasImage && !acceptsImages(m) ? t`Cannot see images: remove the attached image to use it` : null;
  const currentBlocked = canAttach && current ? unavailable(current) : null;
  const blockedModel = current?.name ?? t`This model`;
  const sendable = (text.trim() || (canAttach && files.attached.length > 0)) && files.uploading === 0 && !currentBlocked;
  // Search is offered by the row (models.php says which); the switch keeps its state for rows that do not.
  const searchable = messageType === 'text' && current?.web_search === true && Boolean(onWebSearchChange);
  const searching = searchable && webSearch;
  const searchCost = current ? webSearchCost(current) : 1;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!sendable || disabled || streaming) return;
    // Known to be offline: nothing goes out and the text stays in the box, to send once the connection is back.
    if (!isConnected()) {
      setOfflineNote(true);
      return;
    }
    setOfflineNote(false);
    const attachments = canAttach ? files.attached : [];
    const prompt = text.trim() || t`Please look at the attached files.`;
    onSend({
      prompt,
      model,
      type: messageType,
      aspectRatio,
      ...(attachments.length ? { attachments } : {}),
      ...(searching ? { webSearch: true } : {}),
    });
    setText('');
    files.clear();
  };

  const addFiles = (list: FileList | File[] | null | undefined) => {
    if (!canAttach || !list || list.length === 0) return;
    void files.add([...list]);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!canAttach || event.clipboardData.files.length === 0) return;
    event.preventDefault();
    addFiles(event.clipboardData.files);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    setDragging(false);
    if (!canAttach || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    addFiles(event.dataTransfer.files);
  };
  const onDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!canAttach || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (pickerKeys.current?.(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      onDrop={onDrop}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      className={`relative rounded-2xl border bg-surface shadow-sm focus-within:border-accent/60 ${dragging ? 'border-accent' : 'border-border'}`}
      data-testid="chat-input-bar"
    >
      {picking && text[0] === '/' && (
        <Suspense>
          <PromptPicker
            box={area}
            query={text.slice(1)}
            keys={pickerKeys}
            onPick={(picked) => {
              setPicking(false);
              setText(picked);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
      {canAttach ? <FilesToSend files={files} className="px-3 pt-3" /> : null}
      {offlineNote && !isConnected() ? (
        <p className="px-4 pt-2 text-sm text-danger" role="alert" data-testid="offline-send-note">
          {t`You are offline. Sending needs a connection; your message stays here.`}
        </p>
      ) : null}
      {files.error || currentBlocked ? (
        <p className="px-4 pt-2 text-sm text-danger" role="alert" data-testid="attachment-error">
          {files.error ?? t`${blockedModel} cannot see images: remove the attached image or choose another model`}
        </p>
      ) : null}
      <textarea
        ref={area}
        value={text}
        onChange={(e) => {
          const value = e.target.value;
          // A "/" typed into the empty box opens the prompt picker; what follows it filters the prompts.
          setPicking((open) => (open || (!text && value === '/')) && value[0] === '/');
          setText(value);
        }}
        onKeyDown={handleKeyDown}
        onPaste={onPaste}
        placeholder={t`Ask me anything...`}
        aria-label={t`Message`}
        data-message-box="chat"
        rows={2}
        style={{ minHeight: UI.textareaMinPx, maxHeight: UI.textareaMaxPx }}
        className="block w-full resize-none field-sizing-content overflow-y-auto bg-transparent px-4 pt-3 pb-1 text-body text-fg outline-none placeholder:text-subtle"
      />
      <div className="flex flex-wrap items-center gap-2 px-2 pb-2">
        <TypeToggle value={messageType} onChange={setMessageType} />
        {canAttach ? <AttachButton title={t`Attach images, PDFs or text files (or paste, or drop them here)`} onFiles={addFiles} /> : null}
        <ModelPicker
          models={options}
          value={model}
          onChange={(id) => selectModel(id)}
          onAllModels={() => navigate('/settings', { state: { scrollToFirstHeading: true } })}
          testId="chat-model-picker"
          className="max-w-[13rem]"
          unavailable={canAttach ? unavailable : undefined}
        />
        {messageType === 'image' && <AspectRatioPicker value={aspectRatio} onChange={setAspectRatio} />}
        {searchable && <WebSearchToggle on={searching} cost={searchCost} onChange={() => onWebSearchChange?.(!webSearch)} />}
        {messageType === 'text' && toolSteps && current && callsTools(current) ? (
          <span
            className="inline-flex items-center gap-1 rounded-lg border border-border px-2 py-1 text-xs text-muted"
            data-testid="tool-steps-hint"
            title={t`Each step is charged the model's cost when it starts.`}
          >
            <Wrench className="size-3.5" aria-hidden />
            {t`${plural(toolSteps, { one: `up to ${toolSteps} step`, other: `up to ${toolSteps} steps` })}`}
          </span>
        ) : null}
        {streaming && onStop ? (
          <button
            type="button"
            aria-label={t`Stop reply`}
            title={t`Stop (Esc)`}
            onClick={onStop}
            className="ms-auto inline-flex size-9 items-center justify-center rounded-xl bg-fg text-surface shadow-sm transition hover:brightness-110"
          >
            <Square className="size-3.5 fill-current" aria-hidden />
          </button>
        ) : (
          <button
            type="submit"
            aria-label={t`Send message`}
            disabled={!sendable || disabled}
            className="ms-auto inline-flex size-9 items-center justify-center rounded-xl bg-accent-fill text-on-accent-fill shadow-sm transition hover:brightness-110 disabled:opacity-40"
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
        )}
      </div>
    </form>
  );
});
