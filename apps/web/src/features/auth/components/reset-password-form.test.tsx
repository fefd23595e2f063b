import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { called, sentBody } from '../test-helpers';

const TOKEN = 'k3y-from-the-mail-0123456789abcdef';
const PAGE = `/prod/reset-password?token=${TOKEN}`;

describe('the reset-password page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  async function submit(u: ReturnType<typeof user>, password: string, confirm: string) {
    if (password) await u.type(screen.getByLabelText('New Password'), password);
    if (confirm) await u.type(screen.getByLabelText('Confirm New Password'), confirm);
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('requires both fields, at least 8 characters, and equal passwords', async () => {
    const fetchStub = stubApi();
    renderApp(PAGE);
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    await submit(u, '', '');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await submit(u, 'short', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('New Password'));
    await u.clear(screen.getByLabelText('Confirm New Password'));
    await submit(u, 'long-enough-one', 'long-enough-two');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/update-password.php')).toBe(false);
  });

  it("reads 'Resetting...' while sending, confirms, and goes to /prod/thread after 3 seconds", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchStub = stubApi({
      routes: {
        'POST /api/auth/update-password.php': {
          json: { status: 'success', message: 'Your password has been reset. You can now sign in with your new password.' },
        },
      },
    });
    const answer = fetchStub.getMockImplementation();
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).includes('update-password')) await gate;
      return answer!(input, init);
    });
    const { router } = renderApp(PAGE);
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    await submit(u, 'brand-new-secret', 'brand-new-secret');
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Your password has been reset. You can now sign in with your new password.')).toBeInTheDocument();
    expect(sentBody(fetchStub, '/api/auth/update-password.php')).toEqual({ token: TOKEN, password: 'brand-new-secret' });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(router.state.location.pathname).toBe('/prod/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
  });

  it("shows the server's reason (an invalid or expired link), or 'Failed to reset password' without one", async () => {
    let answer: { status: number; json?: unknown } = {
      status: 400,
      json: { status: 'error', message: 'This password reset link is invalid or has expired. Please request a new one.' },
    };
    stubApi({ routes: { 'POST /api/auth/update-password.php': () => answer } });
    const { router } = renderApp(PAGE);
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    await submit(u, 'brand-new-secret', 'brand-new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    answer = { status: 400, json: { status: 'error' } };
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/reset-password');
  });
});
