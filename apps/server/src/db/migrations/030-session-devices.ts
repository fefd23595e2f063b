import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Session control (issue 44): each session keeps the user agent it was signed in with and its address's network
 * (203.0.113.0/24, 2001:db8:1::/48; never the full address), so Settings can list the devices an account is signed
 * in on. Sessions from before have neither.
 */
export const sessionDevices = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('network', 'text').execute();
  },
});
