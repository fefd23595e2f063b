import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emitBrowserEvent } from '@/lib/browser-events';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { creditTone } from './credit-tone';

const CREDITS = 'POST /api/credits/check_credits.php';

function balance(remaining: number, max: number, plan: string, extra: Record<string, unknown> = {}) {
  return { json: { status: 'success', credits_info: { remaining, credits_used: max - remaining, status: 'active', max }, plan, ...extra } };
}

const meterButton = () => screen.getByRole('button', { name: /credits$/ });
const shownBalance = () => screen.getByTestId('credit-balance');

async function openMeter() {
  await userEvent.click(meterButton());
  return screen.findByRole('menu');
}

describe('credit bar colour', () => {
  it('is muted at 0 %, the error colour up to 20 %, warning up to 50 %, otherwise the accent', () => {
    expect(creditTone(0, 100)).toBe('empty');
    expect(creditTone(1, 100)).toBe('danger');
    expect(creditTone(20, 100)).toBe('danger');
    expect(creditTone(21, 100)).toBe('warning');
    expect(creditTone(1000, 2000)).toBe('warning');
    expect(creditTone(1001, 2000)).toBe('accent');
    expect(creditTone(25, 25)).toBe('accent');
  });
});

describe('credit meter', () => {
  it("shows '...' while the balance loads, then the balance read with required_credits 0", async () => {
    let answer: (value: Response) => void = () => {};
    const api = stubApi({ routes: {} });
    const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('check_credits.php') ? new Promise<Response>((resolve) => (answer = resolve)) : api(input, init),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('...'));
    // The '...' shows from the first render; the balance is asked for once the session check has answered.
    const creditsCall = () => fetchStub.mock.calls.find(([url]) => String(url).includes('check_credits.php'));
    await waitFor(() => expect(creditsCall()).toBeDefined());
    const call = creditsCall();
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ required_credits: 0 });
    answer(new Response(JSON.stringify(balance(25, 25, 'guest').json), { headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(shownBalance()).toHaveTextContent('25'));
  });

  it('offers a guest 100 free credits on sign-up and a sign-in, under the Guest plan name', async () => {
    stubApi({ routes: { [CREDITS]: balance(18, 25, 'guest') } });
    const { router } = renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('18'));
    const menu = await openMeter();
    expect(within(menu).getByTestId('credit-plan')).toHaveTextContent('Guest');
    expect(menu).toHaveTextContent('18of 25 remaining');
    expect(menu.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'accent');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign in to get 100 free credits', 'Sign In']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign in to get 100 free credits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/signup'));
  });

  it('shows a guest 0 of 25 when the balance cannot be read', async () => {
    stubApi({ routes: { [CREDITS]: { status: 400, json: { status: 'error', message: 'Bad request' } } } });
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('0'));
    const menu = await openMeter();
    expect(menu).toHaveTextContent('0of 25 remaining');
    expect(menu.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'empty');
  });

  it("shows 0 of 25 when the answer says 'Anonymous credits depleted'", async () => {
    stubApi({
      routes: { [CREDITS]: balance(3, 25, 'guest', { message: 'Anonymous credits depleted. Sign up now to get 100 free credits!' }) },
    });
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('0'));
    expect(await openMeter()).toHaveTextContent('0of 25 remaining');
  });

  it('shows an account its plan, a bar in the error colour when low, and Upgrade plan', async () => {
    stubApi({ user: { ...TEST_USER, subscription_tier: 'pro' }, routes: { [CREDITS]: balance(300, 2000, 'pro') } });
    const { router } = renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('300'));
    const menu = await openMeter();
    expect(within(menu).getByTestId('credit-plan')).toHaveTextContent('Pro');
    expect(menu).toHaveTextContent('300of 2,000 remaining');
    expect(menu.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'danger');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Upgrade plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/subscription'));
  });

  it("offers 'Get more credits' to an account with none left", async () => {
    stubApi({ user: TEST_USER, routes: { [CREDITS]: balance(0, 100, 'free') } });
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('0'));
    const menu = await openMeter();
    expect(within(menu).getByRole('menuitem', { name: 'Get more credits' })).toBeInTheDocument();
    expect(menu.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'empty');
  });

  it('takes the balance of a creditUpdate event at once, highlighted for a moment', async () => {
    stubApi({ user: TEST_USER, routes: { [CREDITS]: balance(80, 100, 'free') } });
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('80'));
    expect(meterButton()).not.toHaveAttribute('data-highlight');
    act(() => emitBrowserEvent('creditUpdate', { credits: 42 }));
    await waitFor(() => expect(shownBalance()).toHaveTextContent('42'));
    expect(meterButton()).toHaveAttribute('data-highlight', 'true');
    await waitFor(() => expect(meterButton()).not.toHaveAttribute('data-highlight'));
    const menu = await openMeter();
    expect(menu).toHaveTextContent('42of 100 remaining');
    expect(menu.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'warning');
  });

  it('reads the balance again after sign-out, as a guest with a cap of 25', async () => {
    let signedIn = true;
    const fetchStub = stubApi({
      routes: {
        'GET /api/auth/check_session.php': () =>
          signedIn ? { json: { status: 'success', user: TEST_USER } } : { status: 401, json: { status: 'unauthorized', message: 'x' } },
        [CREDITS]: () => (signedIn ? balance(70, 100, 'free') : balance(25, 25, 'guest')),
      },
    });
    renderApp('/prod/settings');
    await waitFor(() => expect(shownBalance()).toHaveTextContent('70'));
    const reads = () => fetchStub.mock.calls.filter(([url]) => String(url).includes('check_credits.php')).length;
    const before = reads();
    signedIn = false;
    act(() => emitBrowserEvent('authLogout', {}));
    await waitFor(() => expect(shownBalance()).toHaveTextContent('25'));
    expect(reads()).toBeGreaterThan(before);
    const menu = await openMeter();
    expect(within(menu).getByTestId('credit-plan')).toHaveTextContent('Guest');
    expect(menu).toHaveTextContent('25of 25 remaining');
  });
});
