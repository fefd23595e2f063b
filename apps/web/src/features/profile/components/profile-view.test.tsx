import type { UserStats } from '@ensemble/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emitBrowserEvent } from '@/lib/browser-events';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const STATS: UserStats = {
  total_messages: 42,
  total_threads: 7,
  credits_used: 12,
  credits_remaining: 88,
  subscription_tier: 'free',
  subscription_status: 'none',
  subscription_end_date: null,
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function statsAnswer(stats: UserStats = STATS) {
  return { json: { status: 'success', stats, user: TEST_USER } };
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

function figure(card: HTMLElement, label: string) {
  const term = within(card).getAllByText(label, { selector: 'dt' })[0];
  return term.parentElement?.querySelector('dd')?.textContent;
}

describe('the profile page', () => {
  it('shows this month’s chat and API usage apart', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': statsAnswer(),
        'GET /api/auth/activity_handler.php': {
          json: {
            status: 'success',
            activity: [],
            usage: { month: '2026-11', chat: { requests: 12, credits: 30 }, api: { requests: 1, credits: 4 } },
          },
        },
      },
    });
    renderApp('/prod/profile');
    const card = await screen.findByRole('region', { name: 'This month' });
    expect(figure(card, 'In the chat')).toBe('12 requests · 30 credits');
    expect(figure(card, 'Through API keys')).toBe('1 request · 4 credits');
  });

  it('shows the overview, the figures and the recent activity with an icon per type', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': statsAnswer(),
        'GET /api/auth/activity_handler.php': {
          json: {
            status: 'success',
            activity: [
              { id: 3, activity_type: 'settings', description: 'Changed theme to light', created_at: minutesAgo(5) },
              { id: 2, activity_type: 'login', description: 'Signed in', created_at: minutesAgo(60 * 26) },
              { id: 1, activity_type: 'register', description: 'Created an account', created_at: minutesAgo(60 * 24 * 3) },
            ],
          },
        },
      },
    });
    renderApp('/prod/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Usage and Credits' });

    const overview = region('Overview');
    expect(within(overview).getByText('ada')).toBeInTheDocument();
    expect(within(overview).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(overview).getByText('A')).toBeInTheDocument();
    expect(figure(overview, 'Subscription')).toBe('No active subscription');
    expect(figure(overview, 'Current plan')).toBe('Free');
    expect(figure(overview, 'Member since')).toBe('May 1, 2024');

    const usage = region('Usage and Credits');
    expect(figure(usage, 'Credits available')).toBe('88');
    expect(figure(usage, 'Credits used')).toBe('12');
    expect(figure(usage, 'Total messages')).toBe('42');
    expect(figure(usage, 'Total threads')).toBe('7');
    expect(within(usage).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/prod/subscription');

    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('[data-activity-icon]')?.getAttribute('data-activity-icon'))).toEqual([
      'settings',
      'login',
      'default',
    ]);
    expect(items[0]).toHaveTextContent('Changed theme to light');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveTextContent('yesterday');
    expect(items[2]).toHaveTextContent('3 days ago');
  });

  it('shows an active paid plan with its renewal date', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': statsAnswer({
          ...STATS,
          subscription_tier: 'pro',
          subscription_status: 'active',
          subscription_end_date: '2030-02-03T00:00:00.000Z',
          credits_remaining: 1500,
        }),
        'GET /api/auth/activity_handler.php': { json: { status: 'success', activity: [] } },
      },
    });
    renderApp('/prod/profile');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(figure(overview, 'Subscription')).toBe('ActiveRenews February 3, 2030');
    expect(figure(overview, 'Current plan')).toBe('Pro');
    expect(figure(region('Usage and Credits'), 'Credits available')).toBe('1,500');
  });

  it('has an empty state when there is no activity', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': statsAnswer(),
        'GET /api/auth/activity_handler.php': { json: { status: 'success', activity: [] } },
      },
    });
    renderApp('/prod/profile');
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent activity' })).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let stats: { status?: number; json: unknown } = {
      status: 500,
      json: { status: 'error', message: 'Something went wrong on our side (reference r9).' },
    };
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': () => stats,
        'GET /api/auth/activity_handler.php': { status: 503, json: { status: 'error', message: 'Activity is unavailable' } },
      },
    });
    renderApp('/prod/profile');
    expect(await screen.findByText('Something went wrong on our side (reference r9).', {}, { timeout: 4000 })).toBeInTheDocument();
    stats = statsAnswer();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Usage and Credits' })).toBeInTheDocument();
    expect(await screen.findByText('Activity is unavailable', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('refetches the figures when credits change', async () => {
    let remaining = 88;
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/user_handler.php': () => statsAnswer({ ...STATS, credits_remaining: remaining }),
        'GET /api/auth/activity_handler.php': { json: { status: 'success', activity: [] } },
      },
    });
    renderApp('/prod/profile');
    const usage = await screen.findByRole('region', { name: 'Usage and Credits' });
    expect(figure(usage, 'Credits available')).toBe('88');
    remaining = 85;
    act(() => emitBrowserEvent('creditUpdate', { credits: 85 }));
    await waitFor(() => expect(figure(region('Usage and Credits'), 'Credits available')).toBe('85'));
  });
});
