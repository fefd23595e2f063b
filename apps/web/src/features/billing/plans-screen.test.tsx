import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { PlansScreen } from './components/plans-screen';
import { appConfig, renderWithProviders, setWideScreen, userOn } from './test/billing-fixtures';

const CONFIG = 'GET /api/config/get_config.php';
const CHECKOUT = 'POST /api/subscription/create-checkout-session.php';

const card = (name: string) => screen.getByRole('article', { name });

async function showPlans(user = userOn('free'), routes: NonNullable<Parameters<typeof stubApi>[0]>['routes'] = {}) {
  const fetchStub = stubApi({ user, routes: { [CONFIG]: { json: appConfig() }, ...routes } });
  const onRedirect = vi.fn();
  renderWithProviders(<PlansScreen user={user} onRedirect={onRedirect} />);
  await screen.findByTestId('subscription-status');
  return { fetchStub, onRedirect };
}

describe('plans screen (wide)', () => {
  beforeEach(() => setWideScreen(true));

  it('shows Free, Pro and Premium with price, struck list price, credits and features', async () => {
    await showPlans();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-plan'))).toEqual(['free', 'pro', 'premium']);
    const pro = card('Pro');
    expect(pro).toHaveTextContent('$10/month');
    expect(within(pro).getByText('$15')).toHaveClass('line-through');
    expect(pro).toHaveTextContent('Early adopter pricing, limited time');
    expect(pro).toHaveTextContent('2,000 credits every month');
    expect(pro).toHaveTextContent('Direct email support');
    const premium = card('Premium');
    expect(premium).toHaveTextContent('$25/month');
    expect(premium).toHaveTextContent('Regular price $30');
    expect(premium).toHaveTextContent('5,000 credits every month');
    expect(card('Free')).toHaveTextContent('$0/month');
    expect(card('Free')).toHaveTextContent('100 credits to start');
  });

  it('disables the current plan (Current Plan) and offers both upgrades to a free user', async () => {
    await showPlans(userOn('free'));
    expect(within(card('Free')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(within(card('Premium')).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('No active subscription');
  });

  it('never offers Free for purchase, and lets a Pro user upgrade only to Premium', async () => {
    await showPlans(userOn('pro', 'active', '2025-07-01T12:00:00.000Z'));
    expect(within(card('Free')).queryByRole('button')).not.toBeInTheDocument();
    expect(card('Free')).toHaveTextContent('Included with every account');
    expect(within(card('Pro')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Premium')).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Renews July 1, 2025');
  });

  it('gives a Premium user no upgrade button on any plan', async () => {
    await showPlans(userOn('premium', 'canceled', '2025-08-15T12:00:00.000Z'));
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(within(card('Premium')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(card('Pro')).toHaveTextContent('Included in your Premium plan');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Expires August 15, 2025');
  });

  it('posts the plan price id and sends the browser to the checkout URL', async () => {
    const { fetchStub, onRedirect } = await showPlans(userOn('free'), {
      [CHECKOUT]: { json: { id: 'cs_test_1', url: 'https://checkout.example/cs_test_1' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    const call = fetchStub.mock.calls.find(([url]) => String(url).includes('create-checkout-session.php'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ priceId: 'price_premium_1' });
  });

  it("shows the server's reason when a checkout cannot start, and allows another try", async () => {
    const { onRedirect } = await showPlans(userOn('free'), {
      [CHECKOUT]: { status: 400, json: { status: 'error', message: 'You already have an active Pro plan.' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating subscription: You already have an active Pro plan.');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it("says 'Failed to create checkout session' when the answer has no checkout URL", async () => {
    await showPlans(userOn('free'), { [CHECKOUT]: { json: { id: 'cs_test_1' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating subscription: Failed to create checkout session');
  });

  it('disables purchases and explains why when the server has no payment keys', async () => {
    const user = userOn('free');
    const fetchStub = stubApi({ user, routes: { [CONFIG]: { json: appConfig(false) } } });
    renderWithProviders(<PlansScreen user={user} onRedirect={vi.fn()} />);
    const pro = await screen.findByRole('button', { name: 'Upgrade to Pro' });
    expect(pro).toBeDisabled();
    expect(pro).toHaveAccessibleDescription('Payments are not configured on this server.');
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toHaveAccessibleDescription(
      'Payments are not configured on this server.',
    );
    expect(card('Pro')).toHaveTextContent('$10/month');
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('create-checkout-session.php'))).toBe(false);
  });

  it('is where /prod/upgrade leads a signed-in user', async () => {
    stubApi({ user: userOn('free'), routes: { [CONFIG]: { json: appConfig() } } });
    const { router } = renderApp('/prod/upgrade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/prod/subscription');
  });
});

// jsdom has no PointerEvent; React reads clientX, pointerId and pointerType from the native event.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'touch';
  }
}

function swipe(element: Element, fromX: number, toX: number) {
  fireEvent.pointerDown(element, { clientX: fromX, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerMove(element, { clientX: (fromX + toX) / 2, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerUp(element, { clientX: toX, pointerId: 1, pointerType: 'touch' });
}

describe('plans screen (phone carousel)', () => {
  beforeEach(() => {
    setWideScreen(false);
    vi.stubGlobal('PointerEvent', TestPointerEvent);
  });

  const shown = () => screen.getByRole('button', { name: /^Show .* plan$/, current: true }).getAttribute('aria-label');

  it('opens on the next plan up and moves only on a swipe longer than 20 px', async () => {
    await showPlans(userOn('free'));
    const track = screen.getByTestId('plan-carousel-track');
    expect(shown()).toBe('Show Pro plan');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    // Cards out of view are hidden from assistive technology.
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();

    swipe(track, 200, 180);
    expect(shown()).toBe('Show Pro plan');
    swipe(track, 200, 179);
    expect(shown()).toBe('Show Premium plan');
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    swipe(track, 100, 160);
    swipe(track, 100, 160);
    expect(shown()).toBe('Show Free plan');
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    swipe(track, 100, 160);
    expect(shown()).toBe('Show Free plan');
  });

  it('moves to the plan whose dot is pressed', async () => {
    await showPlans(userOn('pro', 'active', '2025-07-01T12:00:00.000Z'));
    expect(shown()).toBe('Show Premium plan');
    await userEvent.click(screen.getByRole('button', { name: 'Show Free plan' }));
    expect(shown()).toBe('Show Free plan');
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveTextContent('Included with every account');
  });
});
