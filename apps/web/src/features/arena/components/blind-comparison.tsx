import type { ReplyFigures } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EyeOff, Sparkles } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { useSession } from '@/features/session';
import { useModels } from '@/lib/models';
import { type BlindSetup, MAX_PICKS, blindModels, blindRequest, blindTotal, drawTiers, pickedModels, picksProblem } from '../blind-request';
import type { BlindKind } from '../blind-types';
import { useBlindComparison } from '../hooks/use-blind-comparison';
import { type BlindMode, BlindSetupFields } from './blind-setup-fields';
import { BlindProgress } from './blind-progress';
import { BlindSlotCard, type RevealedSlot } from './blind-slot-card';
import { BlindVerdict, type Voter } from './blind-verdict';

const GRID = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3' } as Record<number, string>;
// Two square pictures: stacked on a phone, side by side from a small tablet up, never wider than a comfortable look.
const PICTURE_GRID = 'mx-auto grid max-w-4xl gap-4 sm:grid-cols-2';

/**
 * A blind comparison (issue 41), on Compare with its Blind switch on (text) or in the Image Studio (`kind` image): one
 * prompt to two models the arena draws at a credit cost (or, for text, two or three the user picks at one cost; two
 * for pictures), shown as Model A, B (and C) with nothing naming them; once every reply or picture is complete, one
 * vote, and then the models are revealed with their figures.
 */
export function BlindComparison({ kind = 'text' }: { kind?: BlindKind } = {}) {
  const { t } = useLingui();
  const { user } = useSession();
  const { catalogue, find } = useModels();
  const { comparison, notice, dismissNotice, start, stop, vote } = useBlindComparison(kind);
  const pictures = kind === 'image';
  const [prompt, setPrompt] = useState('');
  const [mode, setMode] = useState<BlindMode>('draw');
  const tiers = useMemo(() => drawTiers(catalogue, kind), [catalogue, kind]);
  const [tier, setTier] = useState<number | null>(null);
  const cost = tier !== null && tiers.includes(tier) ? tier : (tiers[0] ?? null);
  const models = useMemo(() => blindModels(catalogue, kind), [catalogue, kind]);
  const [picks, setPicks] = useState<(string | null)[]>(() => Array(MAX_PICKS[kind]).fill(null));
  const picked = pickedModels(picks, (id) => find(id, kind));
  const setup: BlindSetup = mode === 'draw' ? { mode, cost } : { mode, picks };
  const total = blindTotal(setup, picked);
  const mismatch = mode === 'choose' ? picksProblem(picked) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const { phase, slots, reveal } = comparison;
  const running = phase === 'starting' || phase === 'running';
  const spent = comparison.cost;
  const voter: Voter = !user ? 'guest' : user.email_verified ? 'verified' : 'unverified';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const answer = blindRequest(prompt, setup, picked, kind);
    if ('problem' in answer) {
      // Picks of different costs are already refused beside the pickers.
      setProblem(answer.problem === mismatch ? null : answer.problem);
      return;
    }
    setProblem(null);
    void start(answer.request);
  };

  // Known only from the vote's answer: nothing about a slot's model is on the page before it.
  const revealed = (slot: string): RevealedSlot | undefined => {
    const modelId = reveal?.slots.find((s) => s.slot === slot)?.model;
    if (!modelId) return undefined;
    const figures = reveal?.figures[slot] as ReplyFigures | undefined;
    return { modelId, model: find(modelId, kind), ...(figures && typeof figures === 'object' ? { figures } : {}) };
  };

  return (
    <>
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid="blind-form">
        <p className="text-sm text-muted">
          {pictures ? (
            <Trans>
              Blind comparison: two models draw your prompt, hidden as Model A and Model B until you vote for the better picture. Votes
              build the{' '}
              <Link to="/leaderboard?type=image" className="font-medium text-accent-ink underline-offset-2 hover:underline">
                leaderboard
              </Link>
              .
            </Trans>
          ) : (
            <Trans>
              Blind comparison: the models stay hidden as Model A and Model B until you vote for the better reply. Votes build the{' '}
              <Link to="/leaderboard" className="font-medium text-accent-ink underline-offset-2 hover:underline">
                leaderboard
              </Link>
              .
            </Trans>
          )}
        </p>
        <textarea
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          aria-label={t`Prompt`}
          placeholder={pictures ? t`Describe the picture both models will draw...` : t`One prompt for every model...`}
          rows={3}
          className="w-full resize-y rounded-2xl border border-border bg-surface px-4 py-3 text-body text-fg outline-none placeholder:text-subtle focus:border-accent/60"
        />
        <BlindSetupFields
          mode={mode}
          onMode={(next) => {
            setMode(next);
            setProblem(null);
          }}
          tiers={tiers}
          cost={cost}
          onCost={setTier}
          models={models}
          picks={picks}
          onPick={(index, id) => {
            setPicks((list) => list.map((p, i) => (i === index ? id : p)));
            setProblem(null);
          }}
          picksProblem={mismatch}
          disabled={running}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            loading={running}
            icon={pictures ? <Sparkles className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          >
            {pictures ? <Trans>Generate</Trans> : <Trans>Compare blind</Trans>}
          </Button>
          {total !== null && (
            <p className="text-xs text-muted" data-testid="blind-total">
              {t`${plural(total, { one: '# credit in all', other: '# credits in all' })}`}
            </p>
          )}
        </div>
        {problem && <ErrorBanner message={problem} onDismiss={() => setProblem(null)} />}
        {notice && (
          <ErrorBanner message={notice.message} variant={notice.variant} actionHref={notice.actionHref} onDismiss={dismissNotice} />
        )}
      </form>
      {phase === 'idle' && (
        <div className="mt-6 rounded-2xl border border-dashed border-border px-6 py-8 text-center" data-testid="blind-empty">
          <h2 className="text-xl text-fg">
            <Trans>Ready to Compare Blind</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            {pictures ? (
              <Trans>Write one prompt, see two anonymous pictures side by side, and vote for the better one.</Trans>
            ) : (
              <Trans>Write one prompt, read the anonymous replies side by side, and vote for the better one.</Trans>
            )}
          </p>
        </div>
      )}
      {slots.length > 0 && (
        <>
          <p className="mt-6 text-xs text-muted" data-testid="blind-summary">
            {t`${plural(spent, { one: 'This comparison costs # credit in all.', other: 'This comparison costs # credits in all.' })}`}
            {comparison.demo && (
              <>
                {' '}
                <Trans>Demo comparison: the built-in demo provider answers (the server has no API keys), so its vote will not count.</Trans>
              </>
            )}
          </p>
          <div className={`mt-3 ${pictures ? PICTURE_GRID : `grid gap-4 ${GRID[slots.length] ?? ''}`}`}>
            {slots.map((slot) => (
              <BlindSlotCard
                key={slot.slot}
                slot={slot}
                kind={kind}
                revealed={phase === 'voted' ? revealed(slot.slot) : undefined}
                chosen={phase === 'voted' && comparison.outcome === slot.slot}
                onStop={() => stop(slot)}
              />
            ))}
          </div>
        </>
      )}
      {pictures && <BlindProgress comparison={comparison} />}
      <BlindVerdict comparison={comparison} voter={voter} onVote={(outcome) => void vote(outcome)} />
    </>
  );
}
