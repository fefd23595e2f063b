import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { initial } from './001-initial.js';
import { modelAvailability } from './004-model-availability.js';

/** Every migration by name; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '001-initial': initial,
  '004-model-availability': modelAvailability,
};
