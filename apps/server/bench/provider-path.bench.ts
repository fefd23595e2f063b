/**
 * Provider path benchmark (issue 17, goal 2): the CPU a Chat Completions reply costs to read, per
 * token, by each way of reading it, in this process, against the relay bench's upstream fake
 * (400 tokens at 50 tokens/s, each its own SSE chunk):
 *   - the AI SDK's streamText (what every provider used before),
 *   - the SDK model's own doStream (the provider package without streamText),
 *   - Ensemble's OpenAI adapter (the SDK builds the request; the 200 is read from the Node response),
 *   - a bare node:http request with JSON.parse per event (the floor).
 * The figures are why the Chat Completions body is no longer read by the SDK (see
 * src/providers/chat-completions-stream.ts). Asserts nothing.
 *
 *   PROVIDER_STREAMS=200   concurrent streams per way (default 200)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { createOpenAIAdapter } from '../src/providers/openai-adapter.js';
import type { TextGenerationRequest } from '../src/providers/types.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.PROVIDER_STREAMS ?? '200');
const ROUNDS = 2;

const fake = spawn(process.execPath, [path.join(HERE, 'relay/upstream-fake.mjs'), '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<number>((resolve) =>
  fake.stdout.on('data', (d) => {
    const m = /ready (\d+)/.exec(String(d));
    if (m) resolve(Number(m[1]));
  }),
);
const baseURL = `http://127.0.0.1:${port}/v1`;
const prompt = 'Write a long answer';

type Way = () => Promise<number>;

const sdkStreamText: Way = async () => {
  let n = 0;
  const result = streamText({ model: createOpenAI({ apiKey: 'sk-bench', baseURL }).chat('gpt-4o'), prompt, maxRetries: 0 });
  for await (const text of result.textStream) if (text) n++;
  return n;
};

const sdkDoStream: Way = async () => {
  let n = 0;
  const model = createOpenAI({ apiKey: 'sk-bench', baseURL }).chat('gpt-4o');
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }] });
  for await (const part of stream as unknown as AsyncIterable<{ type: string; delta?: string }>)
    if (part.type === 'text-delta' && part.delta) n++;
  return n;
};

const adapter = createOpenAIAdapter({ apiKey: 'sk-bench', baseUrl: baseURL, textTimeoutMs: 60_000, imageTimeoutMs: 60_000 });
const ensemble: Way = async () => {
  let n = 0;
  const request = {
    model: { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', type: 'text', cost: 1 },
    providerModelId: 'gpt-4o',
    messages: [{ role: 'user', content: prompt }],
    signal: new AbortController().signal,
  } as unknown as TextGenerationRequest;
  for await (const text of adapter.streamText(request)) if (text) n++;
  return n;
};

const bare: Way = async () => {
  let n = 0;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request(
      `${baseURL}/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' } },
      resolve,
    );
    req.on('error', reject);
    req.end(JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: prompt }] }));
  });
  res.setEncoding('utf8');
  let buffer = '';
  for await (const chunk of res) {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const data = buffer.slice(6, end);
      buffer = buffer.slice(end + 2);
      if (data !== '[DONE]' && (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content) n++;
    }
  }
  return n;
};

async function measure(way: Way): Promise<{ perToken: number; tokens: number }> {
  await way();
  const before = process.cpuUsage();
  const counts = await Promise.all(Array.from({ length: STREAMS }, way));
  const used = process.cpuUsage(before);
  const tokens = counts.reduce((a, b) => a + b, 0);
  return { perToken: (used.user + used.system) / tokens, tokens };
}

const WAYS: Array<[string, Way]> = [
  ['AI SDK streamText', sdkStreamText],
  ['AI SDK doStream', sdkDoStream],
  ['Ensemble adapter (SDK request, Node response)', ensemble],
  ['bare node:http + JSON.parse', bare],
];
console.log(`Provider path: CPU per token in this process, ${STREAMS} concurrent streams of 400 tokens at 50/s, best of ${ROUNDS}`);
const figures = new Map<string, number>();
for (const [name, way] of WAYS) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await measure(way);
    if (r.tokens !== STREAMS * 400) console.log(`  ${name}: only ${r.tokens} of ${STREAMS * 400} tokens arrived`);
    best = Math.min(best, r.perToken);
  }
  figures.set(name, best);
}
const floor = figures.get('bare node:http + JSON.parse') ?? 1;
for (const [name, perToken] of figures)
  console.log(`  ${name.padEnd(48)} ${perToken.toFixed(1).padStart(6)} µs   ${(perToken / floor).toFixed(1)}x the bare floor`);
fake.kill();
