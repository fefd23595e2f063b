import { CREDITS } from '../constants.js';
import type { ModelEntry, ModelType } from './catalogue.js';

/** The split catalogue the server hands to clients. */
export interface Catalogue {
  text_models: ModelEntry[];
  image_models: ModelEntry[];
}

/** Finds a model by id in a catalogue, optionally of one type. */
export function findModel(catalogue: Catalogue, id: string | null | undefined, type?: ModelType): ModelEntry | undefined {
  if (!id) return undefined;
  const lists =
    type === 'text'
      ? [catalogue.text_models]
      : type === 'image'
        ? [catalogue.image_models]
        : [catalogue.text_models, catalogue.image_models];
  for (const list of lists) {
    const hit = list.find((m) => m.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** A model's cost in credits (default 1 when missing). */
export function modelCost(model: Pick<ModelEntry, 'cost'> | undefined): number {
  const c = model?.cost;
  return typeof c === 'number' && Number.isFinite(c) && c >= 0 ? c : CREDITS.defaultModelCost;
}

/** Guesses a model's type from its id, as the hand-off envelope does (dall-e, flux or V_ means image). */
export function guessModelType(modelId: string): ModelType {
  return /dall-e|flux|V_/.test(modelId) ? 'image' : 'text';
}

/** Whether a row can call tools (issue 40): every text row but Llama on Replicate, whose API has no tool calling. */
export function callsTools(model: Pick<ModelEntry, 'type' | 'provider'>): boolean {
  return model.type === 'text' && model.provider !== 'replicate';
}
