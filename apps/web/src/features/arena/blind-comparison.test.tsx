import { type ArenaReveal, type ArenaStatus, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { type FakeAnswer, type FakeRoute, TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const STREAMS = { a: 'a'.repeat(32), b: 'b'.repeat(32), c: 'c'.repeat(32) };
const info = (remaining: number) => ({ remaining, credits_used: 25 - remaining, status: 'active' });
const FIGURES = { credits: 1, ttft_ms: 250, total_ms: 1800, tokens_in: 9, tokens_out: 120 };

/** A blind slot's stream: the connection line, its text, [DONE] (no figures, no model). */
const sse = (text: string) =>
  `data: {"type":"connection_established","stream_id":"x","message_id":null}\n\nid: 1\ndata: ${JSON.stringify({ content: text, message_id: null, format: 'markdown' })}\n\ndata: [DONE]\n\n`;
const failedSse =
  'data: {"type":"connection_established","stream_id":"x","message_id":null}\n\ndata: {"error":"The provider failed to answer"}\n\n';

const started = (slots: ('a' | 'b' | 'c')[], over: Record<string, unknown> = {}) => ({
  json: {
    status: 'success',
    comparison_id: 41,
    slots: slots.map((slot) => ({ slot, stream_id: STREAMS[slot] })),
    cost: 2,
    demo: false,
    ...over,
  },
});

/** A status.php answer for a text comparison. */
const status = (state: ArenaStatus['state'], voidReason: ArenaStatus['void_reason'] = null): FakeAnswer => ({
  json: { status: 'success', type: 'text', state, void_reason: voidReason, slots: [] },
});

const REVEAL: ArenaReveal = {
  status: 'success',
  slots: [
    { slot: 'a', model: 'gpt-4o' },
    { slot: 'b', model: 'claude-3-7-sonnet-latest' },
  ],
  counted: false,
  figures: { a: FIGURES, b: { ...FIGURES, ttft_ms: 90 } },
};

/** The arena's routes, each answer replaceable; returns the fetch stub. */
function stubArena(routes: Record<string, FakeAnswer | FakeRoute> = {}, user: typeof TEST_USER | null = null) {
  return stubApi({
    user,
    routes: {
      'POST /api/credits/check_credits.php': { json: { status: 'success', credits_info: info(23), plan: 'guest' } },
      'POST /api/arena/start.php': started(['a', 'b']),
      'GET /api/messages/chat.php': (_init, url) => ({ text: sse(`Reply from slot ${url.searchParams.get('stream_id')?.[0]}`) }),
      'GET /api/arena/status.php': status('ready'),
      'POST /api/arena/vote.php': { json: REVEAL },
      'POST /api/messages/stop.php': { json: { status: 'success', stopped: true } },
      ...routes,
    },
  });
}

function bodiesOf(fetchStub: ReturnType<typeof stubApi>, path: string): Record<string, unknown>[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openBlind() {
  renderApp('/prod/compare');
  await userEvent.click(await screen.findByRole('switch', { name: 'Blind' }));
  await screen.findByTestId('blind-form');
}

async function send(prompt: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await userEvent.click(screen.getByRole('button', { name: 'Compare blind' }));
}

/** Fails when anything that names a text model is in the page's markup (text, attributes, hidden text). */
function expectNoModelInPage() {
  const html = document.body.innerHTML;
  for (const m of TEXT_MODELS) {
    expect(html, m.id).not.toContain(m.id);
    expect(html, m.name).not.toContain(m.name);
  }
  expect(html).not.toContain('/api/assets/icons/');
}

describe('Compare with Blind on', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('is a labelled switch that the keyboard turns on, and keeps the normal Compare as it was when off', async () => {
    stubArena();
    renderApp('/prod/compare');
    const toggle = await screen.findByRole('switch', { name: 'Blind' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { name: 'Ready to Compare' })).toBeInTheDocument();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('switch', { name: 'Blind' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('heading', { name: 'Ready to Compare Blind' })).toBeInTheDocument();
    expect(screen.queryByTestId('slot-0-picker')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Blind' }));
    expect(await screen.findByTestId('slot-0-picker')).toHaveTextContent('GPT-4o');
  });

  it('draws two models at the chosen cost, shows Model A and B without names, votes once and reveals them', async () => {
    const fetchStub = stubArena();
    await openBlind();
    // The costs with two or more text rows; the total is known before sending.
    expect(screen.getByTestId('blind-total')).toHaveTextContent('2 credits in all');
    await userEvent.click(screen.getByRole('radio', { name: '3 credits each' }));
    expect(screen.getByTestId('blind-total')).toHaveTextContent('6 credits in all');
    await userEvent.click(screen.getByRole('radio', { name: '1 credit each' }));
    await send('Explain rainbows');

    expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([{ type: 'text', prompt: 'Explain rainbows', cost: 1 }]);
    const a = await screen.findByRole('region', { name: 'Model A' });
    const b = screen.getByRole('region', { name: 'Model B' });
    await waitFor(() => expect(a).toHaveAttribute('data-status', 'complete'));
    await waitFor(() => expect(b).toHaveAttribute('data-status', 'complete'));
    expect(a).toHaveTextContent('Reply from slot a');
    expect(b).toHaveTextContent('Reply from slot b');
    // The streams were read by id alone.
    const streamUrls = fetchStub.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('stream=true'));
    expect(streamUrls.sort()).toEqual([
      `/api/messages/chat.php?stream=true&stream_id=${STREAMS.a}`,
      `/api/messages/chat.php?stream=true&stream_id=${STREAMS.b}`,
    ]);
    expect(screen.getByTestId('blind-summary')).toHaveTextContent('This comparison costs 2 credits in all.');

    const vote = await screen.findByTestId('blind-vote');
    expectNoModelInPage();
    expect(
      within(vote)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['A is better', 'B is better', 'Tie', 'All bad']);
    await userEvent.click(within(vote).getByRole('button', { name: 'A is better' }));

    const reveal = await screen.findByTestId('blind-reveal');
    expect(reveal).toHaveTextContent('You voted: A is better.');
    expect(within(reveal).getByTestId('blind-counted')).toHaveTextContent(
      'Votes from guests do not count in the ranking. Sign up and confirm your e-mail address for your votes to count.',
    );
    expect(within(a).getByTestId('arena-slot-a-model')).toHaveTextContent('GPT-4o');
    expect(within(b).getByTestId('arena-slot-b-model')).toHaveTextContent('Claude 3.7 Sonnet');
    expect(within(a).getByTestId('arena-slot-a-figures')).toHaveTextContent(
      'GPT-4o · 1 credit · first token 250 ms · total 1.8 s · 9 in / 120 out tokens',
    );
    expect(within(a).getByText('Your pick')).toBeInTheDocument();
    // One vote: the buttons are gone.
    expect(screen.queryByTestId('blind-vote')).toBeNull();
    expect(bodiesOf(fetchStub, '/api/arena/vote.php')).toEqual([{ comparison_id: 41, outcome: 'a' }]);
  });

  it('sends two or three picked models of one cost, and refuses different costs before sending', async () => {
    const fetchStub = stubArena({ 'POST /api/arena/start.php': started(['a', 'b', 'c'], { cost: 3 }) });
    await openBlind();
    await userEvent.click(screen.getByRole('radio', { name: 'Choose the models' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Compare blind' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose two or three models to compare blind.');

    const pick = async (index: number, name: RegExp) => {
      await userEvent.click(screen.getByTestId(`blind-pick-${index}`));
      await userEvent.click(await screen.findByRole('menuitem', { name }));
    };
    await pick(0, /^GPT-4o\b(?!.*mini)/);
    await pick(1, /o1-mini/);
    expect(screen.getByTestId('blind-picks-problem')).toHaveTextContent('Choose models of the same cost');
    expect(screen.queryByTestId('blind-total')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Compare blind' }));
    expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([]);

    await pick(1, /Claude 3\.7 Sonnet/);
    await pick(2, /Gemini 2\.0 Flash/);
    expect(screen.queryByTestId('blind-picks-problem')).toBeNull();
    expect(screen.getByTestId('blind-total')).toHaveTextContent('3 credits in all');
    await userEvent.click(screen.getByRole('button', { name: 'Compare blind' }));
    await waitFor(() =>
      expect(bodiesOf(fetchStub, '/api/arena/start.php')).toEqual([
        { type: 'text', prompt: 'Hi', models: ['gpt-4o', 'claude-3-7-sonnet-latest', 'gemini-2.0-flash-exp'] },
      ]),
    );
    const vote = await screen.findByTestId('blind-vote');
    expect(within(vote).getByRole('button', { name: 'C is better' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Model C' })).toHaveAttribute('data-status', 'complete');
  });

  it('offers no vote when a reply failed, and says the comparison was refunded', async () => {
    const fetchStub = stubArena({
      'GET /api/messages/chat.php': (_init, url) => ({ text: url.searchParams.get('stream_id') === STREAMS.b ? failedSse : sse('Fine') }),
      'GET /api/arena/status.php': status('void', 'failed'),
    });
    await openBlind();
    await send('Explain rainbows');
    const void_ = await screen.findByTestId('blind-void');
    expect(void_).toHaveTextContent('A reply failed, so this comparison cannot be voted on. Failed comparisons are refunded');
    expect(screen.getByRole('region', { name: 'Model B' })).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('region', { name: 'Model B' })).toHaveTextContent('The provider failed to answer');
    expect(screen.queryByTestId('blind-vote')).toBeNull();
    expect(bodiesOf(fetchStub, '/api/arena/vote.php')).toEqual([]);
    expectNoModelInPage();
  });

  it('offers no vote on a comparison whose reply was stopped', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchStub = stubArena({
      'GET /api/messages/chat.php': async (_init, url) => {
        if (url.searchParams.get('stream_id') === STREAMS.a) await held;
        return { text: sse('Partial') };
      },
      'GET /api/arena/status.php': status('void', 'stopped'),
      'POST /api/messages/stop.php': () => {
        release();
        return { json: { status: 'success', stopped: true } };
      },
    });
    await openBlind();
    await send('Explain rainbows');
    const a = await screen.findByRole('region', { name: 'Model A' });
    await userEvent.click(await within(a).findByRole('button', { name: 'Stop model A' }));
    expect(await screen.findByTestId('blind-void')).toHaveTextContent('A reply was stopped, so this comparison cannot be voted on');
    expect(a).toHaveAttribute('data-status', 'stopped');
    expect(bodiesOf(fetchStub, '/api/messages/stop.php')).toEqual([{ stream_id: STREAMS.a }]);
    expect(screen.queryByTestId('blind-vote')).toBeNull();
  });

  it('tells a verified account its vote counts, and says so plainly for a demo comparison', async () => {
    stubArena({ 'POST /api/arena/vote.php': { json: { ...REVEAL, counted: true } } }, { ...TEST_USER, email_verified: true });
    await openBlind();
    await send('Explain rainbows');
    await userEvent.click(await screen.findByRole('button', { name: 'Tie' }));
    expect(await screen.findByTestId('blind-counted')).toHaveTextContent('Your vote counts in the leaderboard.');
    expect(screen.getByTestId('blind-reveal')).toHaveTextContent('You voted: a tie.');
  });

  it('names a demo comparison before the vote and after it', async () => {
    stubArena({ 'POST /api/arena/start.php': started(['a', 'b'], { demo: true }) }, { ...TEST_USER, email_verified: true });
    await openBlind();
    await send('Explain rainbows');
    expect(await screen.findByTestId('blind-summary')).toHaveTextContent('Demo comparison');
    await userEvent.click(await screen.findByRole('button', { name: 'All bad' }));
    expect(await screen.findByTestId('blind-counted')).toHaveTextContent('This was a demo comparison');
  });

  it('shows the refusal of a vote that came too late, and a start the credits do not cover', async () => {
    stubArena({
      'POST /api/arena/vote.php': {
        status: 409,
        json: { status: 'error', code: 'conflict', message: 'You have already voted on this comparison.' },
      },
    });
    await openBlind();
    await send('Explain rainbows');
    await userEvent.click(await screen.findByRole('button', { name: 'B is better' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already voted on this comparison.');

    stubArena({
      'POST /api/arena/start.php': {
        status: 402,
        json: { status: 'error', code: 'credits_exhausted', message: 'Anonymous credits depleted. Sign up now to get 100 free credits!' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Compare blind' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Anonymous credits depleted');
    expect(within(alert).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
  });
});
