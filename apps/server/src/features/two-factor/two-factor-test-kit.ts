import { TWO_FACTOR_PATHS } from '@ensemble/shared';
import type { TestClient } from '../../test/app-factory.js';
import { totpCode } from './totp.js';

/**
 * The code an authenticator app shows half a minute from now: accepted (one step of clock drift is allowed) and
 * later than any code used this half-minute, which would be refused as used.
 */
export const nextCode = (secret: string, steps = 1): string => totpCode(secret, Date.now() + steps * 30_000);

/** Turns two-factor sign-in on for the client's account through the API, as Settings does. */
export async function enrolTwoFactor(c: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await c.post(TWO_FACTOR_PATHS.setup, {});
  if (setup.statusCode !== 200) throw new Error(`set-up refused: ${setup.body}`);
  const secret = setup.data.secret as string;
  const on = await c.post(TWO_FACTOR_PATHS.enable, { code: totpCode(secret, Date.now()) });
  if (on.statusCode !== 200) throw new Error(`enable refused: ${on.body}`);
  return { secret, recoveryCodes: on.data.recovery_codes };
}
