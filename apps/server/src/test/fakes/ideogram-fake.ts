import { FAKE_PNG, type FakeServer, misbehave, RAW_BODY_MARKER, sendJson, startFakeServer } from './fake-server.js';
import { IDEOGRAM_SERVED } from './served-models.js';

const RESOLUTIONS: Record<string, string> = { ASPECT_16_9: '1312x736', ASPECT_1_1: '1024x1024', ASPECT_9_16: '736x1312' };
const ASPECTS = [
  'ASPECT_10_16',
  'ASPECT_16_10',
  'ASPECT_9_16',
  'ASPECT_16_9',
  'ASPECT_3_2',
  'ASPECT_2_3',
  'ASPECT_4_3',
  'ASPECT_3_4',
  'ASPECT_1_1',
  'ASPECT_1_3',
  'ASPECT_3_1',
];

const ERRORS = {
  status: (status: number, key: string) => ({ detail: `Request with key ${key} failed (${status}). ${RAW_BODY_MARKER}` }),
  // Ideogram refuses an unsafe prompt with 422.
  contentFilter: { detail: `Prompt failed the safety check. ${RAW_BODY_MARKER}` },
  contentFilterStatus: 422,
};

const enumError = (field: string, allowed: readonly string[]) => ({
  detail: [
    {
      loc: ['body', 'image_request', field],
      msg: `value is not a valid enumeration member; permitted: ${allowed.map((a) => `'${a}'`).join(', ')}`,
      type: 'type_error.enum',
    },
  ],
});

/**
 * A fake of Ideogram's legacy POST /generate (header Api-Key), whose answer links to an image it
 * serves. Like the real one it validates the model and aspect-ratio enumerations (422), refuses an
 * unsafe prompt with 422, and with 'unsafe_image' answers is_image_safe: false without a URL.
 */
export function startIdeogramFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'GET' && request.path === '/images/generated.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': FAKE_PNG.length });
      return res.end(FAKE_PNG);
    }
    if (request.method !== 'POST' || request.path !== '/generate') return sendJson(res, 404, { detail: 'Not Found' });
    if (!request.headers['api-key']) return sendJson(res, 401, { detail: 'Unauthorized' });
    const image = (request.body as { image_request?: { prompt?: string; aspect_ratio?: string; model?: string } })?.image_request;
    if (!image?.prompt)
      return sendJson(res, 422, {
        detail: [{ loc: ['body', 'image_request', 'prompt'], msg: 'field required', type: 'value_error.missing' }],
      });
    if (image.model !== undefined && !ctx.fake.served.has(image.model)) return sendJson(res, 422, enumError('model', [...ctx.fake.served]));
    if (image.aspect_ratio !== undefined && !ASPECTS.includes(image.aspect_ratio))
      return sendJson(res, 422, enumError('aspect_ratio', ASPECTS));
    if (misbehave(ctx, ERRORS)) return;
    if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
    const unsafe = ctx.fake.behaviour === 'unsafe_image';
    return sendJson(res, 200, {
      created: new Date().toISOString(),
      data: [
        {
          ...(unsafe ? {} : { url: `${ctx.fake.url}/images/generated.png` }),
          prompt: image.prompt,
          resolution: RESOLUTIONS[image.aspect_ratio ?? 'ASPECT_1_1'] ?? '1024x1024',
          is_image_safe: !unsafe,
          seed: 12345,
          style_type: 'GENERAL',
        },
      ],
    });
  }, IDEOGRAM_SERVED);
}
