import { SYSTEM_PROMPT_MAX } from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { fetchDefaultSystemPrompt, saveDefaultSystemPrompt } from '../api/system-prompt';

/** What the section says after loading or saving (shown in the language active when it renders). */
const STATUS = {
  loadFailed: msg`Failed to load your default system prompt`,
  saved: msg`Saved. New threads start with it.`,
  saveFailed: msg`Failed to save your default system prompt`,
} as const;

/** The default system prompt for new threads: kept on the account when signed in, in this browser for guests. */
export function SystemPromptSection() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const local = usePreferences((s) => s.defaultSystemPrompt);
  const [draft, setDraft] = useState(user ? '' : local);
  const [loaded, setLoaded] = useState(!user);
  const [status, setStatus] = useState<MessageDescriptor | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    let alive = true;
    fetchDefaultSystemPrompt()
      .then((p) => alive && setDraft(p ?? ''))
      .catch(() => alive && setStatus(STATUS.loadFailed))
      .finally(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [user]);

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      if (user) await saveDefaultSystemPrompt(draft);
      else usePreferences.getState().setDefaultSystemPrompt(draft);
      setStatus(STATUS.saved);
    } catch {
      setStatus(STATUS.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="system-prompt" className="scroll-mt-24 rounded-3xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="system-prompt" className="text-2xl text-fg">
        <Trans>Default system prompt</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        {user ? (
          <Trans>Kept on your account. Every new thread starts with it; change it per thread in the thread's settings.</Trans>
        ) : (
          <Trans>Kept in this browser. Every new thread starts with it; change it per thread in the thread's settings.</Trans>
        )}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Field label={t`System prompt for new threads`}>
          <Textarea
            value={draft}
            maxLength={SYSTEM_PROMPT_MAX}
            rows={4}
            disabled={!loaded}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t`e.g. Answer briefly, in British English.`}
          />
        </Field>
        <div className="flex items-center gap-3">
          <Button size="sm" onClick={save} loading={saving} disabled={!loaded}>
            <Trans>Save default prompt</Trans>
          </Button>
          {status && (
            <span role="status" className="text-sm text-muted">
              {i18n._(status)}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
