import { MESSAGES } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { callApi } from './helpers';
import { authenticatorCode, enrolOperatorFromPage, registerFromPage, sessionSettled, useJourney } from './harness';
import { confirmationLink } from './outbox';

describe('a suspended account with an open tab', () => {
  const journey = useJourney({ ADMIN_EMAILS: 'opssuspends@example.com' });
  /** The operator's authenticator secret, set up in the first test. */
  let secret = '';

  it('is told that the account is suspended when it sends, and still after a reload, instead of quietly becoming a guest', async () => {
    const userContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const user = await userContext.newPage();
    await user.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(user, 'suspendee');
    await user.reload();
    await user.getByRole('button', { name: 'Account menu for suspendee' }).waitFor();
    const userId = await user.evaluate(async () => {
      const response = await fetch('/api/auth/check_session.php', { credentials: 'include' });
      return ((await response.json()) as { user: { id: number } }).user.id;
    });

    const opContext = await journey.browser.newContext();
    const op = await opContext.newPage();
    await op.goto(`${journey.server.url}/prod/settings`);
    await registerFromPage(op, 'opssuspends');
    await op.goto(await confirmationLink(journey.server, 'opssuspends@example.com'));
    await op.getByText('Thank you: your e-mail address is confirmed.').waitFor();
    secret = await enrolOperatorFromPage(op, journey.server.url);
    const suspended = await callApi(op, '/api/admin/suspend.php', { user_id: userId, suspended: true, reason: 'Chargeback fraud' });
    expect(suspended.status).toBe(200);

    // The open tab sends: the answer says why, and the tab is signed out with the reason shown.
    const box = user.getByRole('textbox', { name: 'Message' });
    await box.fill('Are you still there?');
    await box.press('Enter');
    const notice = user.getByTestId('account-suspended-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(MESSAGES.accountSuspended);
    expect(await user.getByText('You do not have access to this resource').count()).toBe(0);
    await user.getByRole('link', { name: 'Sign In' }).waitFor();

    // A reload keeps saying so; the account menu is gone for good.
    await user.reload();
    await user.getByTestId('account-suspended-notice').waitFor();
    expect(await user.getByRole('button', { name: 'Account menu for suspendee' }).count()).toBe(0);
    await userContext.close();
    await opContext.close();
  });

  it('is told so by the first page load after the suspension', async () => {
    const userContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const user = await userContext.newPage();
    await user.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(user, 'reloader');
    const userId = await user.evaluate(async () => {
      const response = await fetch('/api/auth/check_session.php', { credentials: 'include' });
      return ((await response.json()) as { user: { id: number } }).user.id;
    });
    const opContext = await journey.browser.newContext();
    const op = await opContext.newPage();
    await op.goto(`${journey.server.url}/prod/settings`);
    // The operator signs in with the password and then the code from the app, once the page's own first requests are
    // answered (the guest session they make must not replace the signed-in one).
    await sessionSettled(op);
    await op.waitForLoadState('networkidle');
    const first = await callApi(op, '/api/auth/login.php', { email: 'opssuspends@example.com', password: 'Plum-orchard-lantern-42' });
    const signedIn = await callApi(op, '/api/auth/two_factor/verify.php', {
      challenge: first.body.challenge,
      code: authenticatorCode(secret, 1),
    });
    expect(signedIn.body.status).toBe('success');
    expect((await callApi(op, '/api/admin/suspend.php', { user_id: userId, suspended: true, reason: 'Spam' })).status).toBe(200);

    await user.reload();
    const notice = user.getByTestId('account-suspended-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(MESSAGES.accountSuspended);
    await userContext.close();
    await opContext.close();
  });
});
