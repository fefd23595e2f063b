import type { DeviceSession } from '@ensemble/shared';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@/i18n';
import { dateFormatter, relativeTimeFormatter } from '@/i18n/format';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The device as "Chrome on Windows": the browser's and the system's names are the server's, never translated. */
export function deviceName(session: Pick<DeviceSession, 'browser' | 'os'>): string {
  const browser = session.browser ?? i18n._(msg({ message: 'Unknown browser', comment: 'Stands for {browser} in “{browser} on {os}”.' }));
  const os =
    session.os ?? i18n._(msg({ message: 'Unknown system', comment: 'Stands for {os} (an operating system) in “{browser} on {os}”.' }));
  return i18n._(
    msg({
      message: `${browser} on ${os}`,
      comment: 'A signed-in device: {browser} is a browser (Chrome, Firefox) and {os} an operating system (Windows, iOS).',
    }),
  );
}

/** The day a session was signed in, e.g. "Mar 5, 2026". */
export function signedInDay(iso: string): string {
  return dateFormatter({ dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * When another device was last used: the server keeps that to the hour, so within the hour it says so, then whole
 * hours and days ago ("3 hours ago", "yesterday"), and after a month the date.
 */
export function lastActive(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  const ago = now - time;
  // A clock a little ahead of this device's reads as recent too.
  if (Number.isNaN(time) || ago < HOUR_MS) return t`Active in the last hour`;
  const rtf = relativeTimeFormatter();
  const when =
    ago < DAY_MS
      ? rtf.format(-Math.floor(ago / HOUR_MS), 'hour')
      : ago < 30 * DAY_MS
        ? rtf.format(-Math.floor(ago / DAY_MS), 'day')
        : signedInDay(iso);
  return i18n._(msg({ message: `Last active ${when}`, comment: '{when} is a relative time (“3 hours ago”, “yesterday”) or a date.' }));
}
