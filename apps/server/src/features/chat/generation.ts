import { AppError, MESSAGES, type MessageMetadata, type ModelEntry, type ReplyFigures, type ToolStep, streamError } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { executeHot, now } from '../../db/connection.js';
import { type SqliteProcedure, callProcedure, installProcedure } from '../../db/sqlite-procedures.js';
import { type Candidate, fallbackNote, streamFirstAvailable } from '../../providers/fallback.js';
import type { NativeSearchOutcome } from '../../providers/native-search.js';
import { ProviderError, type ChatTurn, type TokenUsage, type ToolCallRequest, type ToolRound } from '../../providers/types.js';
import type { ResolvedChain } from '../catalogue/service.js';
import { deleteMessageRow, findMessage, messageUpdate, metadataCredits, updateMessage } from '../messages/store.js';
import type { Identity } from '../session/service.js';
import { exhaustedText, getBalance, insufficientText } from '../credits/service.js';
import { chargeMore, markDelivered, refundPart, settleCharge } from './open-charges.js';
import { replySaves } from './reply-saves.js';
import type { StopReason } from './running.js';
import type { StreamHub } from './stream-hub.js';
import { countProviderError, observeFirstToken, replyStarted } from '../../metrics/metrics.js';
import { noteFailedReply } from '../rollups/rollups.js';
import { retryWhileUnavailable } from '../../plugins/dependency-outage.js';
import { type ReplyOutcome, outcomeInsert, outcomeValues, pruneOutcomes, recordOutcome } from '../admin/provider-outcomes.js';
import { runWebSearch, type SearchBackend, type WebSearchSettings } from '../web-search/backend.js';
import { searchQuery, searchResultsPrompt, searchToolResult, type WebSource } from '../web-search/own-search.js';
import { type ReplyTools, type ToolOutcome, forgetDecisions, runToolCall, searchArgument } from './tool-loop.js';

const SAVE_EVERY_MS = 1000;
/** How long a reply's final save is tried again while the database does not answer, before the sweep is left to it. */
const FINAL_SAVE_RETRY_MS = 30_000;
// PostgreSQL refuses NUL in text; a provider may still send one.
const NUL = String.fromCharCode(0);

export interface TextJob {
  streamId: string;
  /** The open charge this job settles when it ends. */
  reference: string;
  who: Identity;
  model: ModelEntry;
  resolved: ResolvedChain;
  turns: ChatTurn[];
  /** The assistant message being written, or null for a comparison without a thread. */
  messageId: number | null;
  cost: number;
  /** Credits of the message's attachments, part of `cost`, kept whichever row answers. */
  keptCost?: number;
  /** The thread's temperature and maximum output tokens (null: the model's default). */
  params?: { temperature: number | null; maxOutputTokens: number | null; stopSequences?: string[] | null };
  /** When the request arrived (performance.now()), for the time to first token. */
  startedAt?: number;
  /** Aborted by Stop (reason `stop`) or at the end of a drain (reason `drain`). */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /**
   * Search the web (issue 38): first, or as a tool in a reply with tools (`tools.webSearch`, issue 40). One search's
   * surcharge is part of `cost` and `keptCost`, given back when no search runs.
   */
  search?: { backend: SearchBackend; cost: number; settings: WebSearchSettings; prompt: string; threadTitle: string | null };
  /** Tools the model may call, in up to `maxSteps` model steps, each charged the row's cost when it starts (issue 40). */
  tools?: ReplyTools;
  /** A blind arena reply (issue 41): its stream carries no figures, and the demo names no model. */
  blind?: boolean;
}

/** What a reply's search ran and found, as its metadata keeps it. */
export type SearchMetadata = { searched: string[]; sources: WebSourceRef[]; search_suggestions?: string };
type WebSourceRef = { url: string; title: string };

/** Roughly four characters a token: the estimate shown when a provider reports no usage. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** What a message records when a fallback row answered it. */
export type FallbackMetadata = { answered_by: string; fallback_note: string };

/**
 * After a fallback answered: charges its cost, never more than the price shown (a cheaper fallback
 * gives the difference back in the same ledger, a dearer one is absorbed), and returns the note.
 */
export async function settleFallback(
  ctx: AppContext,
  who: Identity,
  chosen: ModelEntry,
  answered: ModelEntry,
  charged: number,
  reference: string,
  kept = 0,
  /** Model steps the reply took (issue 40), each owed at the answering row's cost. */
  steps = 1,
): Promise<FallbackMetadata | undefined> {
  const note = fallbackNote(chosen, answered);
  if (!note) return undefined;
  const owed = answered.cost * steps + kept;
  if (owed < charged) await refundPart(ctx.db, reference, who, charged - owed, chosen.id);
  return { answered_by: answered.id, fallback_note: note };
}

/**
 * Runs a reply's web search before the model is asked (issue 38): "Searched: …" and then the sources go out on the
 * stream. A search that cannot run (the backend down or slow) does not fail the reply: the model answers without it
 * and the search's surcharge goes back in the same ledger. Stop during the search stops the reply as usual.
 */
async function searchFirst(
  ctx: AppContext,
  hub: StreamHub,
  job: TextJob,
  signal: AbortSignal,
): Promise<{ query: string; sources: WebSource[] } | null> {
  const search = job.search;
  if (!search) return null;
  const query = searchQuery(search.prompt, search.threadTitle);
  hub.push(job.streamId, { type: 'search', query });
  try {
    if (search.backend === 'provider') return null;
    const found = await runWebSearch(search.backend, search.settings, { prompt: search.prompt, threadTitle: search.threadTitle, signal });
    hub.push(job.streamId, { type: 'sources', sources: found.sources.map(({ url, title }) => ({ url, title })) });
    return found;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    job.log.warn({ err: error, streamId: job.streamId, backend: search.backend }, 'web search failed; answering without it');
    await refundSearch(ctx, job);
    return null;
  }
}

/** Gives a reply's search surcharge back in the same ledger (no search ran), while its charge is still open. */
async function refundSearch(ctx: AppContext, job: TextJob): Promise<void> {
  const search = job.search;
  if (!search || search.cost <= 0) return;
  await refundPart(ctx.db, job.reference, job.who, search.cost, job.model.id);
  job.cost -= search.cost;
  job.keptCost = (job.keptCost ?? 0) - search.cost;
}

/**
 * A provider's own search (issue 38): its queries go out as "Searched: …" while the reply streams. At the end, its
 * citations become [n] markers: readers are sent back to where the cited text first differs from what they got and
 * given the rest, so every reader ends with the text that is saved. The sources follow. When the provider ran no
 * search (or could not: a fallback row without one answered), the surcharge goes back.
 */
function providerSearch(hub: StreamHub, job: TextJob) {
  const queries: string[] = [];
  let outcome: NativeSearchOutcome | undefined;
  const request = {
    maxUses: job.search?.settings.maxUses ?? 1,
    onQuery: (query: string) => {
      queries.push(query);
      hub.push(job.streamId, { type: 'search', query });
    },
    onDone: (done: NativeSearchOutcome) => {
      outcome = done;
    },
  };
  /** The reply's final text and what its metadata records of the search (null: no search ran). */
  const finish = (content: string): { content: string; searched: SearchMetadata | null } => {
    if (!outcome || outcome.searches <= 0) return { content, searched: null };
    // As the deltas were: no NUL (PostgreSQL refuses it); a conversion that lost the text keeps the streamed one.
    const cited = outcome.text.replaceAll(NUL, '');
    const text = cited.trim() ? cited : content;
    if (text !== content) {
      let same = 0;
      const limit = Math.min(text.length, content.length);
      while (same < limit && text.charCodeAt(same) === content.charCodeAt(same)) same++;
      // Not into the middle of a surrogate pair.
      if (same > 0 && same < limit && /[\uDC00-\uDFFF]/.test(text[same] ?? '')) same--;
      if (same < content.length) hub.push(job.streamId, { type: 'rewind', offset: same });
      if (same < text.length) hub.push(job.streamId, { content: text.slice(same), message_id: job.messageId, format: 'markdown' });
    }
    const searched: SearchMetadata = {
      searched: queries,
      sources: outcome.sources,
      ...(outcome.suggestions ? { search_suggestions: outcome.suggestions } : {}),
    };
    hub.push(job.streamId, {
      type: 'sources',
      sources: outcome.sources,
      ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}),
    });
    return { content: text, searched };
  };
  return { request, finish };
}

/** A reply whose tool steps ran ends without a further step (issue 40): refused credits, or no text after them. */
class StepsEnded extends Error {
  override readonly name = 'StepsEnded';
}

/** A user-safe text for any generation failure. */
export function failureText(error: unknown, fallback: string = MESSAGES.generateFailed): string {
  return error instanceof ProviderError ? error.message : fallback;
}

/**
 * Runs a text reply on the server, whether or not anyone listens: every delta becomes a numbered
 * event; the reply is saved when its first text arrives, then never more than a second behind, and
 * finalised at the end. A reply cut mid-way is saved with status `error` and keeps its charge; a
 * failure before any content removes the placeholder and refunds the charge in full. Resolves with
 * the text and the failure (null when complete); it never rejects.
 */
export async function runTextJob(
  ctx: AppContext,
  hub: StreamHub,
  job: TextJob,
): Promise<{
  content: string;
  error: string | null;
  fallback?: FallbackMetadata;
  figures?: ReplyFigures;
  threadGone?: boolean;
  searched?: SearchMetadata;
}> {
  const { db } = ctx;
  let content = '';
  let failure: string | null = null;
  let fallback: FallbackMetadata | undefined;
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const provider = job.resolved.adapter.id;
  const started = job.startedAt ?? performance.now();
  const replyEnded = replyStarted();
  let firstAt: number | undefined;
  let usage: TokenUsage | undefined;
  let figures: ReplyFigures | undefined;
  // The reply's metadata as it grows: the placeholder's, then the fallback note, then the figures.
  let metadata: MessageMetadata = { demo: job.resolved.adapter.demo, stream_id: job.streamId };
  let searched: SearchMetadata | undefined;
  // Tool use (issue 40): the model steps taken (each charged the row's cost) and the tool calls made.
  let modelSteps = 1;
  const steps: ToolStep[] = [];
  // The reply has shown something: text, or a tool call.
  let shown = false;
  // What the reply is charged: never more than the answering row's cost for each step, plus what it kept.
  const owedNow = () => Math.min(job.cost, answeredBy.cost * modelSteps + (job.keptCost ?? 0));
  const measure = (charged: number): ReplyFigures => {
    const own = usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined) && !job.resolved.adapter.demo;
    const input = job.turns.map((t) => t.content).join('\n');
    return {
      credits: charged,
      ...(firstAt !== undefined ? { ttft_ms: Math.round(firstAt - started) } : {}),
      total_ms: Math.round(performance.now() - started),
      tokens_in: own && usage?.inputTokens !== undefined ? usage.inputTokens : estimateTokens(input),
      tokens_out: own && usage?.outputTokens !== undefined ? usage.outputTokens : estimateTokens(content),
      ...(own ? {} : { tokens_estimated: true }),
    };
  };
  // With `outcome` (a complete reply its own model answered), the final save also
  // settles the charge and records the outcome in the same statement; resolves to whether it did.
  const finishFigures = async (status: 'complete' | 'error', outcome?: ReplyOutcome): Promise<boolean> => {
    dropWaitingSave();
    figures = measure(owedNow());
    metadata = { ...metadata, ...figures };
    if (!job.blind) hub.push(job.streamId, { type: 'figures', figures });
    const id = job.messageId;
    let ended = false;
    if (id !== null) {
      const saved = { content, status, metadata };
      // Written again while the database is away (a restart): the reply's readers have its whole text, so its row
      // must too, not the last periodic save marked interrupted (issue 44).
      const finalSave = async () => {
        ended = outcome !== undefined && (await endReply(db, id, saved, job.reference, outcome, job.log));
        if (!ended) await updateMessage(db.kysely, id, saved);
      };
      saving = saving
        .then(() => retryWhileUnavailable(finalSave, { forMs: FINAL_SAVE_RETRY_MS, signal: job.signal }))
        .catch((error) => job.log.error({ err: error, streamId: job.streamId }, 'saving reply figures failed'));
      await saving;
    }
    return ended;
  };
  // Saves run one after another; a failed save is logged and the next one carries the text.
  const queueSave = (step: () => Promise<unknown>) => {
    saving = saving
      .then(step)
      .then(() => undefined)
      .catch((error) => job.log.error({ err: error, streamId: job.streamId }, 'saving a reply failed'));
    return saving;
  };
  // A reply cut with text keeps its charge, so it keeps its figures too: the line under it and the
  // thread's total count it like any other (a cheaper fallback that answered gives its difference back).
  const save = async (status: 'stopped' | 'interrupted') => {
    fallback = await settleFallback(ctx, job.who, job.model, answeredBy, job.cost, job.reference, job.keptCost ?? 0, modelSteps);
    figures = measure(owedNow());
    metadata = { ...metadata, ...figures };
    if (!job.blind) hub.push(job.streamId, { type: 'figures', figures });
    const id = job.messageId;
    const saved = { content, status, metadata };
    await queueSave(async () => {
      if (id !== null) await updateMessage(db.kysely, id, saved);
    });
  };

  // The once-a-second saves go out in batches shared with other replies; a final save drops one still waiting.
  const saves = replySaves(db);
  const dropWaitingSave = () => {
    if (job.messageId !== null) saves.drop(job.messageId);
  };
  let trailing: NodeJS.Timeout | undefined;
  const saveNow = () => {
    clearTimeout(trailing);
    trailing = undefined;
    lastSave = Date.now();
    const id = job.messageId;
    const text = content;
    if (id === null) return;
    queueSave(() => saves.save(id, text));
  };

  // Set when a fallback row answers instead of the chosen one; shown with the reply and charged at its cost.
  let answeredBy = job.model;
  // The row that answered the first step answers the later ones (issue 40).
  let answering: Candidate | undefined;
  const onAnswer = (answered: Candidate) => {
    answering = answered;
    if (modelSteps > 1) return;
    const note = fallbackNote(job.model, answered.model);
    if (!note) return;
    answeredBy = answered.model;
    hub.push(job.streamId, {
      type: 'fallback',
      answered_by: answered.model.id,
      note,
      cost: Math.min(job.cost, answered.model.cost + (job.keptCost ?? 0)),
    });
    metadata = { ...metadata, answered_by: answered.model.id, fallback_note: note };
    if (job.messageId !== null) {
      const id = job.messageId;
      const saved = metadata;
      saving = saving.then(() => updateMessage(db.kysely, id, { metadata: saved }));
    }
  };

  // What the Providers view records of this reply: null once it succeeded, undefined when it says nothing of the provider.
  let outcomeError: string | null | undefined = null;
  // Aborted when the reply's first text finds its row gone (its thread was deleted meanwhile): no
  // one can read it, so it stops and nothing is charged (issue 36).
  const gone = new AbortController();
  const outcomeOf = (errorKind: string | null): ReplyOutcome => ({
    provider: answeredBy.provider,
    kind: 'text',
    modelId: answeredBy.id,
    errorKind,
    ttftMs: firstAt === undefined ? null : Math.round(firstAt - started),
  });
  // A step after the first is charged the row's cost when it starts (issue 40); undefined when it was, else why not.
  let stepRefusal: string | undefined;
  const stepCost = job.model.cost;
  // Raises the reply's open charge by `amount`: undefined when it was, else why not (credits, budget, a cap).
  const chargeExtra = async (amount: number): Promise<string | undefined> => {
    try {
      const balance = await chargeMore(db, job.reference, job.who, amount, job.model.id);
      if (!balance) {
        const left = await getBalance(db.kysely, job.who);
        return left.remaining <= 0 ? exhaustedText(job.who.kind) : insufficientText(job.who.kind, amount, left.remaining);
      }
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
    job.cost += amount;
    return undefined;
  };
  const chargeStep = async (): Promise<string | undefined> => {
    const refused = await chargeExtra(stepCost);
    if (refused) return refused;
    modelSteps++;
    metadata = { ...metadata, model_steps: modelSteps };
    hub.push(job.streamId, { type: 'step', step: modelSteps, cost: stepCost });
    return undefined;
  };
  // A later step that gave nothing is given back.
  const undoStep = async () => {
    await refundPart(db, job.reference, job.who, stepCost, job.model.id);
    job.cost -= stepCost;
    modelSteps--;
    metadata = { ...metadata, model_steps: modelSteps };
  };
  // Web search as a tool (issue 40): in a reply with tools, the model searches when it chooses to, on our own search.
  // The first search is paid with the message; each further one pays the surcharge when it starts. A search that
  // could not run is given back, and so is the first one's when the model never searched.
  const inLoop = job.tools?.webSearch && job.search && job.search.backend !== 'provider' ? job.search : undefined;
  let searchPrepaid = inLoop !== undefined && inLoop.cost > 0;
  let loopFound: { query: string; sources: WebSource[] } | undefined;
  const runLoopSearch = async (args: unknown, signal: AbortSignal): Promise<ToolOutcome> => {
    const search = inLoop;
    if (!search || search.backend === 'provider') return { text: 'Web search is not available here.', isError: true };
    const query = searchArgument(args);
    if (!query) return { text: 'The search needs a query: call it again with one.', isError: true };
    if (searchPrepaid) {
      searchPrepaid = false;
    } else if (search.cost > 0) {
      const refused = await chargeExtra(search.cost);
      if (refused) return { text: `The search did not run: ${refused} Answer with what you have.`, isError: true };
      job.keptCost = (job.keptCost ?? 0) + search.cost;
    }
    hub.push(job.streamId, { type: 'search', query });
    const queries = [...(searched?.searched ?? []), query];
    try {
      const found = await runWebSearch(search.backend, search.settings, { prompt: query, signal });
      // One list of sources for the reply: a page found again keeps its number.
      const all = [...(loopFound?.sources ?? [])];
      const numbered = found.sources.map((source) => {
        const known = all.findIndex((s) => s.url === source.url);
        if (known >= 0) return { n: known + 1, source };
        all.push(source);
        return { n: all.length, source };
      });
      loopFound = { query, sources: all };
      const refs = all.map(({ url, title }) => ({ url, title }));
      hub.push(job.streamId, { type: 'sources', sources: refs });
      searched = { searched: queries, sources: refs };
      metadata = { ...metadata, ...searched };
      return { text: searchToolResult(query, numbered), isError: false };
    } catch (error) {
      if (signal.aborted) throw error;
      job.log.warn({ err: error, streamId: job.streamId, backend: search.backend }, 'web search failed; the model answers without it');
      await refundSearch(ctx, job);
      searched = { searched: queries, sources: searched?.sources ?? [] };
      metadata = { ...metadata, ...searched };
      return { text: 'The web search could not run. Answer from what you know, and say that the search failed.', isError: true };
    }
  };
  try {
    const signal = AbortSignal.any([job.signal, gone.signal]);
    const onUsage = (u: TokenUsage) => {
      usage = u;
    };
    const params = {
      temperature: job.params?.temperature ?? null,
      maxOutputTokens: job.params?.maxOutputTokens ?? null,
      stopSequences: job.params?.stopSequences ?? null,
    };
    const native = job.search?.backend === 'provider' ? providerSearch(hub, job) : null;
    const found = job.search && !native && !inLoop ? await searchFirst(ctx, hub, job, signal) : null;
    if (found) {
      searched = { searched: [found.query], sources: found.sources.map(({ url, title }) => ({ url, title })) };
      metadata = { ...metadata, ...searched };
      if (job.messageId !== null) {
        const id = job.messageId;
        const saved = metadata;
        saving = saving.then(() => updateMessage(db.kysely, id, { metadata: saved }));
      }
    }
    const turns = found ? [{ role: 'system' as const, content: searchResultsPrompt(found.query, found.sources) }, ...job.turns] : job.turns;
    const options = {
      ...ctx.catalogue.fallbackOptions(),
      onAnswer,
      onUsage,
      params,
      ...(found ? { search: found } : {}),
      ...(native ? { webSearch: native.request } : {}),
      ...(job.blind ? { blind: true } : {}),
    };
    // The reply has delivered something: from here a crash keeps the charge, so what it was kept for is saved first.
    const firstShown = () => {
      shown = true;
      firstAt = performance.now();
      observeFirstToken(provider, (firstAt - started) / 1000);
      lastSave = Date.now();
      const id = job.messageId;
      const reply = id !== null ? { id, content } : undefined;
      queueSave(async () => {
        if (!(await markDelivered(db, job.reference, reply))) gone.abort();
      });
    };
    // Tool use (issue 40): each model step may call tools; their results go to the next step, up to the limit.
    const tools = job.tools;
    const rounds: ToolRound[] = [];
    for (;;) {
      const calls: ToolCallRequest[] = [];
      const lastStep = tools !== undefined && modelSteps >= tools.maxSteps;
      const stepOptions = tools
        ? {
            ...options,
            // The demo answers from the sources the loop's searches found.
            ...(loopFound ? { search: loopFound } : {}),
            tools: {
              tools: tools.specs,
              toolRounds: rounds,
              onToolCall: (call: ToolCallRequest) => calls.push(call),
              // The last step may not call any more: the model answers with what it has.
              ...(lastStep ? { toolChoice: 'none' as const } : {}),
            },
          }
        : options;
      // Later steps are answered by the row that answered the first.
      const chain = modelSteps > 1 && answering ? [answering] : job.resolved.chain;
      let stepText = '';
      const separator = content ? '\n\n' : '';
      try {
        for await (const raw of streamFirstAvailable(job.model, chain, turns, signal, stepOptions)) {
          let delta = raw.replaceAll(NUL, '');
          if (!delta) continue;
          if (!stepText) delta = separator + delta;
          stepText += delta;
          content += delta;
          hub.push(job.streamId, { content: delta, message_id: job.messageId, format: 'markdown' });
          if (!shown) {
            firstShown();
          } else if (Date.now() - lastSave >= SAVE_EVERY_MS) {
            saveNow();
          } else {
            // A provider that pauses after this delta must not leave it unsaved until the next one.
            trailing ??= setTimeout(saveNow, SAVE_EVERY_MS - (Date.now() - lastSave));
          }
        }
      } catch (error) {
        // A later step that fails before it gave anything is not charged.
        if (modelSteps > 1 && !stepText && calls.length === 0 && !signal.aborted) await undoStep();
        throw error;
      }
      if (!tools || calls.length === 0 || lastStep) {
        if (modelSteps > 1 && !stepText && calls.length === 0) await undoStep();
        break;
      }
      if (!shown) firstShown();
      const ran: ToolRound['calls'] = [];
      for (const call of calls) {
        const done = await runToolCall(ctx, hub, job.streamId, tools, call, signal, job.log, runLoopSearch);
        steps.push(done.step);
        ran.push({ ...call, result: done.result, isError: done.isError });
        metadata = { ...metadata, steps: [...steps] };
        if (job.messageId !== null) {
          const id = job.messageId;
          const saved = metadata;
          queueSave(() => updateMessage(db.kysely, id, { metadata: saved }));
        }
        if (signal.aborted) break;
      }
      if (signal.aborted) break;
      rounds.push({ text: stepText.trim(), calls: ran });
      // The next step is charged when it starts; refused (credits, budget, a cap), the reply ends with what it has.
      const refused = await chargeStep();
      if (refused) {
        stepRefusal = refused;
        break;
      }
    }
    clearTimeout(trailing);
    if (searchPrepaid) {
      // The model never searched: the search paid with the message goes back.
      searchPrepaid = false;
      await refundSearch(ctx, job);
    }
    // The first text's save tells whether the row is still there (a periodic save still waiting
    // is dropped: the final save below carries the whole text).
    dropWaitingSave();
    await saving;
    if (gone.signal.aborted) throw gone.signal.reason;
    if (job.signal.aborted) throw job.signal.reason;
    if (stepRefusal !== undefined || (!content && steps.length > 0)) {
      throw new StepsEnded(stepRefusal ?? MESSAGES.noContent);
    }
    if (!content) throw new ProviderError('unavailable', MESSAGES.noContent);
    if (native) {
      const ended = native.finish(content);
      content = ended.content;
      if (ended.searched) {
        searched = ended.searched;
        metadata = { ...metadata, ...searched };
      } else {
        await refundSearch(ctx, job);
      }
    }
    // One statement saves the whole text, its status and its figures, with the settlement and outcome.
    const own = answeredBy === job.model ? outcomeOf(null) : undefined;
    if (await finishFigures('complete', own)) {
      outcomeError = undefined; // recorded already
    } else {
      fallback = await settleFallback(ctx, job.who, job.model, answeredBy, job.cost, job.reference, job.keptCost ?? 0, modelSteps);
      await settle(ctx, job, 'keep');
    }
  } catch (error) {
    clearTimeout(trailing);
    if (gone.signal.aborted) {
      outcomeError = undefined; // the user's delete, not the provider's doing
      dropWaitingSave();
      await saving;
      await settle(ctx, job, 'refund');
      failure = MESSAGES.replyThreadDeleted;
      hub.push(job.streamId, streamError(failure));
      return { content: '', error: failure, threadGone: true };
    }
    if (job.signal.aborted) {
      // Stopped or drained: not the provider's doing; only a first token it sent says something.
      if (firstAt === undefined) outcomeError = undefined;
      dropWaitingSave();
      failure = await cutShort(ctx, hub, job, job.signal.reason as StopReason, content !== '' || steps.length > 0, () => saving, save);
      return { content, error: failure };
    }
    if (error instanceof StepsEnded) {
      // The tools' steps ran and were charged as shown; the reply ends with what it has (issue 40).
      failure = error.message;
      dropWaitingSave();
      await saving;
      await finishFigures('error');
      fallback = await settleFallback(ctx, job.who, job.model, answeredBy, job.cost, job.reference, job.keptCost ?? 0, modelSteps);
      await settle(ctx, job, 'keep');
      hub.push(job.streamId, streamError(failure));
      return { content, error: failure, ...(fallback ? { fallback } : {}), ...(figures ? { figures } : {}) };
    }
    failure = failureText(error);
    const kind = error instanceof ProviderError ? error.kind : 'internal';
    countProviderError(provider, kind);
    await noteFailedReply(ctx.db.kysely, job.log, provider, kind);
    outcomeError = kind;
    if (!(error instanceof ProviderError)) job.log.error({ err: error, streamId: job.streamId }, 'text generation failed');
    dropWaitingSave();
    await saving;
    if (!content && steps.length === 0) {
      await settle(ctx, job, 'refund');
    } else {
      await finishFigures('error');
      fallback = await settleFallback(ctx, job.who, job.model, answeredBy, job.cost, job.reference, job.keptCost ?? 0, modelSteps);
      await settle(ctx, job, 'keep');
    }
    hub.push(job.streamId, streamError(failure));
  } finally {
    replyEnded();
    hub.finish(job.streamId);
    if (job.tools)
      await forgetDecisions(ctx, job.streamId).catch((error) => job.log.warn({ err: error }, 'forgetting tool decisions failed'));
    if (outcomeError !== undefined) await recordOutcome(db.kysely, outcomeOf(outcomeError), job.log);
  }
  return {
    content,
    error: failure,
    ...(fallback ? { fallback } : {}),
    ...(figures ? { figures } : {}),
    ...(searched ? { searched } : {}),
  };
}

/**
 * A reply cut by Stop keeps its text as `stopped` with no error (readers just get [DONE]); one cut
 * by a drain is handed over as `interrupted` with the error event. Either way, a reply with no
 * text yet is removed and refunded; so is one whose chat failed before it was answered (`unheard`):
 * its text reached no one. Returns the failure text for a caller waiting on the reply.
 */
async function cutShort(
  ctx: AppContext,
  hub: StreamHub,
  job: TextJob,
  reason: StopReason,
  /** The reply shows something (text, or a tool step): it is kept. */
  produced: boolean,
  pending: () => Promise<void>,
  save: (status: 'stopped' | 'interrupted') => Promise<void>,
): Promise<string | null> {
  await pending();
  if (produced && reason !== 'unheard') {
    await save(reason === 'stop' ? 'stopped' : 'interrupted');
    await settle(ctx, job, 'keep');
  } else {
    await settle(ctx, job, 'refund');
  }
  if (reason === 'stop') return produced ? null : MESSAGES.generatorStopped;
  hub.push(job.streamId, streamError(MESSAGES.generatorStopped));
  return MESSAGES.generatorStopped;
}

/**
 * A complete reply's last three writes as one statement: the final save of its text, status and
 * figures, the settlement of its charge (kept: the open charge goes) and its provider outcome
 * (writable CTEs on PostgreSQL, the procedure below on SQLite). Resolves to false, having written
 * nothing, when the statement failed (logged), so the caller makes the writes one by one instead.
 */
async function endReply(
  db: AppContext['db'],
  id: number,
  saved: Parameters<typeof messageUpdate>[2],
  reference: string,
  outcome: ReplyOutcome,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const at = Date.now();
  try {
    if (db.dialect === 'postgres') {
      const end = sql`with saved as (${messageUpdate(db.kysely, id, saved)}),
        settled as (${db.kysely.deleteFrom('open_charges').where('reference', '=', reference)}),
        recorded as (${outcomeInsert(db.kysely, outcome, at)})
        select 1 as ended`;
      await executeHot(db, end.compile(db.kysely));
    } else {
      await installProcedure(db, replyEnding);
      await callProcedure(db.kysely, replyEnding, {
        message_id: id,
        content: saved.content,
        status: saved.status,
        metadata: saved.metadata ? JSON.stringify(saved.metadata) : null,
        credits: metadataCredits(saved.metadata),
        t: now(),
        reference,
        ...outcomeValues(outcome, at),
      });
    }
  } catch (error) {
    log.warn({ err: error }, 'ending a reply in one statement failed; writing it step by step');
    return false;
  }
  await pruneOutcomes(db.kysely, at).catch((error) => log.warn({ err: error }, 'pruning reply outcomes failed'));
  return true;
}

type EndingColumn =
  | 'message_id'
  | 'content'
  | 'status'
  | 'metadata'
  | 'credits'
  | 't'
  | 'reference'
  | keyof ReturnType<typeof outcomeValues>;

/** SQLite: endReply's three writes as one statement (see SqliteProcedure). */
const replyEnding: SqliteProcedure<EndingColumn> = {
  name: 'reply_endings',
  columns: [
    'message_id',
    'content',
    'status',
    'metadata',
    'credits',
    't',
    'reference',
    'provider',
    'kind',
    'model_id',
    'error_kind',
    'ttft_ms',
    'created_at',
  ],
  body: ({ kysely }, c) => sql`
    ${kysely
      .updateTable('messages')
      .set({
        content: c('content'),
        status: c('status'),
        metadata: c('metadata'),
        credits: sql<number>`case when role = 'assistant' then ${c('credits')} else 0 end`,
        updated_at: c('t'),
      })
      .where('id', '=', c('message_id'))};
    ${kysely.deleteFrom('open_charges').where('reference', '=', c('reference'))};
    ${kysely.insertInto('provider_outcomes').values({
      provider: c('provider'),
      kind: c('kind'),
      model_id: c('model_id'),
      error_kind: c('error_kind'),
      ttft_ms: c('ttft_ms'),
      created_at: c('created_at'),
    })};`,
};

/** Settles the job's charge; a refunded reply's empty placeholder goes first, so no one sees it. */
async function settle(ctx: AppContext, job: TextJob, outcome: 'keep' | 'refund'): Promise<void> {
  try {
    if (outcome === 'refund' && job.messageId !== null) {
      const row = await findMessage(ctx.db.kysely, job.messageId);
      if (row) await deleteMessageRow(ctx.db.kysely, row.id, row.thread_id);
    }
    await settleCharge(ctx.db, job.reference, outcome);
  } catch (error) {
    // The charge stays open and is settled by recovery after the next start.
    job.log.error({ err: error, streamId: job.streamId }, 'settling a charge failed');
  }
}
