import {
  AppError,
  type AdminModelRow,
  type AdminModelsResponse,
  type AdminSetFavourites,
  type ModelEntry,
  type WebSearchBackend,
  type adminUpdateModelSchema,
  webSearchCost,
} from '@ensemble/shared';
import type { z } from 'zod';
import { type Db, now } from '../../db/connection.js';
import { type ModelOverride, NO_OVERRIDE, overrideOf, saveFavourites, saveOverride } from '../catalogue/overrides.js';
import { type ServerCatalogue, applyOverride } from '../catalogue/service.js';
import { hasOwnSearch } from '../web-search/backend.js';
import { writeAudit } from './audit.js';
import type { Operator } from './operator-guard.js';

type UpdateModel = z.output<typeof adminUpdateModelSchema>;

/** The search a text row's web search uses (issue 38): its own choice, else its provider's tool where it has one, else ours. */
const searchOf = (row: ModelEntry): WebSearchBackend => row.web_search_backend ?? (hasOwnSearch(row.provider) ? 'provider' : 'own');

/** A text row's web search settings in effect: which search, and the credits one adds. */
const webSearchOf = (row: ModelEntry) =>
  row.type === 'text' ? { web_search: searchOf(row), web_search_cost: webSearchCost(row) } : { web_search: null, web_search_cost: null };

/** What the audit log keeps of a row: its effective settings (text rows: their web search too). */
function settingsOf(row: ModelEntry, o: ModelOverride) {
  const eff = applyOverride(row, o);
  return {
    enabled: o.enabled !== false,
    cost: eff.cost,
    provider_model_id: eff.model_id ?? eff.id,
    fallbacks: eff.fallbacks ?? [],
    ...(row.type === 'text' ? webSearchOf(eff) : {}),
  };
}

/** Every row (disabled ones too) with its operators' settings and live availability. */
export async function listAdminModels(catalogue: ServerCatalogue): Promise<Omit<AdminModelsResponse, 'status'>> {
  await catalogue.refresh();
  const overrides = catalogue.overrides();
  const missing = await catalogue.unavailableRows();
  const favourites = catalogue.defaultFavourites();
  const models: AdminModelRow[] = catalogue.baseRows().map((base) => {
    const o = overrides.rows.get(base.id) ?? NO_OVERRIDE;
    const eff = applyOverride(base, o);
    const resolved = catalogue.resolveRow(eff);
    const ownSearch = webSearchOf(base);
    const search = webSearchOf(eff);
    const availability: AdminModelRow['availability'] =
      o.enabled === false
        ? 'disabled'
        : !resolved
          ? 'no_provider'
          : resolved.adapter.demo
            ? 'demo'
            : missing.get(base.id) === resolved.providerModelId
              ? 'unavailable'
              : 'available';
    return {
      id: base.id,
      name: base.name,
      provider: base.provider,
      type: base.type,
      enabled: o.enabled !== false,
      cost: eff.cost,
      base_cost: base.cost,
      provider_model_id: eff.model_id ?? eff.id,
      base_provider_model_id: base.model_id ?? base.id,
      fallbacks: eff.fallbacks ?? [],
      base_fallbacks: base.fallbacks ?? [],
      favourite: o.enabled !== false && favourites.includes(base.id),
      availability,
      web_search: search.web_search,
      base_web_search: ownSearch.web_search,
      web_search_customised: base.type === 'text' && o.web_search !== null,
      web_search_cost: search.web_search_cost,
      base_web_search_cost: ownSearch.web_search_cost,
    };
  });
  return { models, default_favourites: favourites, favourites_customised: overrides.favourites !== null };
}

/**
 * Changes one row's settings; every instance applies them within seconds. Unknown row: 404;
 * fallbacks must be other existing rows of the same type, each once.
 */
export async function updateModel(db: Db, catalogue: ServerCatalogue, operator: Operator, body: UpdateModel): Promise<boolean> {
  await catalogue.refresh();
  const rows = catalogue.baseRows();
  const base = rows.find((m) => m.id === body.model_id);
  if (!base) throw new AppError('not_found', `No model with the id ${body.model_id}`);
  // Image rows have no web search: setting one there is a mistake worth saying so.
  if (base.type !== 'text') {
    for (const field of ['web_search', 'web_search_cost'] as const) {
      if (body[field] !== undefined)
        throw new AppError('bad_request', `Invalid request: ${field}: ${base.id} is an image model, which has no web search`);
    }
  }
  if (body.fallbacks) {
    const seen = new Set<string>();
    for (const id of body.fallbacks) {
      if (id === base.id) throw new AppError('bad_request', 'Invalid request: fallbacks: a model cannot fall back to itself');
      if (seen.has(id)) throw new AppError('bad_request', `Invalid request: fallbacks: ${id} is listed twice`);
      seen.add(id);
      const target = rows.find((m) => m.id === id);
      if (!target) throw new AppError('bad_request', `Invalid request: fallbacks: no model with the id ${id}`);
      if (target.type !== base.type) throw new AppError('bad_request', `Invalid request: fallbacks: ${id} is not a ${base.type} model`);
    }
  }
  let changed = false;
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('model_overrides').selectAll().where('model_id', '=', base.id).executeTakeFirst();
    const before: ModelOverride = row ? overrideOf(row) : NO_OVERRIDE;
    const after: ModelOverride = {
      // Enabled is the default: only "disabled" is stored.
      enabled: body.enabled === undefined ? before.enabled : body.enabled ? null : false,
      cost: body.cost === undefined ? before.cost : body.cost,
      provider_model_id: body.provider_model_id === undefined ? before.provider_model_id : body.provider_model_id,
      fallbacks: body.fallbacks === undefined ? before.fallbacks : body.fallbacks,
      web_search: body.web_search === undefined ? before.web_search : body.web_search,
      web_search_cost: body.web_search_cost === undefined ? before.web_search_cost : body.web_search_cost,
    };
    const was = settingsOf(base, before);
    const will = settingsOf(base, after);
    if (JSON.stringify(was) === JSON.stringify(will) && JSON.stringify(before) === JSON.stringify(after)) return;
    changed = true;
    await saveOverride(trx, base.id, after, now());
    await writeAudit(trx, operator, { action: 'model.update', target: `model:${base.id}`, reason: body.reason, before: was, after: will });
  });
  if (changed) await catalogue.changed();
  return changed;
}

/** Sets the favourites a first visit starts with (null: the built-in shortlist). */
export async function setDefaultFavourites(db: Db, catalogue: ServerCatalogue, operator: Operator, body: AdminSetFavourites) {
  await catalogue.refresh();
  const favourites = body.favourites ?? null;
  if (favourites) {
    const rows = catalogue.baseRows();
    const seen = new Set<string>();
    for (const id of favourites) {
      if (!rows.some((m) => m.id === id)) throw new AppError('bad_request', `Invalid request: favourites: no model with the id ${id}`);
      if (seen.has(id)) throw new AppError('bad_request', `Invalid request: favourites: ${id} is listed twice`);
      seen.add(id);
    }
  }
  const before = catalogue.overrides().favourites;
  await db.kysely.transaction().execute(async (trx) => {
    await saveFavourites(trx, favourites, now());
    await writeAudit(trx, operator, {
      action: 'models.default_favourites',
      target: 'catalogue',
      reason: body.reason,
      before: before ?? 'built-in shortlist',
      after: favourites ?? 'built-in shortlist',
    });
  });
  await catalogue.changed();
}
