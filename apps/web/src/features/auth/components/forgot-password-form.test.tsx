import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { called, sentBody } from '../test-helpers';

describe('the Reset Password request form', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('is reached from Sign In and needs an e-mail address', async () => {
    const fetchStub = stubApi();
    renderApp('/prod/login');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Forgot Password' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Email'), 'not-an-address');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/reset-password.php')).toBe(false);
  });

  it("says 'Check your inbox for password reset instructions', then returns to Sign In after 3 seconds", async () => {
    const fetchStub = stubApi({
      routes: {
        'POST /api/auth/reset-password.php': { json: { status: 'success', message: 'Check your inbox for password reset instructions' } },
      },
    });
    renderApp('/prod/forgot-password');
    const u = user();
    await screen.findByRole('dialog', { name: 'Reset Password' });
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox for password reset instructions');
    expect(sentBody(fetchStub, '/api/auth/reset-password.php')).toEqual({ email: 'ada@example.com' });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows the server's refusal, and a retry text when the server breaks", async () => {
    let answer: { status: number; json?: unknown; text?: string } = {
      status: 429,
      json: { status: 'error', message: 'Too many attempts. Please try again in 60 minutes.' },
    };
    stubApi({ routes: { 'POST /api/auth/reset-password.php': () => answer } });
    renderApp('/prod/forgot-password');
    const u = user();
    await screen.findByRole('dialog', { name: 'Reset Password' });
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 60 minutes.');
    answer = { status: 500, text: '' };
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  });
});
