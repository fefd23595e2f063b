import { type ArenaOutcome, type ArenaSlotName, type ArenaStartRequest, type ArenaStatus, MESSAGES } from '@ensemble/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { stopReply } from '@/features/chat/api/stop-reply';
import { useSession } from '@/features/session';
import { ApiError, isCreditsError } from '@/lib/api-client';
import { announceCredits, fetchCredits } from '@/lib/credits';
import { arenaStatus } from '../api/arena-status';
import { startArena } from '../api/start-arena';
import { voteArena } from '../api/vote-arena';
import type { BlindComparison, BlindKind, BlindNotice, BlindSlot } from '../blind-types';
import { IMAGE_POLLING, TEXT_POLLING, pictureSlot, readTextSlots, settledStatus } from '../follow-blind-slots';

const idle = (kind: BlindKind): BlindComparison => ({ kind, phase: 'idle', comparisonId: null, slots: [], cost: 0, demo: false });

// The meter shows the balance the server has now: one figure for the whole comparison, never one per slot.
async function refreshBalance(): Promise<void> {
  try {
    announceCredits((await fetchCredits()).remaining);
  } catch {
    // The meter refreshes on its own later.
  }
}

// Why the server voided a comparison, as this side saw it: a slot the user stopped wins over the server's word.
const voidReasonOf = (stopped: boolean, status: ArenaStatus | null) => (stopped ? 'stopped' : (status?.void_reason ?? 'failed'));

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : MESSAGES.processRequest);

/**
 * A blind comparison (issue 41) of text replies or of pictures: started by the server; each text slot's reply read
 * from its stream, or status.php asked until each picture is drawn; then (once the server says every slot is
 * complete) one vote, which the server answers with the reveal. Stopping a reply, or a slot failing, voids the
 * comparison: no vote.
 */
export function useBlindComparison(kind: BlindKind = 'text') {
  const { user } = useSession();
  const actionHref = user ? '/upgrade' : '/signup';
  const [comparison, setComparison] = useState<BlindComparison>(() => idle(kind));
  const [notice, setNotice] = useState<BlindNotice | null>(null);
  const run = useRef<AbortController | null>(null);
  const stops = useRef(new Set<ArenaSlotName>());
  // One vote per comparison, even from a double click.
  const voted = useRef(false);

  useEffect(() => () => run.current?.abort(), []);

  /** Starts a comparison (the previous one, if still running, is left to the server). */
  const start = useCallback(
    async (request: ArenaStartRequest) => {
      run.current?.abort();
      const controller = new AbortController();
      const { signal } = controller;
      run.current = controller;
      stops.current = new Set();
      voted.current = false;
      setNotice(null);
      setComparison({ ...idle(kind), phase: 'starting' });
      const update = (change: (slots: BlindSlot[]) => BlindSlot[]) =>
        !signal.aborted && setComparison((c) => ({ ...c, slots: change(c.slots) }));
      const patch = (slot: ArenaSlotName, change: Partial<BlindSlot>) =>
        update((slots) => slots.map((s) => (s.slot === slot ? { ...s, ...change } : s)));
      const showPictures = (status: ArenaStatus) =>
        update((slots) =>
          slots.map((s) =>
            pictureSlot(
              s,
              status.slots.find((state) => state.slot === s.slot),
            ),
          ),
        );

      let started: Awaited<ReturnType<typeof startArena>>;
      try {
        started = await startArena(request, signal);
      } catch (error) {
        if (signal.aborted) return;
        setComparison(idle(kind));
        const credits = isCreditsError(error);
        if (credits && error.creditsInfo) announceCredits(Math.max(0, error.creditsInfo.remaining));
        setNotice({ message: errorText(error), variant: credits ? 'credits' : 'error', ...(credits ? { actionHref } : {}) });
        return;
      }
      if (signal.aborted) return;
      void refreshBalance();
      const { comparison_id: comparisonId } = started;
      setComparison({
        kind,
        phase: 'running',
        comparisonId,
        cost: started.cost,
        demo: started.demo,
        slots: started.slots.map((s) => ({
          slot: s.slot,
          status: 'loading',
          content: '',
          ...(kind === 'text' ? { streamId: s.stream_id } : {}),
        })),
      });

      // Text: every reply read to its end on this side first. Images: the server's word on each picture is all there is.
      let complete: boolean[] | null = null;
      let status: ArenaStatus;
      try {
        if (kind === 'text') {
          complete = await readTextSlots(started.slots, patch, (slot) => stops.current.has(slot), signal);
          if (signal.aborted) return;
          status = await settledStatus(comparisonId, signal, TEXT_POLLING);
        } else status = await settledStatus(comparisonId, signal, { ...IMAGE_POLLING, onStatus: showPictures });
      } catch (error) {
        if (signal.aborted) return;
        setComparison((c) => ({ ...c, phase: 'unsettled' }));
        setNotice({ message: errorText(error), variant: 'error' });
        return;
      }
      if (signal.aborted) return;
      if (status.state === 'void') {
        const reason = voidReasonOf(stops.current.size > 0, status);
        // A failed comparison gave every credit back.
        if (reason === 'failed') void refreshBalance();
        setComparison((c) => ({ ...c, phase: 'void', voidReason: reason }));
      } else if (status.state === 'voted') {
        voted.current = true;
        setComparison((c) => ({ ...c, phase: 'voted' }));
      } else {
        const everySlot = complete ? complete.every(Boolean) : status.slots.every((s) => s.state === 'complete' && s.image_url);
        setComparison((c) => ({ ...c, phase: status.state === 'ready' && everySlot ? 'ready' : 'unsettled' }));
      }
    },
    [actionHref, kind],
  );

  /** Stops one slot's reply: the comparison can no longer be voted on. */
  const stop = useCallback((slot: BlindSlot) => {
    if (!slot.streamId || stops.current.has(slot.slot)) return;
    stops.current.add(slot.slot);
    stopReply(slot.streamId).catch(() => {
      stops.current.delete(slot.slot);
      setNotice({ message: MESSAGES.processRequest, variant: 'error' });
    });
  }, []);

  const { phase, comparisonId } = comparison;
  /** Casts the comparison's one vote; the answer reveals the models. */
  const vote = useCallback(
    async (outcome: ArenaOutcome) => {
      if (phase !== 'ready' || comparisonId === null || voted.current) return;
      voted.current = true;
      setNotice(null);
      setComparison((c) => ({ ...c, phase: 'voting', outcome }));
      try {
        const reveal = await voteArena(comparisonId, outcome);
        setComparison((c) => (c.comparisonId === comparisonId ? { ...c, phase: 'voted', outcome, reveal } : c));
      } catch (error) {
        // Refused (409): the server's state says whether a vote may still come (an image comparison expires in a day).
        let status: ArenaStatus | null = null;
        if (error instanceof ApiError && error.httpStatus === 409) status = await arenaStatus(comparisonId).catch(() => null);
        const state = status?.state;
        voted.current = state === 'voted' || state === 'void';
        setComparison((c) =>
          c.comparisonId !== comparisonId
            ? c
            : state === 'void'
              ? { ...c, phase: 'void', outcome: undefined, voidReason: voidReasonOf(stops.current.size > 0, status) }
              : { ...c, phase: state === 'voted' ? 'voted' : 'ready', outcome: undefined },
        );
        setNotice({ message: errorText(error), variant: 'error' });
      }
    },
    [phase, comparisonId],
  );

  return { comparison, notice, dismissNotice: () => setNotice(null), start, stop, vote };
}
