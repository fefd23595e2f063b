import type { AppConfig } from '../../config.js';
import type { RateLimiter, Reservation } from '../../plugins/rate-limit.js';

/**
 * Reserves one sign-in attempt: a password, or the code of two-factor sign-in, which share the same limits. The
 * attempt is counted before it is checked and given back only when it was right, so parallel guesses cannot all
 * pass a check that has not yet seen the others fail. The (account, address) key stops one address long before the
 * account-wide key, so an attacker at one address cannot lock the owner out at another.
 */
export function reserveSignInAttempt(limiter: RateLimiter, config: AppConfig, email: string, address: string): Promise<Reservation> {
  return limiter.reserve(
    [
      { key: `login:acct-addr:${email}|${address}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS },
      { key: `login:acct:${email}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT },
      { key: `login:addr:${address}`, limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
    ],
    config.LOGIN_WINDOW_MINUTES * 60_000,
  );
}
