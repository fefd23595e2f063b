import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { initial } from './001-initial.js';
import { ledgerSetNull } from './002-ledger-set-null.js';
import { openCharges } from './003-open-charges.js';
import { modelAvailability } from './004-model-availability.js';
import { appSecrets } from './005-app-secrets.js';
import { streamLeases } from './006-stream-leases.js';
import { conversationTree } from './007-conversation-tree.js';
import { operators } from './008-operators.js';

/** Every migration by name; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '001-initial': initial,
  '002-ledger-set-null': ledgerSetNull,
  '003-open-charges': openCharges,
  '004-model-availability': modelAvailability,
  '005-app-secrets': appSecrets,
  '006-stream-leases': streamLeases,
  '007-conversation-tree': conversationTree,
  '008-operators': operators,
};
