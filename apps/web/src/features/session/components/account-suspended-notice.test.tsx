import { MESSAGES } from '@ensemble/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiGet } from '@/lib/api-client';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const SUSPENDED = { status: 403, json: { status: 'error', code: 'account_suspended', message: MESSAGES.accountSuspended } };

describe('the account-suspended notice', () => {
  afterEach(() => sessionStorage.clear());

  it('shows when the first session check of a page load is told the account is suspended, instead of a quiet guest', async () => {
    stubApi({ routes: { 'GET /api/auth/check_session.php': SUSPENDED } });
    renderApp('/prod/compare');
    expect(await screen.findByTestId('account-suspended-notice')).toHaveTextContent(MESSAGES.accountSuspended);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signs an open tab out and shows the reason when any answer says the account is suspended', async () => {
    // As the server does: it says so once and clears the cookie, so the next session check is a guest's.
    let told = false;
    stubApi({
      routes: {
        'GET /api/auth/check_session.php': () =>
          told
            ? { status: 401, json: { status: 'unauthorized', message: 'Not signed in' } }
            : { json: { status: 'success', user: TEST_USER } },
        'GET /api/threads/get_all_threads.php': () => {
          told = true;
          return SUSPENDED;
        },
      },
    });
    renderApp('/prod/compare');
    await screen.findByRole('button', { name: 'Account menu for ada' });
    expect(screen.queryByTestId('account-suspended-notice')).not.toBeInTheDocument();
    await act(async () => {
      await apiGet('/api/threads/get_all_threads.php').catch(() => undefined);
    });
    expect(await screen.findByTestId('account-suspended-notice')).toHaveTextContent(MESSAGES.accountSuspended);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Account menu for ada' })).not.toBeInTheDocument());
  });
});
