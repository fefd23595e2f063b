import { type ArenaStartRequest, type Catalogue, MESSAGES, type ModelEntry } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import type { BlindKind } from './blind-types';

/** How the models of a blind comparison are chosen: drawn by the arena at one credit cost, or picked by the user. */
export type BlindSetup = { mode: 'draw'; cost: number | null } | { mode: 'choose'; picks: readonly (string | null)[] };

/** How many models a blind comparison of a kind may pick: two or three replies, or two pictures. */
export const MAX_PICKS: Record<BlindKind, number> = { text: 3, image: 2 };

/**
 * The rows a blind comparison of a kind can take: streamed text replies only (the arena reads every text slot as a
 * stream), or any image model.
 */
export function blindModels(catalogue: Catalogue, kind: BlindKind = 'text'): ModelEntry[] {
  return kind === 'image' ? catalogue.image_models : catalogue.text_models.filter((m) => m.stream !== false);
}

/**
 * The credit costs the arena can draw two models from, cheapest first: those with at least two rows on real
 * providers, or two on the demo provider (the two are never mixed).
 */
export function drawTiers(catalogue: Catalogue, kind: BlindKind = 'text'): number[] {
  const counts = new Map<string, number>();
  for (const m of blindModels(catalogue, kind)) {
    const key = `${m.cost}:${m.demo ? 'demo' : 'real'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const tiers = new Set<number>();
  for (const [key, n] of counts) if (n >= 2) tiers.add(Number(key.split(':')[0]));
  return [...tiers].sort((a, b) => a - b);
}

/** The models picked, in order, skipping empty pickers and ids the catalogue does not know. */
export function pickedModels(picks: readonly (string | null)[], find: (id: string | null) => ModelEntry | undefined): ModelEntry[] {
  return picks.map((id) => find(id)).filter((m): m is ModelEntry => Boolean(m));
}

/** Why picked models cannot go into one blind comparison (different costs, demo mixed with real), or null. */
export function picksProblem(models: readonly ModelEntry[]): string | null {
  if (new Set(models.map((m) => m.cost)).size > 1)
    return t`Choose models of the same cost: a blind comparison cannot mix prices, since a price would give a model away.`;
  if (new Set(models.map((m) => Boolean(m.demo))).size > 1)
    return t`Choose models that are all answered by the demo provider, or none that are: a blind comparison cannot mix them.`;
  return null;
}

/** What a blind comparison will cost in all, or null while that is not known (no tier, or mismatched picks). */
export function blindTotal(setup: BlindSetup, picked: readonly ModelEntry[]): number | null {
  if (setup.mode === 'draw') return setup.cost === null ? null : 2 * setup.cost;
  if (picked.length < 2 || picksProblem(picked)) return null;
  return picked.reduce((sum, m) => sum + m.cost, 0);
}

/** The start request for a prompt and a setup, or the first problem with them (shown before anything is sent). */
export function blindRequest(
  prompt: string,
  setup: BlindSetup,
  picked: readonly ModelEntry[],
  kind: BlindKind = 'text',
): { request: ArenaStartRequest } | { problem: string } {
  const text = prompt.trim();
  if (!text) return { problem: MESSAGES.enterPrompt };
  if (setup.mode === 'draw') {
    if (setup.cost === null) return { problem: t`No two models of the same cost can be compared blind right now.` };
    return { request: { type: kind, prompt: text, cost: setup.cost } };
  }
  if (picked.length < 2)
    return { problem: kind === 'image' ? t`Choose two models to compare blind.` : t`Choose two or three models to compare blind.` };
  const problem = picksProblem(picked.slice(0, MAX_PICKS[kind]));
  if (problem) return { problem };
  return { request: { type: kind, prompt: text, models: picked.slice(0, MAX_PICKS[kind]).map((m) => m.id) } };
}
