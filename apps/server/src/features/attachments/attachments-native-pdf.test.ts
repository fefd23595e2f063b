import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { multipart, pdfWith } from '../../test/attachment-fixtures.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';

// A scanned PDF has no text to extract; OpenAI and Gemini read PDFs themselves, so they get the file.
describe(`a scanned PDF sent to providers that read PDFs on ${TEST_DB}`, () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let t: TestApp;
  const scan = pdfWith([]);
  const data = Buffer.from(scan).toString('base64');
  beforeAll(async () => {
    all = await startAllProviderFakes(['openai', 'google']);
    t = await createTestApp(fakeProviderEnv(all.fakes));
    await firstAvailabilityCheck(t.app);
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  async function send(c: TestClient, model: string): Promise<string> {
    const uploaded = await c.request({
      method: 'POST',
      url: '/api/attachments/upload.php',
      ...multipart([{ name: 'scan.pdf', bytes: scan }]),
    });
    expect(uploaded.data.attachments[0]).toMatchObject({ kind: 'pdf', text_chars: 0 });
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model,
      stream: true,
      attachment_ids: [uploaded.data.attachments[0].id],
      messages: [{ content: 'What does this letter say?', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const res = await c.get(`/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`);
    expect(res.body).not.toContain('"error"');
    return res.body;
  }

  it('OpenAI gets it as a file part (file_data with its filename), not "no extractable text"', async () => {
    const openai = all.fakes.openai?.fake;
    await send(t.client(), 'gpt-4o');
    const body = openai?.lastRequest('/chat/completions')?.body as { messages: Array<{ role: string; content: unknown }> };
    const user = body.messages.find((m) => m.role === 'user');
    expect(user?.content).toEqual([
      { type: 'file', file: { filename: 'scan.pdf', file_data: `data:application/pdf;base64,${data}` } },
      { type: 'text', text: 'What does this letter say?' },
    ]);
  });

  it('Gemini gets it as inlineData application/pdf', async () => {
    const google = all.fakes.google?.fake;
    await send(t.client(), 'gemini-1.5-flash');
    const body = google?.lastRequest()?.body as { contents: Array<{ role: string; parts: unknown[] }> };
    expect(body.contents.at(-1)?.parts).toEqual([
      { inlineData: { mimeType: 'application/pdf', data } },
      { text: 'What does this letter say?' },
    ]);
  });
});
