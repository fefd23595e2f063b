import type { AdminUserDetail } from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { type UserAction, useUserAction } from '../api/admin-actions';

type Kind = 'grant' | 'deduct' | 'suspend' | 'unsuspend' | 'reset' | 'cancel' | 'arena_exclude' | 'arena_include';

const LABELS: Record<Kind, MessageDescriptor> = {
  grant: msg`Grant credits`,
  deduct: msg`Deduct credits`,
  suspend: msg`Suspend account`,
  unsuspend: msg`Lift suspension`,
  reset: msg`Mail a password reset`,
  cancel: msg`Cancel subscription at period end`,
  arena_exclude: msg`Leave blind votes out of the leaderboard`,
  arena_include: msg`Count blind votes again`,
};

/** The operator's actions on one account; each asks for a reason, which goes to the ledger and the audit log. */
export function UserActionsPanel({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useLingui();
  const action = useUserAction();
  const [kind, setKind] = useState<Kind>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const kinds: Kind[] = [
    'grant',
    'deduct',
    user.suspended ? 'unsuspend' : 'suspend',
    'reset',
    ...(user.has_stripe_subscription ? (['cancel'] as const) : []),
    user.arena_excluded ? 'arena_include' : 'arena_exclude',
  ];
  const needsAmount = kind === 'grant' || kind === 'deduct';

  function build(): UserAction | string {
    if (reason.trim().length < 3) return t`Say why (at least 3 characters): it goes to the ledger and the audit log.`;
    const base = { user_id: user.id, reason: reason.trim() };
    if (needsAmount) {
      const n = Number(amount);
      if (!/^\d+$/.test(amount.trim()) || n < 1) return t`Enter a whole number of credits, 1 or more.`;
      return { kind: 'adjust', body: { ...base, amount: kind === 'grant' ? n : -n } };
    }
    if (kind === 'suspend' || kind === 'unsuspend') return { kind: 'suspend', body: { ...base, suspended: kind === 'suspend' } };
    if (kind === 'arena_exclude' || kind === 'arena_include')
      return { kind: 'arena', body: { ...base, excluded: kind === 'arena_exclude' } };
    return { kind, body: base };
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const built = build();
    if (typeof built === 'string') return setNote({ text: built, error: true });
    try {
      const answer = await action.mutateAsync(built);
      setNote({ text: answer.message, error: false });
      setAmount('');
      setReason('');
    } catch (error) {
      setNote({ text: error instanceof ApiError ? error.message : t`The action failed. Please try again.`, error: true });
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label={t`Account actions`} className="rounded-2xl border border-border bg-surface p-4" noValidate>
      <h2 className="text-lg text-fg">
        <Trans>Actions</Trans>
      </h2>
      <div role="radiogroup" aria-label={t`Action`} className="mt-3 flex flex-wrap gap-2">
        {kinds.map((k) => (
          <Button
            key={k}
            size="sm"
            role="radio"
            aria-checked={kind === k}
            variant={kind === k ? (k === 'suspend' ? 'danger' : 'primary') : 'outline'}
            onClick={() => {
              setKind(k);
              setNote(null);
            }}
          >
            {i18n._(LABELS[k])}
          </Button>
        ))}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {needsAmount && (
          <Input
            aria-label={t`Credits`}
            inputMode="numeric"
            placeholder={t`Credits`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="sm:w-32"
          />
        )}
        <Input
          aria-label={t`Reason`}
          placeholder={t`Reason (required)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          // Grows along the row from 640 px; in the phone's column, flex-1 would squash its height.
          className="sm:flex-1"
        />
        <Button type="submit" loading={action.isPending} variant={kind === 'suspend' ? 'danger' : 'primary'}>
          {i18n._(LABELS[kind])}
        </Button>
      </div>
      {note && (
        <p role={note.error ? 'alert' : 'status'} className={note.error ? 'mt-3 text-sm text-danger' : 'mt-3 text-sm text-success'}>
          {note.text}
        </p>
      )}
    </form>
  );
}
