import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../test/app-factory.js';
import { type ProviderFake, startProviderFake } from '../test/fakes/provider-fakes.js';
import { freePort } from '../test/free-port.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one series in a Prometheus text exposition (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function chat(c: TestClient, model: string, extra: Record<string, unknown> = {}) {
  return c.post('/api/messages/chat.php', { model, is_comparison: true, messages: [{ content: 'Hello there', role: 'user' }], ...extra });
}

describe('GET /metrics', () => {
  it('is off (404) with neither METRICS_TOKEN nor METRICS_PORT', async () => {
    const t = await createTestApp();
    try {
      const res = await t.client().get('/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.data).toMatchObject({ status: 'error', code: 'not_found' });
    } finally {
      await t.close();
    }
  });

  it('rejects an invalid METRICS_TOKEN or METRICS_PORT at start', async () => {
    await expect(createTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
    await expect(createTestApp({ METRICS_PORT: '3000', PORT: '3000' })).rejects.toThrow(/METRICS_PORT/);
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let openai: ProviderFake;
    beforeAll(async () => {
      openai = await startProviderFake('openai');
      t = await createTestApp({ METRICS_TOKEN: TOKEN, INSTANCE_ID: 'web-7', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl });
    });
    afterAll(async () => {
      await t?.close();
      await openai?.fake.close();
    });
    const scrape = async () => {
      const res = await t.client().get('/metrics', bearer);
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('asks for the bearer token: none or a wrong one is 401', async () => {
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789abcd' }, { authorization: TOKEN }];
      for (const headers of attempts) {
        const res = await t.client().get('/metrics', headers);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.body).not.toContain('ensemble_');
      }
      const ok = await t.client().get('/metrics', bearer);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.body).toContain('ensemble_instance_info{instance_id="web-7"} 1');
      expect(ok.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(ok.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    });

    it('counts requests by route template and status, with a latency histogram', async () => {
      const series = 'ensemble_http_requests_total{method="GET",route="/api/images/file/:id",status="404"}';
      const before = seriesValue(await scrape(), series);
      for (let i = 0; i < 3; i++) await t.client().get(`/api/images/file/${'ab'.repeat(16)}${i}`);
      const after = await scrape();
      expect(seriesValue(after, series)).toBe(before + 3);
      expect(after).not.toContain('abababab');
      expect(
        seriesValue(after, 'ensemble_http_request_duration_seconds_count{method="GET",route="/api/images/file/:id",status="404"}'),
      ).toBe(before + 3);
      expect(after).toMatch(
        /ensemble_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/images\/file\/:id",status="404"\}/,
      );
    });

    it('counts credits charged and refunded, time to first token by provider, and provider errors by kind', async () => {
      const before = await scrape();
      const c = t.client();
      openai.fake.behaviour = 'ok';
      expect((await chat(c, 'gpt-4o', { stream: false })).statusCode).toBe(200);
      expect((await chat(c, 'claude-3-7-sonnet-latest', { stream: false })).statusCode).toBe(200);
      openai.fake.behaviour = 429;
      expect((await chat(c, 'gpt-4o', { stream: false })).statusCode).toBe(502);
      const after = await scrape();
      const delta = (s: string) => seriesValue(after, s) - seriesValue(before, s);
      const models = (await c.get('/api/config/models.php')).data.text_models as Array<{ id: string; cost: number }>;
      const cost = (id: string) => models.find((m) => m.id === id)?.cost as number;
      expect(delta('ensemble_credits_charged_total{account="guest"}')).toBe(2 * cost('gpt-4o') + cost('claude-3-7-sonnet-latest'));
      expect(delta('ensemble_credits_refunded_total{account="guest"}')).toBe(cost('gpt-4o'));
      expect(delta('ensemble_time_to_first_token_seconds_count{provider="openai"}')).toBe(1);
      expect(delta('ensemble_time_to_first_token_seconds_count{provider="demo"}')).toBe(1);
      expect(delta('ensemble_provider_errors_total{provider="openai",kind="rate_limit"}')).toBe(1);
    });

    it.runIf(TEST_DB === 'postgres')('reports the PostgreSQL pool', async () => {
      const text = await scrape();
      expect(seriesValue(text, 'ensemble_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('ensemble_db_pool_connections{state="waiting"}');
    });
  });

  it('counts open event streams and replies being generated while a reply streams', async () => {
    const t = await createTestApp({ METRICS_TOKEN: TOKEN, DEMO_TOKENS_PER_SECOND: '40' });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const scrape = async () => (await (await fetch(`${base}/metrics`, { headers: bearer })).text()) as string;
      const before = await scrape();
      const c = t.client();
      const post = await chat(c, 'gpt-4o', { stream: true });
      const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const controller = new AbortController();
      const res = await fetch(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, {
        headers: { cookie },
        signal: controller.signal,
      });
      const reader = res.body?.getReader();
      await reader?.read();
      const during = await scrape();
      expect(seriesValue(during, 'ensemble_event_streams_open')).toBe(seriesValue(before, 'ensemble_event_streams_open') + 1);
      expect(seriesValue(during, 'ensemble_replies_generating')).toBe(seriesValue(before, 'ensemble_replies_generating') + 1);
      controller.abort();
      await reader?.cancel().catch(() => undefined);
      for (
        let i = 0;
        i < 100 && seriesValue(await scrape(), 'ensemble_event_streams_open') !== seriesValue(before, 'ensemble_event_streams_open');
        i++
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seriesValue(await scrape(), 'ensemble_event_streams_open')).toBe(seriesValue(before, 'ensemble_event_streams_open'));
    } finally {
      await t.close();
    }
  });

  it('shows the finished streams kept for late reconnects, and their estimated bytes within STREAM_GRACE_MAX_MB', async () => {
    const t = await createTestApp({ METRICS_TOKEN: TOKEN, DEMO_TOKENS_PER_SECOND: '0', STREAM_GRACE_MAX_MB: '0.1' });
    try {
      const scrape = async () => (await t.client().get('/metrics', bearer)).body;
      const streams = 'ensemble_finished_streams_held{measure="streams"}';
      const bytes = 'ensemble_finished_streams_held{measure="bytes"}';
      const before = await scrape();
      const c = t.client();
      expect((await chat(c, 'gpt-4o')).statusCode).toBe(200);
      const one = await scrape();
      expect(seriesValue(one, streams)).toBe(seriesValue(before, streams) + 1);
      // A comparison keeps its text: more than a record's own 0.4 KB.
      expect(seriesValue(one, bytes) - seriesValue(before, bytes)).toBeGreaterThan(400);
      for (let i = 0; i < 300; i++) await chat(c, 'gpt-4o');
      // 300 comparisons do not fit in 0.1 MB: the oldest went, the bytes stay within it.
      const many = await scrape();
      expect(seriesValue(many, streams) - seriesValue(before, streams)).toBeLessThan(250);
      expect(seriesValue(many, bytes) - seriesValue(before, bytes)).toBeLessThanOrEqual(0.1 * 2 ** 20);
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT, is served only on that port (and still asks for METRICS_TOKEN when set)', async () => {
    const port = await freePort();
    const t = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      expect((await t.client().get('/metrics', bearer)).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('ensemble_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the app: nothing listens any more.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    const other = await freePort();
    const guarded = await createTestApp({ METRICS_PORT: String(other), HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    try {
      expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${other}/metrics`, { headers: bearer })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
