import { PROMPT_LIMITS, type SavedPrompt, promptVariables } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreatePrompt } from '../api/create-prompt';
import { useUpdatePrompt } from '../api/update-prompt';
import { VariableChips } from './variable-chips';

/** "New prompt" or Edit, in a dialog: a title and a text, with the `{{variables}}` the text holds listed as it changes. */
export function PromptEditor({ prompt, onClose }: { prompt?: SavedPrompt; onClose(): void }) {
  const { t } = useLingui();
  const formId = useId();
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [body, setBody] = useState(prompt?.body ?? '');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const variables = promptVariables(body);
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const example = '{{name}}';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(title.trim() ? {} : { title: t`Give the prompt a title.` }),
      ...(body.trim() ? {} : { body: t`Write the prompt's text.` }),
    };
    setErrors(found);
    if (found.title || found.body) return;
    try {
      if (prompt) await update.mutateAsync({ id: prompt.id, title, body });
      else await create.mutateAsync({ title, body });
      onClose();
    } catch {
      // The banner says why.
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={prompt ? t`Edit prompt` : t`New prompt`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} loading={saving} data-testid="save-prompt">
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate className="flex flex-col gap-4" data-testid="prompt-form">
        {failure && <ErrorBanner message={failure.message} />}
        <Field label={t`Title`} error={errors.title}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={PROMPT_LIMITS.titleMax} required />
        </Field>
        <Field label={t`Text`} error={errors.body} hint={t`Use ${example} for a value you fill in each time.`}>
          <Textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={PROMPT_LIMITS.bodyMax}
            rows={8}
            required
            className="min-h-40 font-mono text-sm"
          />
        </Field>
        <div aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="detected-variables">
          {variables.length ? (
            <>
              <span>
                <Trans>Variables:</Trans>
              </span>
              <VariableChips variables={variables} />
            </>
          ) : (
            <Trans>No variables yet.</Trans>
          )}
        </div>
      </form>
    </Dialog>
  );
}
