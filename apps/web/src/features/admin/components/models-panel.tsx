import {
  type AdminModelRow,
  type AdminModelsResponse,
  type AdminUpdateModel,
  type ModelAvailability,
  PROVIDER_LABELS,
  type ProviderId,
  WEB_SEARCH_BACKENDS,
  type WebSearchBackend,
} from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { adminModelsQuery, useSetFavourites, useUpdateModel } from '../api/models-api';
import { AdminTable } from './admin-table';
import { localizeMessage } from '@/i18n/server-messages';

const AVAILABILITY: Record<ModelAvailability, { label: MessageDescriptor; tone: BadgeTone; hint: MessageDescriptor }> = {
  available: { label: msg`Available`, tone: 'success', hint: msg`Its provider lists it` },
  unavailable: { label: msg`Not served`, tone: 'danger', hint: msg`Its provider no longer lists it; fallbacks answer it` },
  demo: { label: msg`Demo`, tone: 'warning', hint: msg`No provider key: the demo provider answers it` },
  no_provider: { label: msg`No provider`, tone: 'danger', hint: msg`No key and demo mode is off: it is hidden` },
  disabled: { label: msg`Disabled`, tone: 'neutral', hint: msg`Switched off by an operator: hidden everywhere` },
};

/** The searches a text row's web search may use (issue 38). */
const WEB_SEARCH: Record<WebSearchBackend, MessageDescriptor> = {
  provider: msg`Provider's own`,
  own: msg`Our own (SearXNG)`,
  off: msg`Off`,
};

/** The most credits a web search may add (the server refuses more). */
const MAX_WEB_SEARCH_COST = 100;

/** "a, b , c" -> ["a", "b", "c"]. */
const ids = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The inline editor of one row: sends only what changed, with the reason for the audit log. */
function EditRow({ row, onDone }: { row: AdminModelRow; onDone(message: string): void }) {
  const { t, i18n } = useLingui();
  const update = useUpdateModel();
  const [enabled, setEnabled] = useState(row.enabled);
  const [cost, setCost] = useState(String(row.cost));
  const [providerId, setProviderId] = useState(row.provider_model_id);
  const [fallbacks, setFallbacks] = useState(row.fallbacks.join(', '));
  // '' is "the row's default"; only text rows have web search.
  const searchChoice = row.web_search_customised && row.web_search ? row.web_search : '';
  const [webSearch, setWebSearch] = useState<WebSearchBackend | ''>(searchChoice);
  const [searchCost, setSearchCost] = useState(row.web_search_cost === null ? '' : String(row.web_search_cost));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prefix = `model-${row.id}`;
  const name = row.name;
  const baseCost = row.base_cost;
  const baseProviderId = row.base_provider_model_id;
  const modelType = row.type;
  const hasWebSearch = row.type === 'text';
  const baseSearch = row.base_web_search ? i18n._(WEB_SEARCH[row.base_web_search]) : '';
  const baseSearchCost = row.base_web_search_cost;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const c = cost.trim();
    if (!/^\d+$/.test(c)) return setError(t`The cost must be a whole number of credits, 0 or more.`);
    if (!providerId.trim()) return setError(t`The provider model id must not be empty.`);
    const sc = searchCost.trim();
    if (hasWebSearch && (!/^\d+$/.test(sc) || Number(sc) > MAX_WEB_SEARCH_COST))
      return setError(t`The web search surcharge must be a whole number of credits from 0 to 100.`);
    if (reason.trim().length < 3) return setError(t`Say why (at least 3 characters).`);
    const body: AdminUpdateModel = { model_id: row.id, reason: reason.trim() };
    if (enabled !== row.enabled) body.enabled = enabled;
    if (Number(c) !== row.cost) body.cost = Number(c) === row.base_cost ? null : Number(c);
    if (providerId.trim() !== row.provider_model_id)
      body.provider_model_id = providerId.trim() === row.base_provider_model_id ? null : providerId.trim();
    const list = ids(fallbacks);
    if (!same(list, row.fallbacks)) body.fallbacks = same(list, row.base_fallbacks) ? null : list;
    if (hasWebSearch) {
      if (webSearch !== searchChoice) body.web_search = webSearch === '' ? null : webSearch;
      if (Number(sc) !== row.web_search_cost) body.web_search_cost = Number(sc) === row.base_web_search_cost ? null : Number(sc);
    }
    if (Object.keys(body).length === 2) return setError(t`Nothing changed.`);
    try {
      await update.mutateAsync(body);
      onDone(t`${name} saved.`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t`Failed to save the model.`);
    }
  }

  return (
    <tr className="bg-surface-2">
      <td colSpan={9} className="px-3 py-3">
        <form onSubmit={handleSubmit} noValidate aria-label={t`Edit ${name}`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="flex items-center gap-2 text-sm text-fg" htmlFor={`${prefix}-enabled`}>
            <input
              id={`${prefix}-enabled`}
              type="checkbox"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="size-4"
            />
            <Trans>Enabled</Trans>
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-cost`}>
            <Trans>Cost in credits (built-in {baseCost})</Trans>
            <Input id={`${prefix}-cost`} inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-provider-id`}>
            <Trans>Provider model id (built-in {baseProviderId})</Trans>
            <Input id={`${prefix}-provider-id`} value={providerId} onChange={(e) => setProviderId(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-fallbacks`}>
            <Trans>Fallbacks: {modelType} model ids, in order, comma-separated</Trans>
            <Input id={`${prefix}-fallbacks`} value={fallbacks} onChange={(e) => setFallbacks(e.target.value)} placeholder={t`None`} />
          </label>
          {hasWebSearch && (
            <>
              <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-web-search`}>
                <Trans>Web search</Trans>
                <Select
                  id={`${prefix}-web-search`}
                  value={webSearch}
                  onChange={(e) => setWebSearch(e.target.value as WebSearchBackend | '')}
                >
                  {WEB_SEARCH_BACKENDS.map((b) => (
                    <option key={b} value={b}>
                      {i18n._(WEB_SEARCH[b])}
                    </option>
                  ))}
                  <option value="">{t`Default (${baseSearch})`}</option>
                </Select>
              </label>
              <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-web-search-cost`}>
                <Trans>Web search surcharge in credits (built-in {baseSearchCost})</Trans>
                <Input
                  id={`${prefix}-web-search-cost`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_WEB_SEARCH_COST}
                  step={1}
                  value={searchCost}
                  onChange={(e) => setSearchCost(e.target.value)}
                />
              </label>
            </>
          )}
          <label className="flex flex-col gap-1 text-xs text-muted sm:col-span-2" htmlFor={`${prefix}-reason`}>
            <Trans>Reason (goes to the audit log)</Trans>
            <Input id={`${prefix}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t`Required`} />
          </label>
          <div className="flex items-end gap-2 sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              <Trans>Save</Trans>
            </Button>
            <Button variant="outline" onClick={() => onDone('')}>
              <Trans>Cancel</Trans>
            </Button>
            {error && (
              <span role="alert" className="text-sm text-danger">
                {localizeMessage(error)}
              </span>
            )}
          </div>
        </form>
      </td>
    </tr>
  );
}

function FavouritesForm({ data }: { data: AdminModelsResponse }) {
  const { t } = useLingui();
  const save = useSetFavourites();
  const [value, setValue] = useState(data.default_favourites.join(', '));
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(favourites: string[] | null) {
    if (reason.trim().length < 3) return setNote({ text: t`Say why (at least 3 characters).`, error: true });
    try {
      const res = await save.mutateAsync({ favourites, reason: reason.trim() });
      setValue(res.default_favourites.join(', '));
      setReason('');
      setNote({ text: favourites ? t`Default favourites saved.` : t`Back to the built-in favourites.`, error: false });
    } catch (e) {
      setNote({ text: e instanceof ApiError ? e.message : t`Failed to save the favourites.`, error: true });
    }
  }

  return (
    <form
      aria-label={t`Default favourites`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(ids(value));
      }}
      className="mt-6 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 className="text-lg text-fg">
        <Trans>Default favourites</Trans>
      </h2>
      <p className="mb-3 text-sm text-muted">
        <Trans>The models a first visit finds in its picker, in order.</Trans>{' '}
        {data.favourites_customised ? <Trans>Chosen by an operator.</Trans> : <Trans>The built-in list.</Trans>}
      </p>
      <div className="flex flex-col gap-2 lg:flex-row">
        <Input
          aria-label={t`Favourite model ids, comma-separated`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          // Shares the row from 1024 px; in the narrower column, a flex size would squash its height.
          className="lg:flex-[2]"
        />
        <Input
          aria-label={t`Reason for the favourites`}
          placeholder={t`Reason (required)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="lg:flex-1"
        />
        <Button type="submit" loading={save.isPending}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="outline" disabled={!data.favourites_customised} onClick={() => void submit(null)}>
          <Trans>Use built-in list</Trans>
        </Button>
      </div>
      {note && (
        <p role={note.error ? 'alert' : 'status'} className={note.error ? 'mt-2 text-sm text-danger' : 'mt-2 text-sm text-success'}>
          {note.text}
        </p>
      )}
    </form>
  );
}

/** Every catalogue row: switch it on or off, re-price, re-map and set fallbacks inline; changes reach every instance within seconds. */
export function ModelsPanel() {
  const { t, i18n } = useLingui();
  const q = useQuery(adminModelsQuery());
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  if (!q.data) return null;
  return (
    <section aria-label={t`Models`}>
      <p className="mb-3 text-sm text-muted">
        <Trans>
          Settings here override the built-in catalogue and MODELS_FILE, and reach every instance within 5 seconds. Availability comes from
          the providers' model lists.
        </Trans>
      </p>
      <p role="status" className="mb-2 min-h-5 text-sm text-success">
        {saved}
      </p>
      <AdminTable
        label={t`Model catalogue`}
        head={[t`Model`, t`Provider`, t`Availability`, t`Cost`, t`Provider id`, t`Fallbacks`, t`Web search`, t`Favourite`, '']}
      >
        {q.data.models.map((m) => {
          const modelName = m.name;
          const baseCost = m.base_cost;
          const surcharge = m.web_search_cost ?? 0;
          return editing === m.id ? (
            <EditRow
              key={m.id}
              row={m}
              onDone={(message) => {
                setEditing(null);
                setSaved(message);
              }}
            />
          ) : (
            <tr key={m.id} className={m.enabled ? undefined : 'text-muted'}>
              <th scope="row" className="min-w-48 px-3 py-1.5 text-start font-normal">
                <span className="text-fg">{m.name}</span>
                <span className="block font-mono text-xs text-muted">
                  {m.id} · {m.type}
                </span>
              </th>
              <td className="px-3 py-1.5">{PROVIDER_LABELS[m.provider as ProviderId]}</td>
              <td className="px-3 py-1.5">
                <Badge tone={AVAILABILITY[m.availability].tone} title={i18n._(AVAILABILITY[m.availability].hint)}>
                  {i18n._(AVAILABILITY[m.availability].label)}
                </Badge>
              </td>
              <td className="px-3 py-1.5 tabular-nums">
                {m.cost}
                {m.cost !== m.base_cost && (
                  <span className="text-xs text-muted">
                    {' '}
                    <Trans>(was {baseCost})</Trans>
                  </span>
                )}
              </td>
              <td className="max-w-64 px-3 py-1.5 font-mono text-xs break-all">{m.provider_model_id}</td>
              <td className="px-3 py-1.5 font-mono text-xs">{m.fallbacks.join(', ') || '—'}</td>
              <td className="px-3 py-1.5">
                {m.web_search ? (
                  <>
                    {i18n._(WEB_SEARCH[m.web_search])}
                    {m.web_search !== 'off' && (
                      <span className="block text-xs text-muted tabular-nums">
                        <Plural value={surcharge} one="+# credit a search" other="+# credits a search" />
                      </span>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-3 py-1.5">{m.favourite ? t`Yes` : ''}</td>
              <td className="px-3 py-1.5 text-end">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t`Edit ${modelName}`}
                  onClick={() => {
                    setSaved('');
                    setEditing(m.id);
                  }}
                >
                  <Trans>Edit</Trans>
                </Button>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <FavouritesForm data={q.data} />
    </section>
  );
}
