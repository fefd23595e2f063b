import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { confirmationLink } from './outbox';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, enrolOperatorFromPage } from './harness';

describe('operator console', () => {
  const journey = useJourney({ ADMIN_EMAILS: 'opsjourney@example.com' });

  it('an operator confirms the e-mail, finds a user, grants 50 credits with a reason, and the user sees them', async () => {
    const userContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const user = await userContext.newPage();
    const userErrors = collectConsoleErrors(user);
    await user.goto(`${journey.server.url}/prod/settings`);
    await registerFromPage(user, 'meterjourney');
    await user.reload();
    await user.getByTestId('credit-balance').filter({ hasText: '100' }).waitFor();

    const opContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const op = await opContext.newPage();
    const opErrors = collectConsoleErrors(op);
    await op.goto(`${journey.server.url}/prod/settings`);
    await registerFromPage(op, 'opsjourney');
    // Not an operator until the mailed link is followed.
    await op.goto(`${journey.server.url}/prod/admin`);
    await op.getByText('This page is for operators only.').waitFor();
    await op.goto(await confirmationLink(journey.server, 'opsjourney@example.com'));
    await op.getByText('Thank you: your e-mail address is confirmed.').waitFor();

    // An operator must turn on two-factor sign-in first: the console asks on the first visit.
    await op.goto(`${journey.server.url}/prod/admin`);
    await op.getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }).waitFor();
    await op.getByTestId('two-factor-qr').waitFor();
    await screenshot(op, 'operator-two-factor-1280');
    expect(await seriousViolations(op)).toEqual([]);
    await enrolOperatorFromPage(op, journey.server.url);

    // The overview draws its charts from the daily rollups: both sign-ups are in today's bar.
    await op.getByRole('link', { name: 'Overview' }).click();
    const signups = op.getByTestId('overview-chart-signups');
    await signups.getByRole('heading', { name: 'Sign-ups and funded guests' }).waitFor();
    await signups.locator('svg.recharts-surface').first().waitFor();
    await signups.locator('.recharts-bar-rectangle path').first().waitFor();
    await signups.getByRole('img', { name: /^Sign-ups and funded guests, last 30 days, in all: Sign-ups 2;/ }).waitFor();
    await op.getByRole('button', { name: '7 days' }).click();
    await op.getByRole('button', { name: '7 days', pressed: true }).waitFor();
    await signups.locator('.recharts-bar-rectangle path').first().waitFor();
    await signups.getByText('Show the figures').click();
    await signups.getByRole('table').getByRole('row').nth(7).waitFor();
    await screenshot(op, 'operator-overview-1280');
    expect(await seriousViolations(op)).toEqual([]);
    await op.getByRole('link', { name: 'Users' }).click();
    await op.getByLabel('Search by e-mail or name').fill('meterjourney');
    await op.getByRole('button', { name: 'Search' }).click();
    await op.getByRole('link', { name: 'meterjourney@example.com' }).click();
    await op.getByTestId('admin-user-balance').filter({ hasText: '100' }).waitFor();
    await op.getByLabel('Credits').fill('50');
    await op.getByLabel('Reason').fill('Goodwill after the outage');
    await op.getByRole('button', { name: 'Grant credits' }).last().click();
    await op.getByText('Granted 50 credits').waitFor();
    await op.getByTestId('admin-user-balance').filter({ hasText: '150' }).waitFor();
    await op.getByText('admin_grant').first().waitFor();
    await screenshot(op, 'operator-user-1280');

    await op.getByRole('link', { name: 'Audit log' }).click();
    await op.getByText('Goodwill after the outage').waitFor();
    await screenshot(op, 'operator-audit-1280');
    await op.getByRole('link', { name: 'Abuse' }).click();
    await op.getByRole('heading', { name: 'Top spenders today' }).waitFor();
    await screenshot(op, 'operator-abuse-1280');

    // The user's meter shows the granted credits (it re-reads the balance on focus or reload).
    await user.reload();
    await user.getByTestId('credit-balance').filter({ hasText: '150' }).waitFor();

    // The user caps their own spending in Settings; the meter then shows the budget and the warning.
    await user.goto(`${journey.server.url}/prod/settings`);
    await user.getByLabel('Monthly budget').fill('120');
    await user.getByLabel('Low-balance warning').fill('200');
    await user.getByRole('button', { name: 'Save limits' }).click();
    await user.getByText('Spending limits saved.').waitFor();
    await user.getByRole('heading', { name: 'Spending' }).scrollIntoViewIfNeeded();
    await screenshot(user, 'settings-spending-1280');
    await user.getByRole('button', { name: 'Credits' }).click();
    await user.getByTestId('credit-budget').filter({ hasText: '0 of 120 used' }).waitFor();
    await user.getByTestId('credit-low-warning').filter({ hasText: 'Below your warning level of 200 credits' }).waitFor();
    await screenshot(user, 'meter-budget-1280');
    expect(opErrors.filter((e) => !e.includes('403'))).toEqual([]);
    expect(userErrors).toEqual([]);
    await userContext.close();
    await opContext.close();
  });
});
