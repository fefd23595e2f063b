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
import { dailyRollups } from './009-daily-rollups.js';
import { modelOverrides } from './010-model-overrides.js';
import { attachments } from './011-attachments.js';
import { messageSearch } from './012-message-search.js';
import { shareLinks } from './013-share-links.js';
import { messagePaging } from './015-message-paging.js';
import { searchFinishedReplies } from './016-search-finished-replies.js';
import { searchTitleChanges } from './017-search-title-changes.js';
import { sessionRevocation } from './018-session-revocation.js';
import { userLanguage } from './019-user-language.js';
import { threadWebSearch } from './020-thread-web-search.js';
import { modelWebSearch } from './021-model-web-search.js';
import { apiKeys } from './022-api-keys.js';
import { assistants } from './023-assistants.js';
import { mcpServers } from './024-mcp-servers.js';
import { toolDecisions } from './025-tool-decisions.js';
import { arena } from './026-arena.js';
import { arenaImages } from './027-arena-images.js';
import { threadFolders } from './028-thread-folders.js';
import { prompts } from './029-prompts.js';
import { sessionDevices } from './030-session-devices.js';
import { twoFactor } from './031-two-factor.js';
import { passkeys } from './032-passkeys.js';

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
  '009-daily-rollups': dailyRollups,
  '010-model-overrides': modelOverrides,
  '011-attachments': attachments,
  '012-message-search': messageSearch,
  '013-share-links': shareLinks,
  '015-message-paging': messagePaging,
  '016-search-finished-replies': searchFinishedReplies,
  '017-search-title-changes': searchTitleChanges,
  '018-session-revocation': sessionRevocation,
  '019-user-language': userLanguage,
  '020-thread-web-search': threadWebSearch,
  '021-model-web-search': modelWebSearch,
  '022-api-keys': apiKeys,
  '023-assistants': assistants,
  '024-mcp-servers': mcpServers,
  '025-tool-decisions': toolDecisions,
  '026-arena': arena,
  '027-arena-images': arenaImages,
  '028-thread-folders': threadFolders,
  '029-prompts': prompts,
  '030-session-devices': sessionDevices,
  '031-two-factor': twoFactor,
  '032-passkeys': passkeys,
};
