import type { Assistant } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { AssistantMark } from './assistant-badge';

/** The empty chat of a chat started from an assistant (issue 40): who it is, and its starter prompts as buttons. */
export function AssistantIntro({ assistant, onPick }: { assistant: Assistant; onPick(prompt: string): void }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-5 px-4 py-10 text-center sm:px-6" data-testid="assistant-intro">
      <AssistantMark assistant={assistant} size="lg" />
      <div>
        <h2 className="text-2xl text-fg sm:text-3xl">{assistant.name}</h2>
        {assistant.description && <p className="mt-2 text-sm text-muted">{assistant.description}</p>}
      </div>
      {assistant.starters.length > 0 ? (
        <ul aria-label={t`Conversation starters`} className="grid w-full grid-cols-1 gap-2 sm:grid-cols-2">
          {assistant.starters.map((starter) => (
            <li key={starter}>
              <button
                type="button"
                onClick={() => onPick(starter)}
                className="h-full w-full rounded-xl border border-border bg-surface p-3 text-start text-sm text-fg transition hover:border-accent/50 hover:bg-surface-2"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          <Trans>Ask anything to start.</Trans>
        </p>
      )}
    </div>
  );
}
