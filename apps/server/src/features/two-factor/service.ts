import { createHash, randomBytes } from 'node:crypto';
import { AppError, MESSAGES } from '@ensemble/shared';
import { type Db, now } from '../../db/connection.js';
import { type SecretBox, SecretUnreadable } from '../mcp/secret-box.js';
import { recordActivity } from '../auth/account-service.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import { matchingStep, newTotpSecret, totpUri } from './totp.js';

/** How long the second step of a sign-in may take. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const PURPOSE = 'totp-secret';
const PLAIN = 'plain:';

/** The second factor a session passed. */
export type SecondFactor = 'totp' | 'recovery' | 'passkey';

/** Stores a secret sealed with ENCRYPTION_KEY when the operator set one; otherwise as it is, marked so. */
function store(box: SecretBox | null, secret: string): string {
  return box ? box.seal(secret, PURPOSE) : `${PLAIN}${secret}`;
}

/** A secret sealed with a key this server no longer has cannot be checked: the operator must set ENCRYPTION_KEY back. */
const UNREADABLE = 'Two-factor sign-in cannot be checked on this server right now: its encryption key has changed. Please contact support.';

function read(box: SecretBox | null, stored: string): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!box) throw new AppError('unavailable', UNREADABLE);
  try {
    return box.open(stored, PURPOSE);
  } catch (error) {
    if (error instanceof SecretUnreadable) throw new AppError('unavailable', UNREADABLE);
    throw error;
  }
}

const challengeHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TwoFactorService {
  status(userId: number, sessionHash: string): Promise<{ enabled: boolean; recoveryCodesLeft: number; sessionVerified: boolean }>;
  isEnabled(userId: number): Promise<boolean>;
  setup(userId: number): Promise<{ secret: string; uri: string }>;
  enable(userId: number, code: string, sessionHash: string): Promise<string[]>;
  disable(userId: number, code: string): Promise<void>;
  regenerateRecoveryCodes(userId: number, code: string): Promise<string[]>;
  /** Checks a code (an app's, then a recovery code) and uses it up: the factor it proved, or null. */
  useCode(userId: number, code: string): Promise<SecondFactor | null>;
  createChallenge(userId: number, guestId: number | null, message: string): Promise<string>;
  findChallenge(token: string): Promise<{ userId: number; guestId: number | null; message: string } | null>;
  /** Ends a challenge; false when another request ended it first (or it expired). */
  consumeChallenge(token: string): Promise<boolean>;
}

export function createTwoFactorService(db: Db, box: SecretBox | null): TwoFactorService {
  const k = db.kysely;

  async function account(userId: number) {
    return k
      .selectFrom('users')
      .select(['email', 'totp_secret', 'totp_pending_secret', 'totp_enabled_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /** Accepts an app's code once: the step only moves forward, in one conditional update any instance can race. */
  async function useTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const step = matchingStep(secret, code, Date.now());
    if (step == null) return false;
    const moved = await k
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  async function useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const hash = recoveryCodeHash(code);
    if (!hash) return false;
    const used = await k
      .updateTable('recovery_codes')
      .set({ used_at: now() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  async function replaceRecoveryCodes(executor: typeof k, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await executor.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await executor
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(c) as string, used_at: null })))
      .execute();
    return codes;
  }

  async function useCode(userId: number, code: string): Promise<SecondFactor | null> {
    const { totp_secret } = await account(userId);
    if (!totp_secret) return null;
    if (await useTotp(userId, read(box, totp_secret), code)) return 'totp';
    if (await useRecoveryCode(userId, code)) return 'recovery';
    return null;
  }

  async function requireCode(userId: number, code: string): Promise<SecondFactor> {
    const factor = await useCode(userId, code);
    if (!factor) throw new AppError('bad_request', MESSAGES.twoFactorWrongCode, { field: 'code' });
    return factor;
  }

  return {
    async status(userId, sessionHash) {
      const { totp_enabled_at } = await account(userId);
      const left = await k
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      const session = await k.selectFrom('sessions').select('second_factor').where('id_hash', '=', sessionHash).executeTakeFirst();
      return { enabled: totp_enabled_at != null, recoveryCodesLeft: Number(left.n), sessionVerified: session?.second_factor != null };
    },

    async isEnabled(userId) {
      return (await account(userId)).totp_enabled_at != null;
    },

    async setup(userId) {
      const { email, totp_enabled_at } = await account(userId);
      if (totp_enabled_at) throw new AppError('conflict', MESSAGES.twoFactorAlreadyEnabled);
      const secret = newTotpSecret();
      await k
        .updateTable('users')
        .set({ totp_pending_secret: store(box, secret) })
        .where('id', '=', userId)
        .execute();
      return { secret, uri: totpUri(secret, email) };
    },

    async enable(userId, code, sessionHash) {
      const { totp_pending_secret, totp_enabled_at } = await account(userId);
      if (totp_enabled_at) throw new AppError('conflict', MESSAGES.twoFactorAlreadyEnabled);
      if (!totp_pending_secret) throw new AppError('bad_request', MESSAGES.twoFactorNoSetup);
      const step = matchingStep(read(box, totp_pending_secret), code, Date.now());
      if (step == null) throw new AppError('bad_request', MESSAGES.twoFactorWrongCode, { field: 'code' });
      return k.transaction().execute(async (trx) => {
        // Conditional on the secret still pending, so two confirmations at once turn it on once.
        const on = await trx
          .updateTable('users')
          .set({ totp_secret: totp_pending_secret, totp_pending_secret: null, totp_enabled_at: now(), totp_last_step: step })
          .where('id', '=', userId)
          .where('totp_pending_secret', '=', totp_pending_secret)
          .where('totp_enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(on.numUpdatedRows) !== 1) throw new AppError('conflict', MESSAGES.twoFactorAlreadyEnabled);
        const codes = await replaceRecoveryCodes(trx, userId);
        // The session that proved the code counts as one that passed the second factor.
        await trx.updateTable('sessions').set({ second_factor: 'totp' }).where('id_hash', '=', sessionHash).execute();
        await recordActivity(trx, userId, 'security', 'Turned on two-factor sign-in');
        return codes;
      });
    },

    async disable(userId, code) {
      if (!(await this.isEnabled(userId))) throw new AppError('bad_request', MESSAGES.twoFactorNotEnabled);
      await requireCode(userId, code);
      await k.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await recordActivity(trx, userId, 'security', 'Turned off two-factor sign-in');
      });
    },

    async regenerateRecoveryCodes(userId, code) {
      if (!(await this.isEnabled(userId))) throw new AppError('bad_request', MESSAGES.twoFactorNotEnabled);
      await requireCode(userId, code);
      return k.transaction().execute((trx) => replaceRecoveryCodes(trx, userId));
    },

    useCode,

    async createChallenge(userId, guestId, message) {
      const token = randomBytes(32).toString('base64url');
      const t = Date.now();
      // Expired challenges of anyone go as new ones come (no sweeper needed).
      await k.deleteFrom('sign_in_challenges').where('expires_at', '<', new Date(t).toISOString()).execute();
      await k
        .insertInto('sign_in_challenges')
        .values({
          id_hash: challengeHash(token),
          user_id: userId,
          guest_id: guestId,
          message,
          expires_at: new Date(t + CHALLENGE_TTL_MS).toISOString(),
        })
        .execute();
      return token;
    },

    async findChallenge(token) {
      const row = await k
        .selectFrom('sign_in_challenges')
        .select(['user_id', 'guest_id', 'message', 'expires_at'])
        .where('id_hash', '=', challengeHash(token))
        .executeTakeFirst();
      if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
      return { userId: row.user_id, guestId: row.guest_id, message: row.message };
    },

    async consumeChallenge(token) {
      const gone = await k
        .deleteFrom('sign_in_challenges')
        .where('id_hash', '=', challengeHash(token))
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      return Number(gone.numDeletedRows) === 1;
    },
  };
}
