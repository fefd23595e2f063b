import type { Assistant, CreateAssistantRequest } from '@ensemble/shared';
import { ASSISTANT_PATHS } from '@ensemble/shared';
import sharp from 'sharp';
import { now } from '../../db/connection.js';
import type { TestApp, TestClient } from '../../test/app-factory.js';

// Helpers of the assistants' tests (not a test file itself).

/** A sound assistant, with every field set. */
export const PIRATE: CreateAssistantRequest = {
  name: 'Pirate translator',
  emoji: '🏴‍☠️',
  description: 'Answers like a terse pirate.',
  model_id: 'gpt-4o-mini',
  instructions: 'You are a terse pirate. Answer in one line.',
  temperature: 0.5,
  max_output_tokens: 300,
  starters: ['Say hello', 'Name a ship'],
  web_search: false,
  mcp_server_ids: [],
};

/** Creates an assistant through the API and answers it (throws unless it was created). */
export async function createAssistant(c: TestClient, fields: Partial<CreateAssistantRequest> = {}) {
  const res = await c.post(ASSISTANT_PATHS.create, { ...PIRATE, ...fields });
  if (res.statusCode !== 200) throw new Error(`create.php answered ${res.statusCode}: ${res.body}`);
  return res.data.assistant as Assistant;
}

/** Makes the client a guest: a session of its own, started by the first call that may start one. */
export async function becomeGuest(c: TestClient): Promise<void> {
  const res = await c.get('/api/auth/check_session.php');
  if (!c.cookies.size) throw new Error(`no guest session: ${res.statusCode}`);
}

/** A picture as a data: URL (a PNG of the given size). */
export async function pictureDataUrl(width = 300, height = 200): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Whether the MCP servers' table exists yet (it comes with a later migration). */
export async function hasMcpServers(t: TestApp): Promise<boolean> {
  try {
    await t.ctx.db.kysely.selectFrom('mcp_servers').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

/** An MCP server row: an operator's (userId null) or an account's own. Answers its id. */
export async function addMcpServerRow(t: TestApp, userId: number | null, name: string): Promise<number> {
  const t0 = now();
  const row = await t.ctx.db.kysely
    .insertInto('mcp_servers')
    .values({
      user_id: userId,
      name,
      url: `https://tools.example.test/${name}`,
      token_cipher: null,
      ask_first: 0,
      tools_json: '[]',
      tools_checked_at: t0,
      last_error: null,
      created_at: t0,
      updated_at: t0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
