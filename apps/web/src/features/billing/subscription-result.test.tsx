import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onBrowserEvent } from '@/lib/browser-events';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { userOn } from './test/billing-fixtures';

const VERIFY = 'POST /api/subscription/verify_session.php';
const SESSION = 'GET /api/auth/check_session.php';
const CREDITS = 'POST /api/credits/check_credits.php';

const link = (name: string) => screen.getByRole('link', { name });

describe('subscription success page', () => {
  it("says 'No session ID provided' without a session_id, offering Try Again and Contact Support", async () => {
    const fetchStub = stubApi({ user: userOn('free') });
    renderApp('/prod/subscription/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No session ID provided');
    expect(link('Try Again')).toHaveAttribute('href', '/prod/subscription');
    expect(link('Contact Support')).toHaveAttribute('href', '/prod/contact');
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('verify_session.php'))).toBe(false);
  });

  it('confirms, thanks the user with the plan and credits, announces the balance and re-reads the session', async () => {
    let verified = false;
    let sessionChecks = 0;
    const fetchStub = stubApi({
      routes: {
        [SESSION]: () => {
          sessionChecks += 1;
          const user = verified ? userOn('pro', 'active', '2025-07-01T12:00:00.000Z') : userOn('free');
          return { json: { status: 'success', user } };
        },
        [CREDITS]: () => ({
          json: verified
            ? { status: 'success', credits_info: { remaining: 2000, credits_used: 0, status: 'active', max: 2000 }, plan: 'pro' }
            : { status: 'success', credits_info: { remaining: 90, credits_used: 10, status: 'active', max: 100 }, plan: 'free' },
        }),
        [VERIFY]: () => {
          verified = true;
          return { json: { status: 'success', message: 'Your Pro subscription is active.', tier: 'pro', credits_remaining: 2000 } };
        },
      },
    });
    const announced = vi.fn();
    const stop = onBrowserEvent('creditUpdate', announced);
    renderApp('/prod/subscription/success?session_id=cs_test_abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
    const panel = screen.getByRole('heading', { level: 1, name: 'Thank You!' }).closest('section') as HTMLElement;
    expect(panel).toHaveTextContent('Your Pro plan is active.');
    expect(panel).toHaveTextContent('You now have 2,000 credits');
    expect(link('View Subscription')).toHaveAttribute('href', '/prod/subscription');
    expect(link('Go to My Account')).toHaveAttribute('href', '/prod/profile');

    const call = fetchStub.mock.calls.find(([url]) => String(url).includes('verify_session.php'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ session_id: 'cs_test_abc' });
    expect(announced).toHaveBeenCalledTimes(1);
    expect(announced).toHaveBeenCalledWith({ credits: 2000 });
    await waitFor(() => expect(sessionChecks).toBe(2));
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('2,000'));
    stop();
  });

  it.each([
    [{ status: 400, json: { status: 'error', message: 'Invalid session ID' } }, 'Invalid session ID'],
    [{ status: 400, json: { status: 'error', message: 'Verification failed' } }, 'Verification failed'],
    [{ status: 502, json: { status: 'error', message: 'Failed to verify subscription' } }, 'Failed to verify subscription'],
    [{ status: 502, text: '<html>Bad gateway</html>' }, 'Something went wrong while confirming your subscription.'],
  ])('shows Oops! with the reason when verification fails (%#)', async (answer, text) => {
    stubApi({ user: userOn('free'), routes: { [VERIFY]: answer } });
    renderApp('/prod/subscription/success?session_id=cs_test_abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(link('Try Again')).toHaveAttribute('href', '/prod/subscription');
    expect(link('Contact Support')).toHaveAttribute('href', '/prod/contact');
  });

  it('sends a guest to the sign-in dialog, to come back here after', async () => {
    stubApi();
    const { router } = renderApp('/prod/subscription/success?session_id=cs_test_abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/login'));
    expect(sessionStorage.getItem('authReturnTo')).toBe('/subscription/success?session_id=cs_test_abc');
  });
});

describe('subscription cancel page', () => {
  it('says the transaction was cancelled without charges and offers Try Again or the free plan', async () => {
    stubApi({ user: userOn('free') });
    renderApp('/prod/subscription/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction Cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/no charges were made/)).toBeInTheDocument();
    expect(link('Try Again')).toHaveAttribute('href', '/prod/subscription');
    expect(link('Continue with Free Plan')).toHaveAttribute('href', '/prod/thread');
  });
});
