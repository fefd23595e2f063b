import {
  type AdminModelRow,
  type AdminModelsResponse,
  type AdminUpdateModel,
  type ModelAvailability,
  PROVIDER_LABELS,
  type ProviderId,
} from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { adminModelsQuery, useSetFavourites, useUpdateModel } from '../api/models-api';
import { AdminTable } from './admin-table';

const AVAILABILITY: Record<ModelAvailability, { label: string; tone: BadgeTone; hint: string }> = {
  available: { label: 'Available', tone: 'success', hint: 'Its provider lists it' },
  unavailable: { label: 'Not served', tone: 'danger', hint: 'Its provider no longer lists it; fallbacks answer it' },
  demo: { label: 'Demo', tone: 'warning', hint: 'No provider key: the demo provider answers it' },
  no_provider: { label: 'No provider', tone: 'danger', hint: 'No key and demo mode is off: it is hidden' },
  disabled: { label: 'Disabled', tone: 'neutral', hint: 'Switched off by an operator: hidden everywhere' },
};

/** "a, b , c" -> ["a", "b", "c"]. */
const ids = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The inline editor of one row: sends only what changed, with the reason for the audit log. */
function EditRow({ row, onDone }: { row: AdminModelRow; onDone(message: string): void }) {
  const update = useUpdateModel();
  const [enabled, setEnabled] = useState(row.enabled);
  const [cost, setCost] = useState(String(row.cost));
  const [providerId, setProviderId] = useState(row.provider_model_id);
  const [fallbacks, setFallbacks] = useState(row.fallbacks.join(', '));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prefix = `model-${row.id}`;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const c = cost.trim();
    if (!/^\d+$/.test(c)) return setError('The cost must be a whole number of credits, 0 or more.');
    if (!providerId.trim()) return setError('The provider model id must not be empty.');
    if (reason.trim().length < 3) return setError('Say why (at least 3 characters).');
    const body: AdminUpdateModel = { model_id: row.id, reason: reason.trim() };
    if (enabled !== row.enabled) body.enabled = enabled;
    if (Number(c) !== row.cost) body.cost = Number(c) === row.base_cost ? null : Number(c);
    if (providerId.trim() !== row.provider_model_id)
      body.provider_model_id = providerId.trim() === row.base_provider_model_id ? null : providerId.trim();
    const list = ids(fallbacks);
    if (!same(list, row.fallbacks)) body.fallbacks = same(list, row.base_fallbacks) ? null : list;
    if (Object.keys(body).length === 2) return setError('Nothing changed.');
    try {
      await update.mutateAsync(body);
      onDone(`${row.name} saved.`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Failed to save the model.');
    }
  }

  return (
    <tr className="bg-surface-2">
      <td colSpan={8} className="px-3 py-3">
        <form onSubmit={handleSubmit} noValidate aria-label={`Edit ${row.name}`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="flex items-center gap-2 text-sm text-fg" htmlFor={`${prefix}-enabled`}>
            <input
              id={`${prefix}-enabled`}
              type="checkbox"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="size-4"
            />
            Enabled
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-cost`}>
            Cost in credits (built-in {row.base_cost})
            <Input id={`${prefix}-cost`} inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-provider-id`}>
            Provider model id (built-in {row.base_provider_model_id})
            <Input id={`${prefix}-provider-id`} value={providerId} onChange={(e) => setProviderId(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${prefix}-fallbacks`}>
            Fallbacks: {row.type} model ids, in order, comma-separated
            <Input id={`${prefix}-fallbacks`} value={fallbacks} onChange={(e) => setFallbacks(e.target.value)} placeholder="None" />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted sm:col-span-2" htmlFor={`${prefix}-reason`}>
            Reason (goes to the audit log)
            <Input id={`${prefix}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Required" />
          </label>
          <div className="flex items-end gap-2 sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button variant="outline" onClick={() => onDone('')}>
              Cancel
            </Button>
            {error && (
              <span role="alert" className="text-sm text-danger">
                {error}
              </span>
            )}
          </div>
        </form>
      </td>
    </tr>
  );
}

function FavouritesForm({ data }: { data: AdminModelsResponse }) {
  const save = useSetFavourites();
  const [value, setValue] = useState(data.default_favourites.join(', '));
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(favourites: string[] | null) {
    if (reason.trim().length < 3) return setNote({ text: 'Say why (at least 3 characters).', error: true });
    try {
      const res = await save.mutateAsync({ favourites, reason: reason.trim() });
      setValue(res.default_favourites.join(', '));
      setReason('');
      setNote({ text: favourites ? 'Default favourites saved.' : 'Back to the built-in favourites.', error: false });
    } catch (e) {
      setNote({ text: e instanceof ApiError ? e.message : 'Failed to save the favourites.', error: true });
    }
  }

  return (
    <form
      aria-label="Default favourites"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(ids(value));
      }}
      className="mt-6 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 className="text-lg text-fg">Default favourites</h2>
      <p className="mb-3 text-sm text-muted">
        The models a first visit finds in its picker, in order.{' '}
        {data.favourites_customised ? 'Chosen by an operator.' : 'The built-in list.'}
      </p>
      <div className="flex flex-col gap-2 lg:flex-row">
        <Input
          aria-label="Favourite model ids, comma-separated"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          // Shares the row from 1024 px; in the narrower column, a flex size would squash its height.
          className="lg:flex-[2]"
        />
        <Input
          aria-label="Reason for the favourites"
          placeholder="Reason (required)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="lg:flex-1"
        />
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
        <Button variant="outline" disabled={!data.favourites_customised} onClick={() => void submit(null)}>
          Use built-in list
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
  const q = useQuery(adminModelsQuery());
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  if (!q.data) return null;
  return (
    <section aria-label="Models">
      <p className="mb-3 text-sm text-muted">
        Settings here override the built-in catalogue and MODELS_FILE, and reach every instance within 5 seconds. Availability comes from
        the providers' model lists.
      </p>
      <p role="status" className="mb-2 min-h-5 text-sm text-success">
        {saved}
      </p>
      <AdminTable label="Model catalogue" head={['Model', 'Provider', 'Availability', 'Cost', 'Provider id', 'Fallbacks', 'Favourite', '']}>
        {q.data.models.map((m) =>
          editing === m.id ? (
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
              <th scope="row" className="min-w-48 px-3 py-1.5 text-left font-normal">
                <span className="text-fg">{m.name}</span>
                <span className="block font-mono text-xs text-muted">
                  {m.id} · {m.type}
                </span>
              </th>
              <td className="px-3 py-1.5">{PROVIDER_LABELS[m.provider as ProviderId]}</td>
              <td className="px-3 py-1.5">
                <Badge tone={AVAILABILITY[m.availability].tone} title={AVAILABILITY[m.availability].hint}>
                  {AVAILABILITY[m.availability].label}
                </Badge>
              </td>
              <td className="px-3 py-1.5 tabular-nums">
                {m.cost}
                {m.cost !== m.base_cost && <span className="text-xs text-muted"> (was {m.base_cost})</span>}
              </td>
              <td className="max-w-64 px-3 py-1.5 font-mono text-xs break-all">{m.provider_model_id}</td>
              <td className="px-3 py-1.5 font-mono text-xs">{m.fallbacks.join(', ') || '—'}</td>
              <td className="px-3 py-1.5">{m.favourite ? 'Yes' : ''}</td>
              <td className="px-3 py-1.5 text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${m.name}`}
                  onClick={() => {
                    setSaved('');
                    setEditing(m.id);
                  }}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ),
        )}
      </AdminTable>
      <FavouritesForm data={q.data} />
    </section>
  );
}
