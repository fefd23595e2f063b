import type { ProviderFake } from './fakes/provider-fakes.js';
import type { TestApp, TestClient } from './app-factory.js';

/** Issue 17, goal 5: at most this many SQL statements before the upstream call, and in all, per chat message. */
export const STATEMENT_GOAL = { before: 3, total: 6 };

/**
 * Issue 17, goal 5: the SQL one chat message costs, counted at the driver (Kysely's log hook sees
 * every statement). BEGIN/COMMIT, stream-lease statements and partial saves are left out, as the goal says.
 */
export const UPSTREAM = '-- upstream call --';

/** Records the statements of one chat message, with a marker where the provider was called. */
export async function recordChat(t: TestApp, c: TestClient, fake: ProviderFake, body: Record<string, unknown>) {
  const seen: string[] = [];
  const requests = fake.fake.requests;
  const push = requests.push;
  requests.push = (...items) => {
    seen.push(UPSTREAM);
    return push.apply(requests, items);
  };
  // A partial save is an update of the reply's content while it is still streaming.
  t.ctx.db.observe = (sql, params) => {
    if (sql.startsWith('update "messages" set "content"') && params.includes('streaming')) return;
    if (sql.startsWith('update messages m set content = v.content') || sql.startsWith('insert into "reply_partial_saves"')) return;
    seen.push(sql);
  };
  try {
    const res = await c.post('/api/messages/chat.php', { model: 'gpt-4o', stream: false, ...body });
    // Whatever the reply settles after it answered (the open charge) belongs to this message too.
    await new Promise((r) => setTimeout(r, 200));
    return { res, seen };
  } finally {
    t.ctx.db.observe = undefined;
    requests.push = push;
  }
}

export function countStatements(seen: string[]) {
  const counted = seen.filter(
    (s) => s === UPSTREAM || (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(s) && !s.includes('stream_leases')),
  );
  const at = counted.indexOf(UPSTREAM);
  const before = at < 0 ? counted : counted.slice(0, at);
  const total = counted.filter((s) => s !== UPSTREAM);
  return { before: before.length, total: total.length, statements: total };
}
