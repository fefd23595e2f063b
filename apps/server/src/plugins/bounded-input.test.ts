import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../test/app-factory.js';

/**
 * Every API route against hostile input, on both databases: each answer is JSON, none is a 5xx, and
 * every route that reads input refuses it with a 4xx. Before the fix PostgreSQL gave 500s for ids
 * above 2147483647 and for NUL bytes (43 routes x cases).
 */

const MAX_ID = 2_147_483_647;
type Kind = 'body' | 'query' | 'params' | 'none';
/** How each route takes its input; `text: false` when it has no text field. */
interface RouteInput {
  kind: Kind;
  /** 'record' when it takes a thread, message or image id (or a credit amount), 'user' when only user_id. */
  ids?: 'record' | 'user';
  text?: false;
}
const ROUTES: Record<string, RouteInput> = {
  'GET /api/health': { kind: 'none' },
  'GET /api/ready': { kind: 'none' },
  'GET /api/auth/sessions.php': { kind: 'none' },
  'POST /api/auth/sessions/sign_out.php': { kind: 'body' },
  'POST /api/auth/sessions/sign_out_others.php': { kind: 'none' },
  'GET /api/auth/two_factor.php': { kind: 'none' },
  'POST /api/auth/two_factor/setup.php': { kind: 'none' },
  'POST /api/auth/two_factor/enable.php': { kind: 'body' },
  'POST /api/auth/two_factor/disable.php': { kind: 'body' },
  'POST /api/auth/two_factor/recovery_codes.php': { kind: 'body' },
  'POST /api/auth/two_factor/verify.php': { kind: 'body' },
  'GET /api/auth/passkeys.php': { kind: 'none' },
  'POST /api/auth/passkeys/register_options.php': { kind: 'none' },
  'POST /api/auth/passkeys/register.php': { kind: 'body' },
  'POST /api/auth/passkeys/delete.php': { kind: 'body' },
  'POST /api/auth/passkeys/sign_in_options.php': { kind: 'none' },
  'POST /api/auth/passkeys/sign_in.php': { kind: 'body' },
  'GET /api/openapi.json': { kind: 'none' },
  'GET /api/assets/icons/:name': { kind: 'params' },
  'GET /api/config/get_frontend_config.php': { kind: 'none' },
  'GET /api/config/get_config.php': { kind: 'none' },
  'GET /api/config/models.php': { kind: 'none' },
  'POST /api/messages/chat.php': { kind: 'body', ids: 'record' },
  'GET /api/messages/chat.php': { kind: 'query' },
  'GET /api/auth/check_session.php': { kind: 'none' },
  'POST /api/auth/register.php': { kind: 'body' },
  'POST /api/auth/login.php': { kind: 'body' },
  'POST /api/auth/logout.php': { kind: 'none' },
  'POST /api/auth/user_handler.php': { kind: 'body' },
  'GET /api/auth/user_handler.php': { kind: 'none' },
  'POST /api/auth/reset-password.php': { kind: 'body' },
  'POST /api/auth/update-password.php': { kind: 'body' },
  'GET /api/user/refresh_user.php': { kind: 'none' },
  'POST /api/credits/check_credits.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/threads/create_thread.php': { kind: 'body', ids: 'user' },
  'GET /api/threads/get_all_threads.php': { kind: 'query', ids: 'user', text: false },
  'DELETE /api/threads/delete_thread.php': { kind: 'query', ids: 'record' },
  'POST /api/threads/update_thread.php': { kind: 'body', ids: 'record' },
  'POST /api/threads/update_thread_title.php': { kind: 'body', ids: 'record' },
  'GET /api/messages/get_messages.php': { kind: 'query', ids: 'record' },
  'GET /api/search.php': { kind: 'query' },
  'POST /api/messages/get_messages.php': { kind: 'body', ids: 'record' },
  'POST /api/messages/messages.php': { kind: 'body', ids: 'record' },
  'POST /api/messages/delete_message.php': { kind: 'body', ids: 'record' },
  'POST /api/messages/update_message.php': { kind: 'body', ids: 'record' },
  'POST /api/messages/switch_branch.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/messages/stop.php': { kind: 'body' },
  'POST /api/chat/tool_decision.php': { kind: 'body' },
  'GET /api/threads/thread_settings.php': { kind: 'query', ids: 'record', text: false },
  'POST /api/threads/thread_settings.php': { kind: 'body', ids: 'record' },
  'GET /api/user/system_prompt.php': { kind: 'none' },
  'POST /api/user/system_prompt.php': { kind: 'body' },
  'GET /api/images/file/:id': { kind: 'params' },
  'GET /api/auth/picture/:file': { kind: 'params' },
  'POST /api/attachments/upload.php': { kind: 'body', text: false },
  'POST /api/attachments/copy.php': { kind: 'body', text: false },
  'GET /api/attachments/file/:id': { kind: 'params' },
  'GET /api/attachments/file/:id/thumbnail': { kind: 'params' },
  'POST /api/images/get_user_images.php': { kind: 'body', ids: 'user', text: false },
  'POST /api/images/delete_image.php': { kind: 'body', ids: 'record' },
  'POST /api/images/download.php': { kind: 'body', ids: 'user' },
  'POST /api/auth/activity_handler.php': { kind: 'body', ids: 'user' },
  'GET /api/auth/activity_handler.php': { kind: 'none' },
  'POST /api/subscription/create-checkout-session.php': { kind: 'body' },
  'POST /api/subscription/verify_session.php': { kind: 'body' },
  'POST /api/subscription/webhook.php': { kind: 'body' },
  'GET /api/auth/verify_email.php': { kind: 'query' },
  'POST /api/auth/send_verification.php': { kind: 'none' },
  'GET /api/user/spending.php': { kind: 'none' },
  'POST /api/user/spending.php': { kind: 'body', text: false },
  'POST /api/user/language.php': { kind: 'body', text: false },
  'GET /api/admin/me.php': { kind: 'none' },
  'GET /api/admin/users.php': { kind: 'query', ids: 'user' },
  'GET /api/admin/user.php': { kind: 'query', ids: 'record' },
  'POST /api/admin/adjust_credits.php': { kind: 'body', ids: 'record' },
  'POST /api/admin/suspend.php': { kind: 'body', ids: 'record' },
  'POST /api/admin/send_reset.php': { kind: 'body', ids: 'record' },
  'POST /api/admin/cancel_subscription.php': { kind: 'body', ids: 'record' },
  'GET /api/admin/daily_caps.php': { kind: 'none' },
  'POST /api/admin/daily_caps.php': { kind: 'body' },
  'GET /api/admin/audit.php': { kind: 'query', ids: 'user' },
  'GET /api/admin/abuse.php': { kind: 'none' },
  'GET /api/export/thread.php': { kind: 'query', ids: 'record' },
  'GET /api/export/my_data.php': { kind: 'none' },
  'POST /api/share/create.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/share/list.php': { kind: 'none' },
  'POST /api/share/revoke.php': { kind: 'body' },
  'GET /api/share/view.php': { kind: 'query' },
  'POST /api/share/continue.php': { kind: 'body' },
  'POST /api/auth/delete_account.php': { kind: 'body' },
  'GET /api/admin/overview.php': { kind: 'query', text: false },
  'GET /api/admin/models.php': { kind: 'none' },
  'POST /api/admin/models.php': { kind: 'body' },
  'POST /api/admin/default_favourites.php': { kind: 'body' },
  'GET /api/admin/providers.php': { kind: 'none' },
  'GET /api/admin/keys.php': { kind: 'query', ids: 'user' },
  'POST /api/admin/revoke_key.php': { kind: 'body', ids: 'record' },
  'POST /api/keys/create.php': { kind: 'body' },
  'GET /api/keys/list.php': { kind: 'none' },
  'POST /api/keys/revoke.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/mcp/list.php': { kind: 'none' },
  'POST /api/mcp/add.php': { kind: 'body' },
  'POST /api/mcp/update.php': { kind: 'body', ids: 'record' },
  'POST /api/mcp/delete.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/mcp/refresh.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/admin/mcp_servers.php': { kind: 'none' },
  'POST /api/admin/add_mcp_server.php': { kind: 'body' },
  'POST /api/admin/delete_mcp_server.php': { kind: 'body', ids: 'record' },
  'GET /api/assistants/list.php': { kind: 'none' },
  'GET /api/assistants/get.php': { kind: 'query', ids: 'record', text: false },
  'POST /api/assistants/create.php': { kind: 'body' },
  'POST /api/assistants/update.php': { kind: 'body', ids: 'record' },
  'POST /api/assistants/duplicate.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/assistants/delete.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/assistants/share.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/assistants/unshare.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/assistants/shared.php': { kind: 'query' },
  'POST /api/assistants/add_shared.php': { kind: 'body' },
  'GET /api/assistants/icon/:key': { kind: 'params' },
  'POST /api/admin/feature_assistant.php': { kind: 'body', ids: 'record' },
  'POST /api/arena/start.php': { kind: 'body' },
  'GET /api/arena/status.php': { kind: 'query', ids: 'record', text: false },
  'POST /api/arena/vote.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/arena/leaderboard.php': { kind: 'query', text: false },
  'GET /api/arena/votes.jsonl': { kind: 'query', text: false },
  'POST /api/admin/arena_exclude.php': { kind: 'body', ids: 'record' },
  'GET /api/folders/list.php': { kind: 'none' },
  'POST /api/folders/create.php': { kind: 'body' },
  'POST /api/folders/update.php': { kind: 'body', ids: 'record' },
  'POST /api/folders/delete.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/folders/order.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/threads/organize.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/threads/pin_order.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/threads/delete_many.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/prompts/list.php': { kind: 'none' },
  'POST /api/prompts/create.php': { kind: 'body' },
  'POST /api/prompts/update.php': { kind: 'body', ids: 'record' },
  'POST /api/prompts/delete.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/prompts/import.php': { kind: 'body' },
  'GET /api/prompts/export.php': { kind: 'none' },
  'POST /api/prompts/share.php': { kind: 'body', ids: 'record', text: false },
  'POST /api/prompts/unshare.php': { kind: 'body', ids: 'record', text: false },
  'GET /api/prompts/shared.php': { kind: 'query' },
  'POST /api/prompts/add_shared.php': { kind: 'body' },
};

const ID_FIELDS = ['thread_id', 'message_id', 'user_id', 'image_id', 'required_credits', 'page', 'parent_id', 'regenerate_id'];
const TEXT_FIELDS = [
  'title',
  'content',
  'model',
  'email',
  'password',
  'username',
  'token',
  'credential',
  'activity_type',
  'description',
  'priceId',
  'session_id',
  'stream_id',
  'metadata',
  'system_prompt',
  'q',
];
const FINE: Record<string, unknown> = {
  title: 'A title',
  content: 'hello',
  model: 'gpt-4o',
  email: 'someone@example.com',
  password: 'violet-harbour-lantern-42',
  username: 'Someone',
  token: 'x'.repeat(43),
  credential: 'not-a-jwt',
  activity_type: 'thread',
  description: 'Did a thing',
  stream_id: 'abcdefgh12345678',
  metadata: null,
  q: 'hello',
};

// user_id -1 is "this caller's guest", so the other fields reach the database instead of stopping at a 403.
function fields(ids: (f: string) => unknown, texts: (f: string) => unknown, userId: unknown = -1): Record<string, unknown> {
  const out: Record<string, unknown> = { stream: 'true' };
  for (const f of ID_FIELDS) out[f] = ids(f);
  out.user_id = userId;
  for (const f of TEXT_FIELDS) out[f] = texts(f);
  out.messages = [{ content: texts('content'), role: 'user' }];
  out.urls = [texts('content')];
  return out;
}

const NUL = 'a\u0000b';
interface Case {
  name: string;
  /** Which routes must refuse it with a 4xx (the others must still not fail). */
  refusedBy: (r: RouteInput, key: string) => boolean;
  values?: Record<string, unknown>;
  raw?: string;
}
const CASES: Case[] = [
  { name: 'malformed JSON', raw: '{"thread_id": 1, "content": "unterminated', refusedBy: (_r, key) => !key.startsWith('GET ') },
  {
    name: 'wrong types',
    values: fields(
      () => ({ $gt: 0 }),
      () => ['not', 'a', 'string'],
      { $gt: 0 },
    ),
    refusedBy: (r) => r.kind !== 'none',
  },
  {
    name: 'NUL bytes in text',
    values: fields(
      () => 1,
      () => NUL,
    ),
    refusedBy: (r) => r.kind !== 'none' && r.text !== false,
  },
  {
    name: 'ids above 2147483647',
    values: fields(
      (f) => (f === 'page' ? 1 : MAX_ID + 1),
      (f) => FINE[f] ?? 'x',
    ),
    refusedBy: (r) => r.ids === 'record',
  },
  {
    name: 'ids far beyond any integer, as strings',
    values: fields(
      () => '9'.repeat(30),
      (f) => FINE[f] ?? 'x',
      '9'.repeat(30),
    ),
    refusedBy: (r) => r.ids !== undefined,
  },
  {
    name: 'long strings',
    values: fields(
      () => 1,
      () => 'x'.repeat(30_000),
    ),
    refusedBy: (r) => r.kind !== 'none' && r.text !== false,
  },
  { name: 'a body over 1 MB', values: { content: 'x'.repeat(2 * 1024 * 1024) }, refusedBy: (_r, key) => !key.startsWith('GET ') },
  {
    name: 'a 10,000-element messages array',
    values: { model: 'gpt-4o', messages: Array.from({ length: 10_000 }, () => ({ content: 'hi', role: 'user' })) },
    refusedBy: (_r, key) => key === 'POST /api/messages/chat.php',
  },
];

function query(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v == null || k === 'messages' || k === 'urls') continue;
    if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${encodeURIComponent(String(item))}`);
    else parts.push(`${k}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
  }
  return parts.join('&');
}

function paramUrl(url: string, values: Record<string, unknown>): string {
  const v = values.content;
  const value = typeof v === 'string' ? v : JSON.stringify(v);
  return url.replace(/:[a-z]+/, encodeURIComponent(value));
}

describe('bounded input on every route', () => {
  let t: TestApp;
  let guest: TestClient;
  beforeAll(async () => {
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_bounded',
      STRIPE_WEBHOOK_SECRET: 'whsec_bounded',
      GOOGLE_CLIENT_ID: 'bounded-client.apps.googleusercontent.com',
    });
    guest = t.client();
    await guest.post('/api/threads/create_thread.php', { title: 'Mine' });
  });
  afterAll(async () => t?.close());

  it('the table names every API route the app serves', () => {
    const served = t.routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(new Set(served)).toEqual(new Set(Object.keys(ROUTES)));
  });

  for (const c of CASES) {
    it(`answers ${c.name} with JSON, a 4xx where the route reads input, and never a 5xx`, async () => {
      const failures: string[] = [];
      for (const [key, route] of Object.entries(ROUTES)) {
        const [method, url] = key.split(' ') as [string, string];
        const values = c.values ?? {};
        let res: Awaited<ReturnType<TestClient['request']>>;
        if (method === 'GET' || route.kind === 'query') {
          const target = route.kind === 'params' ? paramUrl(url, values) : `${url}?${query(values)}`;
          const withBody = method !== 'GET' && c.raw !== undefined;
          res = await guest.request({
            method: method as 'GET' | 'DELETE',
            url: target,
            ...(withBody ? { payload: c.raw, headers: { 'content-type': 'application/json' } } : {}),
          });
        } else {
          res = await guest.request({
            method: method as 'POST',
            url,
            payload: c.raw ?? JSON.stringify(values),
            headers: { 'content-type': 'application/json' },
          });
        }
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json') && res.data !== undefined;
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        if (res.statusCode >= 500 || !json || (c.refusedBy(route, key) && !refused)) {
          failures.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
