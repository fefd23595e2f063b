import { SYSTEM_PROMPT_MAX } from '@ensemble/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { fetchDefaultSystemPrompt, saveDefaultSystemPrompt } from '../api/system-prompt';

/** The default system prompt for new threads: kept on the account when signed in, in this browser for guests. */
export function SystemPromptSection() {
  const { user } = useSession();
  const local = usePreferences((s) => s.defaultSystemPrompt);
  const [draft, setDraft] = useState(user ? '' : local);
  const [loaded, setLoaded] = useState(!user);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    let alive = true;
    fetchDefaultSystemPrompt()
      .then((p) => alive && setDraft(p ?? ''))
      .catch(() => alive && setStatus('Failed to load your default system prompt'))
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
      setStatus('Saved. New threads start with it.');
    } catch {
      setStatus('Failed to save your default system prompt');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="system-prompt" className="scroll-mt-24 rounded-3xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="system-prompt" className="text-2xl text-fg">
        Default system prompt
      </h2>
      <p className="mt-1 text-sm text-muted">
        {user ? 'Kept on your account.' : 'Kept in this browser.'} Every new thread starts with it; change it per thread in the thread's
        settings.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Field label="System prompt for new threads">
          <Textarea
            value={draft}
            maxLength={SYSTEM_PROMPT_MAX}
            rows={4}
            disabled={!loaded}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. Answer briefly, in British English."
          />
        </Field>
        <div className="flex items-center gap-3">
          <Button size="sm" onClick={save} loading={saving} disabled={!loaded}>
            Save default prompt
          </Button>
          {status && (
            <span role="status" className="text-sm text-muted">
              {status}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
