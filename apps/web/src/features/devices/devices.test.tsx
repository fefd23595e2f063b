import type { DeviceSession } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { deviceName, lastActive } from './components/device-text';

const HOUR = 3_600_000;

const session = (over: Partial<DeviceSession> = {}): DeviceSession => ({
  id: 'this-one',
  browser: 'Chrome',
  os: 'Windows',
  mobile: false,
  network: '203.0.113.0/24',
  created_at: '2026-03-05T10:00:00.000Z',
  last_seen_at: new Date(Date.now() - 10 * 60_000).toISOString(),
  current: true,
  ...over,
});

const phone = session({
  id: 'phone',
  browser: 'Firefox',
  os: 'Linux',
  mobile: true,
  network: '2001:db8:1::/48',
  created_at: '2026-02-01T08:00:00.000Z',
  last_seen_at: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
  current: false,
});

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const listOf = (sessions: () => DeviceSession[]) => () => ({ json: { status: 'success', sessions: sessions() } });

async function openDevices() {
  renderApp('/prod/settings');
  return screen.findByRole('region', { name: 'Signed-in devices' });
}

describe('signed-in devices in Settings', () => {
  it('lists every session, this device first and badged, the others with Sign out', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/auth/sessions.php': listOf(() => [session(), phone]) } });
    const section = await openDevices();
    expect(section).toHaveTextContent('Where your account is signed in. Sign out any device you do not recognise.');
    const rows = await within(section).findAllByTestId('device-row');
    expect(rows).toHaveLength(2);

    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Network 203.0.113.0/24');
    expect(rows[0]).toHaveTextContent('Signed in Mar 5, 2026');
    expect(rows[0]).toHaveTextContent('Active now');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[0].querySelector('svg.lucide-monitor')).not.toBeNull();

    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Network 2001:db8:1::/48');
    expect(rows[1]).toHaveTextContent('Signed in Feb 1, 2026');
    expect(rows[1]).toHaveTextContent('Last active 3 hours ago');
    expect(rows[1].querySelector('svg.lucide-smartphone')).not.toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Sign out Firefox on Linux' })).toHaveTextContent('Sign out');
    expect(within(section).getByRole('button', { name: 'Sign out all other devices' })).toBeInTheDocument();
  });

  it('comes after the e-mail, two-factor sign-in and passkeys sections', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/auth/sessions.php': listOf(() => [session()]) } });
    await openDevices();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const email = headings.indexOf('E-mail');
    expect(headings.slice(email, email + 4)).toEqual(['E-mail', 'Two-factor sign-in', 'Passkeys', 'Signed-in devices']);
  });

  it('signs out another device: posts its id, and its row goes once the list is read again', async () => {
    const user = userEvent.setup();
    let sessions = [session(), phone, session({ id: 'mac', browser: 'Safari', os: 'macOS', network: null, current: false })];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/sessions.php': listOf(() => sessions),
        'POST /api/auth/sessions/sign_out.php': (init) => {
          const { id } = JSON.parse(String(init?.body));
          sessions = sessions.filter((s) => s.id !== id);
          return { json: { status: 'success' } };
        },
      },
    });
    const section = await openDevices();
    expect(await within(section).findAllByTestId('device-row')).toHaveLength(3);
    // No network known: no network line.
    expect(within(section).getAllByTestId('device-row')[2]).not.toHaveTextContent('Network');

    await user.click(within(section).getByRole('button', { name: 'Sign out Firefox on Linux' }));
    await waitFor(() => expect(within(section).getAllByTestId('device-row')).toHaveLength(2));
    expect(posts(fetchStub, '/api/auth/sessions/sign_out.php')).toEqual([{ id: 'phone' }]);
    expect(within(section).queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull();
    expect(within(section).getByRole('status')).toHaveTextContent('Signed out Firefox on Linux.');
    expect(within(section).getByRole('list', { name: 'Your signed-in devices' })).toHaveFocus();
    expect(within(section).getByRole('button', { name: 'Sign out Safari on macOS' })).toBeInTheDocument();
  });

  it('treats a device already gone (404) as signed out, and shows any other refusal', async () => {
    const user = userEvent.setup();
    let sessions = [session(), phone, session({ id: 'mac', browser: 'Safari', os: 'macOS', current: false })];
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/sessions.php': listOf(() => sessions),
        'POST /api/auth/sessions/sign_out.php': (init) => {
          const { id } = JSON.parse(String(init?.body));
          if (id === 'mac') return { status: 503, json: { status: 'error', message: 'Please try again in a moment.' } };
          sessions = sessions.filter((s) => s.id !== id);
          return { status: 404, json: { status: 'error', message: 'Not found' } };
        },
      },
    });
    const section = await openDevices();
    await user.click(await within(section).findByRole('button', { name: 'Sign out Firefox on Linux' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Signed out Firefox on Linux.');
    expect(within(section).queryByRole('alert')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Sign out Safari on macOS' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Please try again in a moment.');
    expect(within(section).queryByRole('status')).toBeNull();
    expect(within(section).getAllByTestId('device-row')).toHaveLength(2);
  });

  it('signs out all other devices after confirming, and says how many', async () => {
    const user = userEvent.setup();
    let sessions = [session(), phone, session({ id: 'mac', browser: 'Safari', os: 'macOS', current: false })];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/sessions.php': listOf(() => sessions),
        'POST /api/auth/sessions/sign_out_others.php': () => {
          const count = sessions.length - 1;
          sessions = sessions.filter((s) => s.current);
          return { json: { status: 'success', signed_out: count } };
        },
      },
    });
    const section = await openDevices();
    await user.click(await within(section).findByRole('button', { name: 'Sign out all other devices' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices' });
    expect(dialog).toHaveTextContent('This device stays signed in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchStub, '/api/auth/sessions/sign_out_others.php')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Sign out all other devices' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Signed out 2 other devices.');
    expect(posts(fetchStub, '/api/auth/sessions/sign_out_others.php')).toEqual([{}]);
    expect(within(section).getAllByTestId('device-row')).toHaveLength(1);
    expect(section).toHaveTextContent('Only this device is signed in.');
    expect(within(section).queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('says so when only this device is signed in', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/auth/sessions.php': listOf(() => [session()]) } });
    const section = await openDevices();
    await within(section).findByText('Only this device is signed in.');
    expect(within(section).getAllByTestId('device-row')).toHaveLength(1);
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('says when the list could not be read, with a Retry', async () => {
    let calls = 0;
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/auth/sessions.php': () =>
          // The first load and its one automatic retry fail.
          calls++ < 2
            ? { status: 503, json: { status: 'error', message: 'The service is busy. Please try again.' } }
            : { json: { status: 'success', sessions: [session(), phone] } },
      },
    });
    const section = await openDevices();
    expect(await within(section).findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findAllByTestId('device-row')).toHaveLength(2);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('is not shown to a guest, who asks the server nothing about sessions', async () => {
    const fetchStub = stubApi();
    renderApp('/prod/settings');
    await screen.findByRole('region', { name: 'API keys' });
    expect(screen.queryByRole('region', { name: 'Signed-in devices' })).toBeNull();
    expect(fetchStub.mock.calls.filter(([u]) => String(u).includes('/api/auth/sessions'))).toEqual([]);
  });
});

describe('a device’s words', () => {
  it('names an unknown browser or system', () => {
    expect(deviceName({ browser: 'Samsung Internet', os: 'Android' })).toBe('Samsung Internet on Android');
    expect(deviceName({ browser: null, os: 'iOS' })).toBe('Unknown browser on iOS');
    expect(deviceName({ browser: 'Edge', os: null })).toBe('Edge on Unknown system');
  });

  it('says when it was last active no more precisely than the server keeps it (to the hour)', () => {
    const now = Date.parse('2026-03-10T11:35:00.000Z');
    expect(lastActive('2026-03-10T11:00:00.000Z', now)).toBe('Active in the last hour');
    expect(lastActive('2026-03-10T10:00:00.000Z', now)).toBe('Last active 1 hour ago');
    expect(lastActive('2026-03-10T01:00:00.000Z', now)).toBe('Last active 10 hours ago');
    expect(lastActive('2026-03-09T09:00:00.000Z', now)).toBe('Last active yesterday');
    expect(lastActive('2026-03-01T09:00:00.000Z', now)).toBe('Last active 9 days ago');
    expect(lastActive('2026-01-05T09:00:00.000Z', now)).toBe('Last active Jan 5, 2026');
  });
});
