import { type AttachmentInfo, GUEST_USER_ID, LIMITS, MESSAGES, acceptsImages, attachmentsCost, modelCost } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import { useCallback, useRef, useState } from 'react';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { emitBrowserEvent } from '@/lib/browser-events';
import { useModels } from '@/lib/models';
import { checkCredits } from '../api/check-credits';
import { stopReply } from '@/features/chat/api/stop-reply';
import { runSlot, StreamGone } from '../run-slot';
import type { CompareSlot, SlotAsk, SlotSearch } from '../types';
import { slotSearchCost } from '../slot-search';
import { validateComparison } from '../validate-comparison';
import { specText } from '@/i18n/server-messages';

/** A page-level message: validation texts, or a refused credit pre-check with its action link. */
export interface CompareNotice {
  message: string;
  variant: 'error' | 'credits';
  actionHref?: string;
}

function initialSlots(shortlist: readonly string[], textIds: Set<string>): CompareSlot[] {
  const picks = shortlist.filter((id) => textIds.has(id));
  return Array.from({ length: LIMITS.comparisonSlots }, (_, i) => ({
    slotId: `slot-${i}` as const,
    model: picks[i] ?? null,
    status: 'idle' as const,
    content: '',
    prompt: '',
  }));
}

/** The comparison: three slots, one prompt, each slot streamed on its own (screens.md 'Model comparison'). */
export function useComparison() {
  const { user } = useSession();
  const isGuest = !user;
  const userId = user?.id ?? GUEST_USER_ID;
  const { catalogue, find } = useModels();
  const shortlist = usePreferences((s) => s.modelShortlist);
  const [slots, setSlots] = useState<CompareSlot[]>(() => initialSlots(shortlist, new Set(catalogue.text_models.map((m) => m.id))));
  const [notice, setNotice] = useState<CompareNotice | null>(null);
  const runs = useRef(new Map<string, AbortController>());
  // Slots whose Stop was pressed (their reply ends with what came so far).
  const stops = useRef(new Set<string>());
  const actionHref = isGuest ? '/signup' : '/upgrade';

  const patch = useCallback((slotId: string, change: Partial<CompareSlot>) => {
    setSlots((list) => list.map((s) => (s.slotId === slotId ? { ...s, ...change } : s)));
  }, []);

  const start = useCallback(
    (slot: CompareSlot, ask: SlotAsk, resumeStreamId?: string) => {
      const model = find(slot.model, 'text');
      if (!model) return;
      runs.current.get(slot.slotId)?.abort();
      const controller = new AbortController();
      runs.current.set(slot.slotId, controller);
      stops.current.delete(slot.slotId);
      patch(slot.slotId, {
        status: 'loading',
        content: '',
        prompt: ask.prompt,
        attachmentIds: ask.attachmentIds,
        webSearch: ask.webSearch,
        error: undefined,
        completionStats: undefined,
        note: undefined,
        figures: undefined,
        search: undefined,
        streamId: undefined,
      });
      const callbacks = {
        onDelta: (soFar: string) => !controller.signal.aborted && patch(slot.slotId, { status: 'streaming', content: soFar }),
        onFallback: (note: string) => !controller.signal.aborted && patch(slot.slotId, { note }),
        onCredits: (credits: number) => emitBrowserEvent('creditUpdate', { credits }),
        onStream: (streamId: string) => !controller.signal.aborted && patch(slot.slotId, { streamId }),
        onSearch: (search: SlotSearch) => !controller.signal.aborted && patch(slot.slotId, { search }),
        stopped: () => stops.current.has(slot.slotId),
      };
      const run = () => runSlot(model, ask, userId, callbacks, controller.signal, resumeStreamId);
      // A stream the server has dropped (its grace period passed) needs a new, charged generation.
      void run()
        .catch((error) => {
          if (error instanceof StreamGone && !controller.signal.aborted) return runSlot(model, ask, userId, callbacks, controller.signal);
          throw error;
        })
        .then((outcome) => {
          if (controller.signal.aborted) return;
          runs.current.delete(slot.slotId);
          if (!('message' in outcome))
            patch(slot.slotId, {
              status: outcome.status,
              streamId: undefined,
              content: outcome.content,
              completionStats: outcome.completionStats,
              note: outcome.note,
              figures: outcome.figures,
              search: outcome.search,
            });
          else
            patch(slot.slotId, {
              status: outcome.status,
              streamId: outcome.streamId,
              error: { message: outcome.message, ...(outcome.status === 'credits_exhausted' ? { actionHref } : {}) },
            });
        });
    },
    [actionHref, find, patch, userId],
  );

  /**
   * Checks the request and the balance for every chosen model, then runs the slots side by side, each sending the files.
   * With `webSearch`, each slot whose model offers search searches first and pays its own surcharge.
   */
  const compare = useCallback(
    async (prompt: string, files: readonly AttachmentInfo[] = [], webSearch = false) => {
      const problem = validateComparison(
        slots.map((s) => s.model),
        prompt,
        catalogue,
      );
      if (problem) {
        setNotice({ message: problem, variant: 'error' });
        return;
      }
      const chosen = slots.filter((s) => s.model);
      // Every model reads the files, so each slot sends them and is charged for them.
      const image = files.find((f) => f.kind === 'image');
      const blind = image ? chosen.map((s) => find(s.model, 'text')).find((m) => m && !acceptsImages(m)) : undefined;
      if (image && blind) {
        const modelName = blind.name;
        const fileName = image.name;
        setNotice({
          message: t`${modelName} cannot see images; remove "${fileName}" or choose a model that accepts images`,
          variant: 'error',
        });
        return;
      }
      const need = chosen.reduce((sum, s) => {
        const model = find(s.model, 'text');
        return sum + modelCost(model) + (model ? attachmentsCost(model, files.length) : 0) + slotSearchCost(model, webSearch);
      }, 0);
      try {
        const check = await checkCredits(need);
        const have = check.credits_info.remaining;
        if (check.status === 'credits_exhausted' || have < need) {
          emitBrowserEvent('creditUpdate', { credits: Math.max(0, have) });
          // One model keeps the spec's wording; several are named as the total they cost together.
          const single = chosen.length === 1;
          const code = isGuest
            ? single
              ? 'insufficientGuestCredits'
              : 'insufficientGuestCompareCredits'
            : single
              ? 'insufficientCredits'
              : 'insufficientCompareCredits';
          const message = specText(code, { need, have }, MESSAGES[code](need, have));
          setNotice({ message, variant: 'credits', actionHref });
          return;
        }
      } catch (error) {
        setNotice({ message: error instanceof Error && error.message ? error.message : MESSAGES.processRequest, variant: 'error' });
        return;
      }
      setNotice(null);
      const ask = { prompt: prompt.trim(), attachmentIds: files.map((f) => f.id), ...(webSearch ? { webSearch } : {}) };
      for (const slot of chosen) start(slot, ask);
    },
    [actionHref, catalogue, find, isGuest, slots, start],
  );

  /** Picks a slot's model (null empties it); its previous result is cleared. */
  const setModel = useCallback(
    (slotId: string, model: string | null) => {
      runs.current.get(slotId)?.abort();
      runs.current.delete(slotId);
      patch(slotId, {
        model,
        status: 'idle',
        content: '',
        error: undefined,
        completionStats: undefined,
        note: undefined,
        figures: undefined,
        search: undefined,
        streamId: undefined,
      });
    },
    [patch],
  );

  /** Stops one slot's streaming reply (the others go on). */
  const stop = useCallback((slot: CompareSlot) => {
    if (!slot.streamId || stops.current.has(slot.slotId)) return;
    stops.current.add(slot.slotId);
    stopReply(slot.streamId).catch(() => {
      stops.current.delete(slot.slotId);
      setNotice({ message: MESSAGES.processRequest, variant: 'error' });
    });
  }, []);

  /** Runs one errored slot again: first by re-attaching to its reply's stream (free), else anew. */
  const retry = useCallback(
    (slot: CompareSlot) =>
      start(slot, { prompt: slot.prompt, attachmentIds: slot.attachmentIds ?? [], webSearch: slot.webSearch }, slot.streamId),
    [start],
  );

  const running = slots.some((s) => s.status === 'loading' || s.status === 'streaming');
  return { slots, notice, dismissNotice: () => setNotice(null), compare, setModel, retry, stop, running };
}
