import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app-factory.js';
import { startProviderFake } from '../../test/fakes/provider-fakes.js';

function modelsFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'models-')), 'models.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('catalogue', () => {
  it('applies MODELS_FILE: adds, retires, re-maps and re-prices models', async () => {
    const openai = await startProviderFake('openai');
    const file = modelsFile({
      add: [
        {
          id: 'gpt-4.1',
          name: 'GPT-4.1',
          provider: 'openai',
          type: 'text',
          cost: 2,
          icon: 'openai',
          context_window: 1_047_576,
          max_output_tokens: 32_768,
        },
      ],
      retire: ['gemini-1.0-pro'],
      map: { 'gpt-4o': 'gpt-4o-2024-11-20' },
      costs: { 'gpt-4o-mini': 2 },
    });
    const t = await createTestApp({ MODELS_FILE: file, OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: openai.baseUrl });
    try {
      const c = t.client();
      const list = (await c.get('/api/config/models.php')).data;
      const ids = list.text_models.map((m: { id: string }) => m.id);
      expect(ids).toContain('gpt-4.1');
      expect(ids).not.toContain('gemini-1.0-pro');
      expect(list.text_models.find((m: { id: string }) => m.id === 'gpt-4o-mini').cost).toBe(2);
      // An added row carries the limits its entry gives; a re-mapped row keeps its model's.
      expect(list.text_models.find((m: { id: string }) => m.id === 'gpt-4.1')).toMatchObject({
        context_window: 1_047_576,
        max_output_tokens: 32_768,
      });
      expect(list.text_models.find((m: { id: string }) => m.id === 'gpt-4o').max_output_tokens).toBe(16_384);
      const res = await c.post('/api/messages/chat.php', {
        model: 'gpt-4o',
        is_comparison: true,
        messages: [{ content: 'Hi', role: 'user' }],
      });
      expect(res.statusCode).toBe(200);
      expect((openai.fake.lastRequest('/chat/completions')?.body as { model: string } | undefined)?.model).toBe('gpt-4o-2024-11-20');
      const retired = await c.post('/api/messages/chat.php', {
        model: 'gemini-1.0-pro',
        is_comparison: true,
        messages: [{ content: 'Hi', role: 'user' }],
      });
      expect(retired.statusCode).toBe(400);
    } finally {
      await t.close();
      await openai.fake.close();
    }
  });

  it('refuses to start on a malformed MODELS_FILE or one naming unknown models', async () => {
    await expect(createTestApp({ MODELS_FILE: modelsFile('{not json') })).rejects.toThrow(/MODELS_FILE/);
    await expect(createTestApp({ MODELS_FILE: modelsFile({ retire: ['no-such-model'] }) })).rejects.toThrow(/no-such-model/);
    await expect(createTestApp({ MODELS_FILE: modelsFile({ fallbacks: { 'gpt-4o': ['no-such-fallback'] } }) })).rejects.toThrow(
      /no-such-fallback/,
    );
    await expect(
      createTestApp({ MODELS_FILE: modelsFile({ add: [{ id: 'x', name: 'X', provider: 'acme', type: 'text' }] }) }),
    ).rejects.toThrow(/provider/);
  });

  it('hides keyless models when DEMO_MODE=off', async () => {
    const anthropic = await startProviderFake('anthropic');
    const t = await createTestApp({ DEMO_MODE: 'off', ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_BASE_URL: anthropic.baseUrl });
    try {
      const list = (await t.client().get('/api/config/models.php')).data;
      expect(list.text_models.map((m: { provider: string }) => m.provider)).toEqual(Array(6).fill('anthropic'));
      expect(list.image_models).toEqual([]);
      expect((await t.client().get('/api/config/get_frontend_config.php')).data.demo_mode).toBe(false);
    } finally {
      await t.close();
      await anthropic.fake.close();
    }
  });
});
