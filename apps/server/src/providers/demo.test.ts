import { ASPECT_RATIOS, type AspectRatio, IMAGE_MODELS, type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createDemoAdapter, tokenChunks } from './demo.js';
import { composeDemoReply } from './demo-text.js';

const gpt = TEXT_MODELS.find((m) => m.id === 'gpt-4o') as ModelEntry;
const claude = TEXT_MODELS.find((m) => m.id === 'claude-3-7-sonnet-latest') as ModelEntry;
const dalle = IMAGE_MODELS.find((m) => m.id === 'dall-e-3') as ModelEntry;
const flux = IMAGE_MODELS.find((m) => m.id === 'flux') as ModelEntry;

async function reply(model: ModelEntry, prompt: string, tokensPerSecond = 0): Promise<string[]> {
  const adapter = createDemoAdapter({ tokensPerSecond });
  const chunks: string[] = [];
  const stream = adapter.streamText({
    model,
    providerModelId: model.id,
    messages: [{ role: 'user', content: prompt }],
    signal: new AbortController().signal,
  });
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('demo text', () => {
  it('is labelled, names the model and writes a code block when asked for code', async () => {
    const text = (await reply(gpt, 'Write a Python function that merges two sorted lists')).join('');
    expect(text).toContain('GPT-4o');
    expect(text).toContain("Ensemble's built-in demo provider");
    expect(text).toContain('no API key is configured for OpenAI');
    expect(text).toMatch(/```python\n[\s\S]+\n```/);
    expect(text).toMatch(/^## /);
  });

  it('picks the language the prompt names', () => {
    expect(composeDemoReply(gpt, 'Write a Rust program that counts words')).toContain('```rust');
    expect(composeDemoReply(gpt, 'a bash script to back up my photos')).toContain('```bash');
  });

  it('answers a plain question with sections and lists but no code, echoing its topic', () => {
    const text = composeDemoReply(claude, 'What are the health benefits of green tea?');
    expect(text).not.toContain('```');
    expect(text.toLowerCase()).toContain('green tea');
    expect(text).toMatch(/^- /m);
    expect(text).toContain('Claude 3.7 Sonnet');
    const words = text.split(/\s+/).length;
    expect(words).toBeGreaterThan(150);
    expect(words).toBeLessThan(800);
  });

  it('varies with the prompt and the model, and repeats for the same input', () => {
    const a = composeDemoReply(gpt, 'How do volcanoes form?');
    expect(composeDemoReply(gpt, 'How do volcanoes form?')).toBe(a);
    expect(composeDemoReply(gpt, 'Explain photosynthesis simply')).not.toBe(a);
    expect(composeDemoReply(claude, 'How do volcanoes form?')).not.toBe(a);
  });

  it('streams many token-sized chunks that join back exactly, with no delay at 0 tokens/s', async () => {
    const started = Date.now();
    const chunks = await reply(gpt, 'Tips for learning the guitar');
    expect(Date.now() - started).toBeLessThan(200);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.every((c) => c.trim().length <= 6)).toBe(true);
    expect(chunks.join('')).toBe(composeDemoReply(gpt, 'Tips for learning the guitar'));
  });

  it('paces chunks at the configured rate and stops when the caller aborts', async () => {
    const adapter = createDemoAdapter({ tokensPerSecond: 100 });
    const controller = new AbortController();
    const chunks: string[] = [];
    const started = Date.now();
    let caught: unknown;
    try {
      for await (const chunk of adapter.streamText({
        model: gpt,
        providerModelId: 'gpt-4o',
        messages: [{ role: 'user', content: 'hello' }],
        signal: controller.signal,
      })) {
        chunks.push(chunk);
        if (chunks.length === 5) controller.abort(new Error('stop'));
      }
    } catch (error) {
      caught = error;
    }
    expect(chunks.length).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect((caught as Error).message).toBe('stop');
  });

  it('splits text into chunks that lose nothing', () => {
    const text = 'Hello,   world!\n\n```ts\nconst x = 1;\n```\n  trailing  ';
    expect(tokenChunks(text).join('')).toBe(text);
  });
});

describe('demo images', () => {
  const adapter = createDemoAdapter({ tokensPerSecond: 0 });
  // null: the request brings no seed.
  const draw = (model: ModelEntry, prompt: string, aspectRatio: AspectRatio, seed: number | null = 7) =>
    adapter.generateImage({
      model,
      providerModelId: model.id,
      prompt,
      aspectRatio,
      signal: new AbortController().signal,
      seed: seed ?? undefined,
    });

  // How fast is measured by bench/demo-images.bench.ts, not here.
  it.each(['wide', 'square', 'tall'] as const)('draws a PNG of exactly the %s size', async (ratio) => {
    const image = await draw(dalle, 'A fox in the snow', ratio);
    const png = PNG.sync.read(Buffer.from(image.bytes));
    expect([png.width, png.height]).toEqual([ASPECT_RATIOS[ratio].width, ASPECT_RATIOS[ratio].height]);
    expect([image.width, image.height, image.mediaType]).toEqual([png.width, png.height, 'image/png']);
  });

  it('draws a new picture for each seed, and one of its own when the request brings none', async () => {
    const one = Buffer.from((await draw(dalle, 'A fox in the snow', 'square', 1)).bytes);
    const two = Buffer.from((await draw(dalle, 'A fox in the snow', 'square', 2)).bytes);
    const unseeded = Buffer.from((await draw(dalle, 'A fox in the snow', 'square', null)).bytes);
    const unseededAgain = Buffer.from((await draw(dalle, 'A fox in the snow', 'square', null)).bytes);
    expect(one.equals(two)).toBe(false);
    expect(unseeded.equals(unseededAgain)).toBe(false);
  });

  it('differs between prompts and between models, and repeats for the same input', async () => {
    const a = Buffer.from((await draw(dalle, 'A fox in the snow', 'square')).bytes);
    const b = Buffer.from((await draw(dalle, 'A city at night', 'square')).bytes);
    const c = Buffer.from((await draw(flux, 'A fox in the snow', 'square')).bytes);
    const again = Buffer.from((await draw(dalle, 'A fox in the snow', 'square')).bytes);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
    expect(a.equals(again)).toBe(true);
  });

  it('is not a flat fill', async () => {
    const png = PNG.sync.read(Buffer.from((await draw(dalle, 'Colourful shapes', 'square')).bytes));
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 997) colours.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
    expect(colours.size).toBeGreaterThan(50);
  });
});
