import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { initial } from './001-initial.js';
import { ledgerSetNull } from './002-ledger-set-null.js';

/** Every migration by name; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '001-initial': initial,
  '002-ledger-set-null': ledgerSetNull,
};
