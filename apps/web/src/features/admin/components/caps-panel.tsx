import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSetDailyCap } from '../api/admin-actions';
import { capsQuery } from '../api/admin-queries';
import { formatCount } from '@/lib/format-count';

type Plan = 'free' | 'pro' | 'premium';

function CapRow({ plan, cap }: { plan: Plan; cap: number | null }) {
  const save = useSetDailyCap();
  const [value, setValue] = useState(cap?.toString() ?? '');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const t = value.trim();
    if (t && !/^\d+$/.test(t)) return setNote({ text: 'Enter a whole number of credits, or leave it empty for no cap.', error: true });
    if (reason.trim().length < 3) return setNote({ text: 'Say why (at least 3 characters).', error: true });
    try {
      await save.mutateAsync({ plan, daily_cap: t ? Number(t) : null, reason: reason.trim() });
      setReason('');
      setNote({ text: t ? `Capped at ${formatCount(Number(t))} credits a day.` : 'No daily cap.', error: false });
    } catch (error) {
      setNote({ text: error instanceof ApiError ? error.message : 'Failed to save the cap.', error: true });
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center" noValidate>
      <span className="w-24 font-medium text-fg capitalize">{plan}</span>
      <Input
        aria-label={`Daily cap for ${plan}`}
        placeholder="No cap"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="sm:w-32"
      />
      <Input
        aria-label={`Reason for ${plan}`}
        placeholder="Reason (required)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        // Grows along the row from 640 px; in the phone's column, flex-1 would squash its height.
        className="sm:flex-1"
      />
      <Button type="submit" loading={save.isPending}>
        Save
      </Button>
      {note && <span className={note.error ? 'text-sm text-danger' : 'text-sm text-success'}>{note.text}</span>}
    </form>
  );
}

/** The most credits an account on each plan may spend in one UTC day; empty means no cap. */
export function CapsPanel() {
  const caps = useQuery(capsQuery());
  return (
    <section aria-label="Daily caps" className="rounded-2xl border border-border bg-surface p-5">
      <p className="text-sm text-muted">
        A request past its plan's cap is refused with “daily_cap_reached” until midnight UTC. Refunds are never held back.
      </p>
      <div className="mt-2 divide-y divide-border">
        {caps.data?.map((c) => (
          <CapRow key={c.plan} plan={c.plan} cap={c.daily_cap} />
        ))}
      </div>
    </section>
  );
}
