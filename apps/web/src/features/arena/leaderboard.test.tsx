import { type ArenaLeaderboard, type LeaderboardModel, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const row = (model: string, over: Partial<LeaderboardModel> = {}): LeaderboardModel => ({
  model,
  rating: 1000,
  ci_low: 980,
  ci_high: 1020,
  votes: 40,
  win_rate: 0.5,
  rank: 1,
  wins: 20,
  losses: 20,
  ties: 0,
  all_bad: 0,
  ...over,
});

const BOARD: ArenaLeaderboard = {
  status: 'success',
  type: 'text',
  period: 'all',
  mine: false,
  models: [
    row('gpt-4o', { rating: 1052.4, ci_low: 1030.2, ci_high: 1071.8, votes: 1234, win_rate: 0.634, rank: 1 }),
    row('claude-3-7-sonnet-latest', { rating: 1041, ci_low: 1012, ci_high: 1066, votes: 980, win_rate: 0.58, rank: 1 }),
    row('gemini-2.0-flash-exp', { rating: 907, ci_low: 880, ci_high: 930, votes: 600, win_rate: 0.31, rank: 3 }),
  ],
  provisional: [row('deepseek-chat', { rating: 1010, ci_low: 900, ci_high: 1120, votes: 7, win_rate: 0.57, rank: null })],
  matrix: {
    'gpt-4o': { 'claude-3-7-sonnet-latest': 0.55, 'gemini-2.0-flash-exp': 0.72 },
    'claude-3-7-sonnet-latest': { 'gpt-4o': 0.45, 'gemini-2.0-flash-exp': 0.7 },
    'gemini-2.0-flash-exp': { 'gpt-4o': 0.28, 'claude-3-7-sonnet-latest': 0.3, 'deepseek-chat': 0.4 },
    'deepseek-chat': { 'gemini-2.0-flash-exp': 0.6 },
  },
  votes: 1407,
  apart: { guests: 30, unverified: 12 },
  min_votes: 20,
  computed_at: '2026-03-05T10:30:00.000Z',
};

const EMPTY: ArenaLeaderboard = { ...BOARD, models: [], provisional: [], matrix: {}, votes: 0, apart: { guests: 0, unverified: 0 } };

function leaderboardCalls(fetchStub: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchStub.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/arena/leaderboard.php')
    .map((u) => Object.fromEntries(u.searchParams));
}

const nameOf = (id: string) => TEXT_MODELS.find((m) => m.id === id)?.name;
const CLAUDE = nameOf('claude-3-7-sonnet-latest');
const GEMINI = nameOf('gemini-2.0-flash-exp');
const DEEPSEEK = nameOf('deepseek-chat');

const cells = (tr: HTMLElement) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent);

describe('the leaderboard', () => {
  it('ranks the models with intervals, lists the provisional ones apart, and shows the win-rate matrix', async () => {
    const fetchStub = stubApi({ routes: { 'GET /api/arena/leaderboard.php': { json: BOARD } } });
    renderApp('/prod/leaderboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    const ranked = await screen.findByRole('table', { name: 'Ranked models' });
    const rows = within(ranked).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rank', 'Model', 'Rating', '95% interval', 'Votes', 'Win rate']);
    // Equal ranks where the intervals overlap, as the server gives them; numbers in the page's language.
    expect(cells(rows[1] as HTMLElement)).toEqual(['1', 'GPT-4o', '1,052', '1,030–1,072', '1,234', '63%']);
    expect(cells(rows[2] as HTMLElement)).toEqual(['1', CLAUDE, '1,041', '1,012–1,066', '980', '58%']);
    expect(cells(rows[3] as HTMLElement)[0]).toBe('3');

    const provisional = screen.getByRole('table', { name: 'Provisional models' });
    expect(
      within(provisional)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)),
    ).toEqual([[DEEPSEEK, '1,010', '900–1,120', '7', '57%']]);
    expect(screen.getByText('These models have fewer than 20 votes, so they are not ranked yet.')).toBeInTheDocument();

    const matrix = screen.getByRole('table', { name: 'Win rate of each model against each other model' });
    const matrixRows = within(matrix).getAllByRole('row');
    expect(
      within(matrixRows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['GPT-4o', CLAUDE, GEMINI, DEEPSEEK]);
    // GPT-4o's row: nothing against itself, 55% and 72%, and empty against a model it never met.
    expect(cells(matrixRows[1] as HTMLElement)).toEqual(['GPT-4o', '', '55%', '72%', '']);
    expect(cells(matrixRows[4] as HTMLElement)).toEqual([DEEPSEEK, '', '', '60%', '']);

    expect(screen.getByTestId('leaderboard-facts')).toHaveTextContent('1,407 ranked votes');
    expect(screen.getByTestId('leaderboard-apart')).toHaveTextContent('42 votes from guests and unverified accounts are not ranked.');
    expect(screen.getByTestId('leaderboard-computed')).toHaveTextContent('Computed Mar 5, 2026');
    expect(screen.getByRole('link', { name: 'Download votes (JSON lines)' })).toHaveAttribute('href', '/api/arena/votes.jsonl?type=text');
    expect(leaderboardCalls(fetchStub)).toEqual([{ type: 'text', period: 'all', mine: '0' }]);
    // A guest has no "my votes".
    expect(screen.queryByRole('switch', { name: 'My votes only' })).toBeNull();
  });

  it('switches to the image tab and the last 30 days, with the keyboard too', async () => {
    const fetchStub = stubApi({
      routes: {
        'GET /api/arena/leaderboard.php': (_init, url) => ({
          json: { ...EMPTY, type: url.searchParams.get('type'), period: url.searchParams.get('period') },
        }),
      },
    });
    renderApp('/prod/leaderboard');
    const text = await screen.findByRole('tab', { name: 'Text' });
    expect(text).toHaveAttribute('aria-selected', 'true');
    text.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Image' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Image' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    await waitFor(() => expect(leaderboardCalls(fetchStub).at(-1)).toEqual({ type: 'image', period: '30d', mine: '0' }));
    expect(await screen.findByText('No votes in the last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download votes (JSON lines)' })).toHaveAttribute('href', '/api/arena/votes.jsonl?type=image');
  });

  it('turns into a personal leaderboard with "My votes only" (accounts), without intervals', async () => {
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/arena/leaderboard.php': (_init, url) =>
          url.searchParams.get('mine') === '1'
            ? {
                json: {
                  ...BOARD,
                  mine: true,
                  votes: 12,
                  models: BOARD.models.map((m) => ({ ...m, ci_low: null, ci_high: null })),
                  provisional: [],
                },
              }
            : { json: BOARD },
      },
    });
    renderApp('/prod/leaderboard');
    await screen.findByRole('table', { name: 'Ranked models' });
    await userEvent.click(screen.getByRole('switch', { name: 'My votes only' }));
    await waitFor(() => expect(leaderboardCalls(fetchStub).at(-1)).toEqual({ type: 'text', period: 'all', mine: '1' }));
    await screen.findByText('Rated from your 12 votes, without intervals.');
    const ranked = screen.getByRole('table', { name: 'Ranked models' });
    expect(within(ranked).queryByRole('columnheader', { name: '95% interval' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'My votes only' })).toHaveAttribute('aria-checked', 'true');
  });

  it('invites the first vote when there are none, and is reached from the main navigation', async () => {
    stubApi({ routes: { 'GET /api/arena/leaderboard.php': { json: EMPTY } } });
    renderApp('/prod/compare');
    await userEvent.click(await screen.findByRole('link', { name: 'Leaderboard' }));
    const empty = await screen.findByTestId('leaderboard-empty');
    expect(within(empty).getByRole('heading', { name: 'No votes yet' })).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('link', { name: 'Compare blind' }));
    expect(await screen.findByRole('switch', { name: 'Blind' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says when it could not load, with a Retry', async () => {
    let calls = 0;
    stubApi({
      routes: {
        'GET /api/arena/leaderboard.php': () =>
          // The first load and its one automatic retry fail.
          calls++ < 2 ? { status: 503, json: { status: 'error', message: 'The leaderboard is unavailable' } } : { json: EMPTY },
      },
    });
    renderApp('/prod/leaderboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('The leaderboard is unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('leaderboard-empty')).toBeInTheDocument();
  });
});
