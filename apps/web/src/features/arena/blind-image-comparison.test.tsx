import { type ArenaReveal, type ArenaSlotState, type ArenaStatus, IMAGE_MODELS, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { type FakeAnswer, type FakeRoute, TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const info = (remaining: number) => ({ remaining, credits_used: 25 - remaining, status: 'active' });
// Picture URLs as the server gives them: unguessable, naming no model.
const PICTURES = { a: '/api/images/file/Qx7tPz0aaaaaaaaaaaaaaa', b: '/api/images/file/Qx7tPz0bbbbbbbbbbbbbbb' };

const started: FakeAnswer = {
  json: {
    status: 'success',
    comparison_id: 52,
    slots: [
      { slot: 'a', stream_id: 'a'.repeat(32) },
      { slot: 'b', stream_id: 'b'.repeat(32) },
    ],
    cost: 6,
    demo: false,
  },
};

const running: ArenaSlotState = { slot: 'a', state: 'running' };
const drawn = (slot: 'a' | 'b'): ArenaSlotState => ({ slot, state: 'complete', image_url: PICTURES[slot], width: 1024, height: 1024 });

/** A status.php answer for an image comparison. */
const status = (state: ArenaStatus['state'], slots: ArenaSlotState[], voidReason: ArenaStatus['void_reason'] = null): FakeAnswer => ({
  json: { status: 'success', type: 'image', state, void_reason: voidReason, slots },
});

/** status.php answering each of `answers` in turn, then the last one again and again. */
function inTurn(answers: FakeAnswer[]): FakeRoute {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] as FakeAnswer;
}

const REVEAL: ArenaReveal = {
  status: 'success',
  slots: [
    { slot: 'a', model: 'dall-e-3' },
    { slot: 'b', model: 'sdxl' },
  ],
  counted: false,
  figures: { a: { credits: 3, total_ms: 1200 }, b: { credits: 3, total_ms: 14_000 } },
};

/** The image arena's routes, each answer replaceable; returns the fetch stub. */
function stubImageArena(routes: Record<string, FakeAnswer | FakeRoute> = {}, user: typeof TEST_USER | null = null) {
  return stubApi({
    user,
    routes: {
      'POST /api/credits/check_credits.php': { json: { status: 'success', credits_info: info(19), plan: 'guest' } },
      'POST /api/arena/start.php': started,
      'GET /api/arena/status.php': inTurn([
        status('running', [running, { ...running, slot: 'b' }]),
        status('running', [drawn('a'), { ...running, slot: 'b' }]),
        status('ready', [drawn('a'), drawn('b')]),
      ]),
      'POST /api/arena/vote.php': { json: REVEAL },
      ...routes,
    },
  });
}

function bodiesOf(fetchStub: ReturnType<typeof stubApi>, path: string): Record<string, unknown>[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openBlindStudio() {
  renderApp('/prod/image-studio?blind=1');
  await screen.findByTestId('blind-form');
}

async function generate(prompt: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
}

/** Fails when anything that names a model is in the page's markup (text, attributes, hidden text). */
function expectNoModelInPage() {
  const html = document.body.innerHTML;
  for (const m of [...IMAGE_MODELS, ...TEXT_MODELS]) {
    expect(html, m.id).not.toContain(m.id);
    expect(html, m.name).not.toContain(m.name);
  }
  expect(html).not.toContain('/api/assets/icons/');
}

// Pictures come from polling status.php about once a second: a few seconds for the whole comparison.
const SLOW = { timeout: 6000 };

describe('the Image Studio with Blind on', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('is a labelled switch beside the studio that swaps the studio for the blind comparison', async () => {
    stubImageArena();
    renderApp('/prod/image-studio');
    const toggle = await screen.findByRole('switch', { name: 'Blind' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { name: 'No images yet' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByRole('heading', { name: 'Ready to Compare Blind' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Model' })).toBeNull();
    // The cheapest cost with two image models; only the total shows.
    expect(screen.getByTestId('blind-total')).toHaveTextContent('6 credits in all');
    await userEvent.click(screen.getByRole('switch', { name: 'Blind' }));
    expect(await screen.findByRole('heading', { name: 'No images yet' })).toBeInTheDocument();
  });

  it('draws two pictures blind, shows each as it is drawn, votes once and reveals the models', async () => {
    const fetchStub = stubImageArena({}, TEST_USER);
    await openBlindStudio();
    await userEvent.click(screen.getByRole('radio', { name: '4 credits each' }));
    expect(screen.getByTestId('blind-total')).toHaveTextContent('8 credits in all');
    await userEvent.click(screen.getByRole('radio', { name: '3 credits each' }));
    await generate('A lighthouse at dusk');

    expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([{ type: 'image', prompt: 'A lighthouse at dusk', cost: 3 }]);
    const a = await screen.findByRole('region', { name: 'Model A' });
    const b = screen.getByRole('region', { name: 'Model B' });
    expect(a).toHaveTextContent('Drawing the picture...');
    expect(screen.getByTestId('blind-vote-wait')).toHaveTextContent('The vote opens once both pictures are drawn.');
    expect(screen.getByTestId('blind-summary')).toHaveTextContent('This comparison costs 6 credits in all.');

    // A's picture first, while B is still drawn.
    const pictureA = await within(a).findByRole('img', { name: 'Picture from Model A' }, SLOW);
    expect(pictureA).toHaveAttribute('src', PICTURES.a);
    expect(b).toHaveAttribute('data-status', 'loading');
    expect(screen.getByTestId('blind-progress')).toHaveTextContent('1 of 2 pictures drawn.');
    expect(within(b).getByText('Drawing the picture...')).toBeInTheDocument();
    expect(await within(b).findByRole('img', { name: 'Picture from Model B' }, SLOW)).toHaveAttribute('src', PICTURES.b);

    const vote = await screen.findByTestId('blind-vote', {}, SLOW);
    expect(screen.getByTestId('blind-progress')).toHaveTextContent('Both pictures are drawn. Vote for the better one.');
    expect(vote).toHaveTextContent('Which picture is better?');
    // Nothing names a model, and no per-picture figure shows, before the vote.
    expectNoModelInPage();
    expect(screen.queryByTestId('arena-slot-a-figures')).toBeNull();
    expect(
      within(vote)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['A is better', 'B is better', 'Tie', 'Both are bad']);
    await userEvent.click(within(vote).getByRole('button', { name: 'B is better' }));

    const reveal = await screen.findByTestId('blind-reveal');
    expect(reveal).toHaveTextContent('You voted: B is better.');
    expect(within(reveal).getByTestId('blind-in-assets')).toHaveTextContent('Both pictures are now in My Assets.');
    expect(within(reveal).getByRole('link', { name: 'My Assets' })).toHaveAttribute('href', '/prod/my-assets');
    expect(within(reveal).getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute('href', '/prod/leaderboard?type=image');
    expect(within(a).getByTestId('arena-slot-a-model')).toHaveTextContent('DALL-E 3 → GPT Image 2.6 Flare');
    expect(within(b).getByTestId('arena-slot-b-model')).toHaveTextContent('Stable Diffusion XL');
    expect(within(a).getByTestId('arena-slot-a-figures')).toHaveTextContent('DALL-E 3 → GPT Image 2.6 Flare · 3 credits · total 1.2 s');
    expect(within(b).getByTestId('arena-slot-b-figures')).toHaveTextContent('Stable Diffusion XL · 3 credits · total 14 s');
    expect(within(b).getByText('Your pick')).toBeInTheDocument();
    expect(screen.getByTestId('blind-progress')).toHaveTextContent('The models are revealed.');
    expect(screen.queryByTestId('blind-vote')).toBeNull();
    expect(bodiesOf(fetchStub, '/api/arena/vote.php')).toEqual([{ comparison_id: 52, outcome: 'b' }]);
    // The meter was refreshed with the balance after the start (one total, never per picture).
    expect(bodiesOf(fetchStub, '/api/credits/check_credits.php').length).toBeGreaterThanOrEqual(1);
  });

  it('tells a guest the pictures are kept for the account they sign up for', async () => {
    stubImageArena({ 'GET /api/arena/status.php': status('ready', [drawn('a'), drawn('b')]) });
    await openBlindStudio();
    await generate('A lighthouse at dusk');
    await userEvent.click(await screen.findByRole('button', { name: 'Both are bad' }, SLOW));
    const reveal = await screen.findByTestId('blind-reveal');
    expect(reveal).toHaveTextContent('You voted: both are bad.');
    expect(within(reveal).getByTestId('blind-in-assets')).toHaveTextContent(
      'Both pictures are kept for you: sign up to find them in My Assets.',
    );
    expect(within(reveal).getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/prod/signup');
  });

  it('offers no vote when a picture could not be made, and says every credit was given back', async () => {
    const fetchStub = stubImageArena({
      'GET /api/arena/status.php': status('void', [drawn('a'), { slot: 'b', state: 'failed' }], 'failed'),
    });
    await openBlindStudio();
    const before = bodiesOf(fetchStub, '/api/credits/check_credits.php').length;
    await generate('A lighthouse at dusk');
    const void_ = await screen.findByTestId('blind-void', {}, SLOW);
    expect(void_).toHaveTextContent(
      'A picture could not be made, so this comparison cannot be voted on. Failed comparisons are refunded: every credit it cost has been given back.',
    );
    expect(screen.getByRole('region', { name: 'Model B' })).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('region', { name: 'Model B' })).toHaveTextContent('This picture could not be made.');
    expect(screen.queryByTestId('blind-vote')).toBeNull();
    expect(screen.getByTestId('blind-progress')).toHaveTextContent('No vote on this comparison.');
    expect(bodiesOf(fetchStub, '/api/arena/vote.php')).toEqual([]);
    // The balance is read again after the start and after the refund.
    await waitFor(() => expect(bodiesOf(fetchStub, '/api/credits/check_credits.php').length).toBeGreaterThanOrEqual(before + 2));
    expectNoModelInPage();
  });

  it('says a comparison left a day unvoted can no longer be voted on, its pictures in My Assets', async () => {
    let expired = false;
    stubImageArena({
      'GET /api/arena/status.php': () =>
        expired ? status('void', [drawn('a'), drawn('b')], 'expired') : status('ready', [drawn('a'), drawn('b')]),
      'POST /api/arena/vote.php': () => {
        expired = true;
        return { status: 409, json: { status: 'error', code: 'conflict', message: 'This comparison can no longer be voted on.' } };
      },
    });
    await openBlindStudio();
    await generate('A lighthouse at dusk');
    await userEvent.click(await screen.findByRole('button', { name: 'Tie' }, SLOW));
    const void_ = await screen.findByTestId('blind-void');
    expect(screen.queryByTestId('blind-reveal')).toBeNull();
    expect(void_).toHaveTextContent('This comparison was not voted on within a day, so it can no longer be voted on.');
    expect(within(void_).getByRole('link', { name: 'My Assets' })).toHaveAttribute('href', '/prod/my-assets');
    expect(screen.getByRole('alert')).toHaveTextContent('This comparison can no longer be voted on.');
    expect(screen.queryByTestId('blind-vote')).toBeNull();
  });

  it('lets two image models of one cost be picked, and refuses different costs before sending', async () => {
    const fetchStub = stubImageArena();
    await openBlindStudio();
    await userEvent.click(screen.getByRole('radio', { name: 'Choose the models' }));
    // Two pictures: two pickers, no third.
    expect(screen.getByTestId('blind-pick-1')).toBeInTheDocument();
    expect(screen.queryByTestId('blind-pick-2')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'A fox');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose two models to compare blind.');

    const pick = async (index: number, name: RegExp) => {
      await userEvent.click(screen.getByTestId(`blind-pick-${index}`));
      await userEvent.click(await screen.findByRole('menuitem', { name }));
    };
    await pick(0, /Flux Schnell/);
    await pick(1, /Stable Diffusion XL/);
    expect(screen.getByTestId('blind-picks-problem')).toHaveTextContent('Choose models of the same cost');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([]);

    await pick(1, /^Flux Pro/);
    expect(screen.getByTestId('blind-total')).toHaveTextContent('8 credits in all');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([{ type: 'image', prompt: 'A fox', models: ['flux', 'flux-pro'] }]),
    );
  });
});
