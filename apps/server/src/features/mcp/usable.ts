import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';

/**
 * The MCP servers a caller may see and use, as a condition on `mcp_servers`: an account's own and the operators'
 * (user_id NULL); a guest's, the operators' only ('operators': the operators' only, as the console lists them).
 */
export const usableBy = (who: Identity | 'operators') => (eb: ExpressionBuilder<Database, 'mcp_servers'>) =>
  who !== 'operators' && who.kind === 'user'
    ? eb.or([eb('user_id', '=', who.userId as number), eb('user_id', 'is', null)])
    : eb('user_id', 'is', null);
