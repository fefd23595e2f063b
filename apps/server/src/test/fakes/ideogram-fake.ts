import { FAKE_PNG, type FakeServer, misbehave, RAW_BODY_MARKER, sendJson, startFakeServer } from './fake-server.js';

const RESOLUTIONS: Record<string, string> = { ASPECT_16_9: '1312x736', ASPECT_1_1: '1024x1024', ASPECT_9_16: '736x1312' };

const ERRORS = {
  status: (status: number, key: string) => ({ detail: `Request with key ${key} failed (${status}). ${RAW_BODY_MARKER}` }),
  contentFilter: { detail: `Prompt failed the safety check. ${RAW_BODY_MARKER}` },
};

/** A fake of Ideogram's POST /generate (header Api-Key), whose answer links to an image it serves. */
export function startIdeogramFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'POST' && request.path === '/generate') {
      if (misbehave(ctx, ERRORS)) return;
      if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
      const image = (request.body as { image_request?: { prompt?: string; aspect_ratio?: string } })?.image_request ?? {};
      return sendJson(res, 200, {
        created: new Date().toISOString(),
        data: [
          {
            url: `${ctx.fake.url}/images/generated.png`,
            prompt: image.prompt ?? '',
            resolution: RESOLUTIONS[image.aspect_ratio ?? 'ASPECT_1_1'] ?? '1024x1024',
            is_image_safe: true,
            seed: 12345,
            style_type: 'GENERAL',
          },
        ],
      });
    }
    if (request.method === 'GET' && request.path === '/images/generated.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': FAKE_PNG.length });
      return res.end(FAKE_PNG);
    }
    sendJson(res, 404, { detail: 'Not found' });
  });
}
