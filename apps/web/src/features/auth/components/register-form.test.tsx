import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAt } from '@/features/auth/hard-navigate';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { called, sentBody } from '../test-helpers';

// The page reload is the browser's job; the test only checks where it would land.
vi.mock('@/features/auth/hard-navigate', () => ({ reloadAt: vi.fn() }));

async function openCreateAccount() {
  const view = renderApp('/prod/signup');
  await screen.findByRole('dialog', { name: 'Create Account' });
  return view;
}

async function fill(values: { email?: string; username?: string; password?: string; confirm?: string }) {
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.username) await userEvent.type(screen.getByLabelText('Username'), values.username);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('the Create Account form', () => {
  beforeEach(() => vi.mocked(reloadAt).mockClear());

  it('requires every field and sends nothing until they are valid', async () => {
    const fetchStub = stubApi();
    await openCreateAccount();
    await fill({});
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/register.php')).toBe(false);
  });

  it('wants an e-mail shaped address, 8 characters and matching passwords', async () => {
    const fetchStub = stubApi();
    await openCreateAccount();
    await fill({ email: 'ada-at-example', username: 'ada', password: 'short', confirm: 'shorter' });
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/register.php')).toBe(false);
  });

  it("says 'Passwords do not match' for long enough passwords that differ", async () => {
    stubApi();
    await openCreateAccount();
    await fill({ email: 'ada@example.com', username: 'ada', password: 'quiet-river-stone', confirm: 'quiet-river-stones' });
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
  });

  it("shows the server's refusal (a taken address, a common password)", async () => {
    let answer = { status: 409, json: { status: 'error', message: 'An account with this email already exists' } };
    stubApi({ routes: { 'POST /api/auth/register.php': () => answer } });
    await openCreateAccount();
    await fill({ email: 'ada@example.com', username: 'ada', password: 'quiet-river-stone', confirm: 'quiet-river-stone' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');

    answer = {
      status: 400,
      json: { status: 'error', message: 'Password is one of the most commonly used passwords. Please choose a less common one.' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(/most commonly used passwords/)).toBeInTheDocument();
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it("says 'An error occurred during registration' when the server breaks, 'Registration failed' without a reason", async () => {
    let answer: { status: number; json?: unknown; text?: string } = { status: 502, text: '<html>Bad gateway</html>' };
    stubApi({ routes: { 'POST /api/auth/register.php': () => answer } });
    await openCreateAccount();
    await fill({ email: 'ada@example.com', username: 'ada', password: 'quiet-river-stone', confirm: 'quiet-river-stone' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration');

    answer = { status: 400, json: { status: 'error' } };
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });

  it('registers with the trimmed address and username, then reloads the page at /prod/thread', async () => {
    const fetchStub = stubApi({
      routes: { 'POST /api/auth/register.php': { json: { status: 'success', message: 'Registration successful', user: TEST_USER } } },
    });
    await openCreateAccount();
    await fill({ email: ' ada@example.com ', username: ' ada ', password: 'quiet-river-stone', confirm: 'quiet-river-stone' });
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/thread'));
    expect(sentBody(fetchStub, '/api/auth/register.php')).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      password: 'quiet-river-stone',
    });
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('reloads at the remembered origin when there is one', async () => {
    stubApi({ routes: { 'POST /api/auth/register.php': { json: { status: 'success', user: TEST_USER } } } });
    sessionStorage.setItem('authReturnTo', '/my-assets');
    await openCreateAccount();
    await fill({ email: 'ada@example.com', username: 'ada', password: 'quiet-river-stone', confirm: 'quiet-river-stone' });
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/my-assets'));
  });
});
