import type { ArenaOutcome } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Scale, ThumbsDown, Trophy } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { BlindComparison } from '../blind-types';
import { slotLetter } from './blind-slot-card';

/** Who voted, as far as it decides whether a vote counts. */
export type Voter = 'guest' | 'unverified' | 'verified';

const panel = 'mt-6 rounded-2xl border p-4 sm:p-5';

/** Why a vote did not count, in plain words (or that it counts). */
function CountedNote({ counted, demo, voter }: { counted: boolean; demo: boolean; voter: Voter }) {
  if (counted) return <Trans>Your vote counts in the leaderboard.</Trans>;
  if (demo)
    return (
      <Trans>
        This was a demo comparison (the server has no API keys, so the built-in demo provider answered): your vote does not count in the
        ranking.
      </Trans>
    );
  if (voter === 'guest')
    return <Trans>Votes from guests do not count in the ranking. Sign up and confirm your e-mail address for your votes to count.</Trans>;
  if (voter === 'unverified')
    return (
      <Trans>
        Your e-mail address is not confirmed yet, so your vote does not count in the ranking. Confirm it for your next votes to count.
      </Trans>
    );
  return <Trans>This vote does not count in the ranking.</Trans>;
}

/** Why a blind image comparison has no vote: a picture that could not be made (refunded), or a day without a vote. */
function PicturesVoid({ phase, reason }: { phase: BlindComparison['phase']; reason: BlindComparison['voidReason'] }) {
  if (phase === 'unsettled') return <Trans>The pictures could not be followed to their end, so this comparison cannot be voted on.</Trans>;
  if (reason === 'expired')
    return (
      <Trans>
        This comparison was not voted on within a day, so it can no longer be voted on. Its pictures are in{' '}
        <Link to="/my-assets" className="font-medium text-accent-ink underline-offset-2 hover:underline">
          My Assets
        </Link>
        .
      </Trans>
    );
  if (reason === 'stopped') return <Trans>A picture was stopped, so this comparison cannot be voted on: both pictures must be made.</Trans>;
  return (
    <Trans>
      A picture could not be made, so this comparison cannot be voted on. Failed comparisons are refunded: every credit it cost has been
      given back.
    </Trans>
  );
}

/**
 * Under a blind comparison: the vote once every reply (or picture) is complete ("A is better", …, "Tie", "All bad" or,
 * for two pictures, "Both are bad"), then what was voted, whether it counts, and the leaderboard; or, for a void
 * comparison, why there is no vote.
 */
export function BlindVerdict({
  comparison,
  voter,
  onVote,
}: {
  comparison: BlindComparison;
  voter: Voter;
  onVote(outcome: ArenaOutcome): void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const { phase, slots } = comparison;

  const pictures = comparison.kind === 'image';
  if (phase === 'running')
    return (
      <p className="mt-4 text-sm text-muted" data-testid="blind-vote-wait">
        {pictures ? (
          <Trans>The vote opens once both pictures are drawn.</Trans>
        ) : (
          <Trans>The vote opens once every reply has finished.</Trans>
        )}
      </p>
    );

  if (phase === 'ready' || phase === 'voting') {
    const voting = phase === 'voting';
    const label = (outcome: ArenaOutcome) => {
      const letter = slotLetter(outcome as 'a');
      if (outcome === 'tie') return t`Tie`;
      if (outcome === 'all_bad') return pictures ? t`Both are bad` : t`All bad`;
      return t`${letter} is better`;
    };
    const outcomes: ArenaOutcome[] = [...slots.map((s) => s.slot), 'tie', 'all_bad'];
    return (
      <section aria-labelledby={headingId} className={`${panel} border-accent/40 bg-accent/5`} data-testid="blind-vote">
        <h2 id={headingId} className="text-lg text-fg">
          {pictures ? <Trans>Which picture is better?</Trans> : <Trans>Which reply is better?</Trans>}
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>One vote per comparison. The models are revealed once you have voted.</Trans>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {outcomes.map((outcome) => (
            <Button
              key={outcome}
              variant={outcome === 'tie' || outcome === 'all_bad' ? 'outline' : 'primary'}
              icon={
                outcome === 'tie' ? (
                  <Scale className="size-4" aria-hidden />
                ) : outcome === 'all_bad' ? (
                  <ThumbsDown className="size-4" aria-hidden />
                ) : (
                  <Trophy className="size-4" aria-hidden />
                )
              }
              disabled={voting}
              aria-busy={voting && comparison.outcome === outcome ? true : undefined}
              onClick={() => onVote(outcome)}
            >
              {label(outcome)}
            </Button>
          ))}
        </div>
      </section>
    );
  }

  if (phase === 'voted') {
    const outcome = comparison.outcome;
    const letter = outcome ? slotLetter(outcome as 'a') : '';
    const choice =
      outcome === 'tie'
        ? t`You voted: a tie.`
        : outcome === 'all_bad'
          ? pictures
            ? t`You voted: both are bad.`
            : t`You voted: all bad.`
          : outcome
            ? t`You voted: ${letter} is better.`
            : t`This comparison has been voted on.`;
    return (
      <section aria-labelledby={headingId} className={`${panel} border-border bg-surface`} data-testid="blind-reveal">
        <h2 id={headingId} className="text-lg text-fg">
          <Trans>The models are revealed</Trans>
        </h2>
        <p className="mt-1 text-sm text-fg">{choice}</p>
        {comparison.reveal && (
          <p className="mt-1 text-sm text-muted" data-testid="blind-counted">
            <CountedNote counted={comparison.reveal.counted} demo={comparison.demo} voter={voter} />
          </p>
        )}
        {pictures && (
          <p className="mt-1 text-sm text-muted" data-testid="blind-in-assets">
            {voter === 'guest' ? (
              // A guest's pictures are kept and follow them into the account they make.
              <Trans>
                Both pictures are kept for you:{' '}
                <Link to="/signup" className="font-medium text-accent-ink underline-offset-2 hover:underline">
                  sign up
                </Link>{' '}
                to find them in My Assets.
              </Trans>
            ) : (
              <Trans>
                Both pictures are now in{' '}
                <Link to="/my-assets" className="font-medium text-accent-ink underline-offset-2 hover:underline">
                  My Assets
                </Link>
                .
              </Trans>
            )}
          </p>
        )}
        <Link
          to={pictures ? '/leaderboard?type=image' : '/leaderboard'}
          className="mt-3 inline-block text-sm font-medium text-accent-ink underline-offset-2 hover:underline"
        >
          <Trans>See the leaderboard</Trans>
        </Link>
      </section>
    );
  }

  if (phase === 'void' || phase === 'unsettled')
    return (
      <section aria-labelledby={headingId} className={`${panel} border-warning/40 bg-warning/10`} data-testid="blind-void">
        <h2 id={headingId} className="text-lg text-fg">
          <Trans>No vote on this comparison</Trans>
        </h2>
        <p className="mt-1 text-sm text-fg">
          {pictures ? (
            <PicturesVoid phase={phase} reason={comparison.voidReason} />
          ) : phase === 'unsettled' ? (
            <Trans>A reply could not be read to its end, so this comparison cannot be voted on.</Trans>
          ) : comparison.voidReason === 'stopped' ? (
            <Trans>A reply was stopped, so this comparison cannot be voted on: every reply must be complete.</Trans>
          ) : (
            <Trans>
              A reply failed, so this comparison cannot be voted on. Failed comparisons are refunded: every credit it cost has been given
              back.
            </Trans>
          )}
        </p>
        <p className="mt-1 text-sm text-muted">
          <Trans>Send the prompt again for a new comparison.</Trans>
        </p>
      </section>
    );

  return null;
}
