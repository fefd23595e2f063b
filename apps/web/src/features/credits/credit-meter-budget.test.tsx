import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const CREDITS = 'POST /api/credits/check_credits.php';
const SPENDING = 'GET /api/user/spending.php';

function balance(remaining: number, spending: Record<string, unknown>) {
  return {
    json: {
      status: 'success',
      credits_info: { remaining, credits_used: 100 - remaining, status: 'active', max: 100 },
      plan: 'free',
      spending: { monthly_budget: null, low_balance_warning: null, month_spent: 0, day_spent: 0, daily_cap: null, ...spending },
    },
  };
}

describe('the credit meter with spending limits', () => {
  it('shows the monthly budget used and warns at the user’s own level', async () => {
    stubApi({ user: TEST_USER, routes: { [CREDITS]: balance(80, { monthly_budget: 300, month_spent: 45, low_balance_warning: 90 }) } });
    renderApp('/prod/thread');
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('80'));
    await userEvent.click(screen.getByRole('button', { name: /credits$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('credit-budget')).toHaveTextContent('Monthly budget45 of 300 used');
    expect(within(menu).getByTestId('credit-low-warning')).toHaveTextContent('Below your warning level of 90 credits');
  });

  it('shows neither line when no budget or warning is set', async () => {
    stubApi({ user: TEST_USER, routes: { [CREDITS]: balance(80, {}) } });
    renderApp('/prod/thread');
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('80'));
    await userEvent.click(screen.getByRole('button', { name: /credits$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByTestId('credit-budget')).toBeNull();
    expect(within(menu).queryByTestId('credit-low-warning')).toBeNull();
  });

  it('Settings saves a budget and refuses a bad one with a clear message', async () => {
    const api = stubApi({
      user: TEST_USER,
      routes: {
        [CREDITS]: balance(80, {}),
        [SPENDING]: {
          json: {
            status: 'success',
            spending: { monthly_budget: null, low_balance_warning: null, month_spent: 12, day_spent: 2, daily_cap: null },
          },
        },
        // Settings also lists the account's share links, API keys and tool servers: none here.
        'GET /api/share/list.php': { json: { status: 'success', links: [] } },
        'GET /api/keys/list.php': { json: { status: 'success', keys: [] } },
        'GET /api/mcp/list.php': { json: { status: 'success', servers: [], tokens_allowed: true } },
        'POST /api/user/spending.php': {
          json: {
            status: 'success',
            spending: { monthly_budget: 500, low_balance_warning: null, month_spent: 12, day_spent: 2, daily_cap: null },
          },
        },
      },
    });
    renderApp('/prod/settings');
    const input = await screen.findByLabelText('Monthly budget');
    await userEvent.type(input, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 1,000,000, or leave it empty for none.');
    await userEvent.clear(input);
    await userEvent.type(input, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Spending limits saved.')).toBeInTheDocument();
    expect(screen.getByTestId('spending-usage')).toHaveTextContent('12 credits used of your 500 budget');
    const saves = api.mock.calls.filter(([url, init]) => String(url).endsWith('/api/user/spending.php') && init?.method === 'POST');
    expect(saves.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ monthly_budget: 500, low_balance_warning: null }]);
  });

  it('Settings keeps what the person typed when the saved limits arrive after it', async () => {
    let answer: () => void = () => {};
    const saved = { monthly_budget: 300, low_balance_warning: null, month_spent: 12, day_spent: 2, daily_cap: null };
    const api = stubApi({
      user: TEST_USER,
      routes: {
        [CREDITS]: balance(80, {}),
        [SPENDING]: () => new Promise((resolve) => (answer = () => resolve({ json: { status: 'success', spending: saved } }))),
        'GET /api/share/list.php': { json: { status: 'success', links: [] } },
        'POST /api/user/spending.php': (init) => ({
          json: { status: 'success', spending: { ...saved, ...JSON.parse(String(init?.body)) } },
        }),
      },
    });
    renderApp('/prod/settings');
    const warning = await screen.findByLabelText('Low-balance warning');
    await userEvent.type(warning, '200');
    answer();
    // The budget nobody touched fills in; the warning keeps the 200 typed before the answer.
    await waitFor(() => expect(screen.getByLabelText('Monthly budget')).toHaveValue('300'));
    expect(warning).toHaveValue('200');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Spending limits saved.')).toBeInTheDocument();
    const saves = api.mock.calls.filter(([url, init]) => String(url).endsWith('/api/user/spending.php') && init?.method === 'POST');
    expect(saves.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ monthly_budget: 300, low_balance_warning: 200 }]);
  });
});
