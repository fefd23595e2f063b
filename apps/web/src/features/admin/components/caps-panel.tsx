import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const save = useSetDailyCap();
  const [value, setValue] = useState(cap?.toString() ?? '');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed && !/^\d+$/.test(trimmed)) {
      return setNote({ text: t`Enter a whole number of credits, or leave it empty for no cap.`, error: true });
    }
    if (reason.trim().length < 3) return setNote({ text: t`Say why (at least 3 characters).`, error: true });
    try {
      await save.mutateAsync({ plan, daily_cap: trimmed ? Number(trimmed) : null, reason: reason.trim() });
      setReason('');
      const credits = formatCount(Number(trimmed));
      setNote({ text: trimmed ? t`Capped at ${credits} credits a day.` : t`No daily cap.`, error: false });
    } catch (error) {
      setNote({ text: error instanceof ApiError ? error.message : t`Failed to save the cap.`, error: true });
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center" noValidate>
      <span className="w-24 font-medium text-fg capitalize">{plan}</span>
      <Input
        aria-label={t`Daily cap for ${plan}`}
        placeholder={t`No cap`}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="sm:w-32"
      />
      <Input
        aria-label={t`Reason for ${plan}`}
        placeholder={t`Reason (required)`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        // Grows along the row from 640 px; in the phone's column, flex-1 would squash its height.
        className="sm:flex-1"
      />
      <Button type="submit" loading={save.isPending}>
        <Trans>Save</Trans>
      </Button>
      {note && <span className={note.error ? 'text-sm text-danger' : 'text-sm text-success'}>{note.text}</span>}
    </form>
  );
}

/** The most credits an account on each plan may spend in one UTC day; empty means no cap. */
export function CapsPanel() {
  const { t } = useLingui();
  const caps = useQuery(capsQuery());
  return (
    <section aria-label={t`Daily caps`} className="rounded-2xl border border-border bg-surface p-5">
      <p className="text-sm text-muted">
        <Trans>A request past its plan's cap is refused with “daily_cap_reached” until midnight UTC. Refunds are never held back.</Trans>
      </p>
      <div className="mt-2 divide-y divide-border">
        {caps.data?.map((c) => (
          <CapRow key={c.plan} plan={c.plan} cap={c.daily_cap} />
        ))}
      </div>
    </section>
  );
}
