import { FAKE_PNG, type FakeServer, misbehave, RAW_BODY_MARKER, sendJson, startFakeServer } from './fake-server.js';

// Ideogram 3.0's form fields and enumerations (developer.ideogram.ai/api-reference/api-reference/generate-v3,
// checked 2026-11-27). Reference images are files; the fake takes text fields only.
const ASPECTS = ['1x3', '3x1', '1x2', '2x1', '9x16', '16x9', '10x16', '16x10', '2x3', '3x2', '3x4', '4x3', '4x5', '5x4', '1x1'];
const ENUMS: Record<string, string[]> = {
  aspect_ratio: ASPECTS,
  rendering_speed: ['TURBO', 'DEFAULT', 'QUALITY'],
  magic_prompt: ['AUTO', 'ON', 'OFF'],
  style_type: ['AUTO', 'GENERAL', 'REALISTIC', 'DESIGN', 'FICTION'],
};
const FIELDS = new Set([
  'prompt',
  'seed',
  'resolution',
  'negative_prompt',
  'num_images',
  'color_palette',
  'style_codes',
  'style_reference_images',
  'character_reference_images',
  'character_reference_images_mask',
  ...Object.keys(ENUMS),
]);
const RESOLUTIONS: Record<string, string> = { '16x9': '1312x736', '1x1': '1024x1024', '9x16': '736x1312' };

const ERRORS = {
  status: (status: number, key: string) => ({ detail: `Request with key ${key} failed (${status}). ${RAW_BODY_MARKER}` }),
  // Ideogram refuses an unsafe prompt with 422.
  contentFilter: { detail: `Prompt failed the safety check. ${RAW_BODY_MARKER}` },
  contentFilterStatus: 422,
};

const invalid = (field: string, msg: string, type: string) => ({ detail: [{ loc: ['body', field], msg, type }] });

/** Why Ideogram 3.0 refuses a form (422), or null when it takes it. */
function formError(form: FormData): ReturnType<typeof invalid> | null {
  for (const key of form.keys()) if (!FIELDS.has(key)) return invalid(key, 'extra fields not permitted', 'value_error.extra');
  const prompt = form.get('prompt');
  if (typeof prompt !== 'string' || !prompt) return invalid('prompt', 'field required', 'value_error.missing');
  for (const [field, allowed] of Object.entries(ENUMS)) {
    const value = form.get(field);
    if (value !== null && !allowed.includes(String(value)))
      return invalid(
        field,
        `value is not a valid enumeration member; permitted: ${allowed.map((a) => `'${a}'`).join(', ')}`,
        'type_error.enum',
      );
  }
  const seed = form.get('seed');
  if (seed !== null && !(/^\d+$/.test(String(seed)) && Number(seed) <= 2147483647))
    return invalid('seed', 'ensure this value is less than or equal to 2147483647', 'value_error.number.not_le');
  if (form.has('resolution') && form.has('aspect_ratio'))
    return invalid('aspect_ratio', 'aspect_ratio cannot be used in conjunction with resolution', 'value_error');
  return null;
}

/**
 * A fake of Ideogram 3.0's POST /v1/ideogram-v3/generate (header Api-Key, a multipart form), whose
 * answer links to an image it serves. Like the real one it takes only its own form fields and
 * enumerations (422 otherwise, a JSON body included), refuses an unsafe prompt with 422, and with
 * 'unsafe_image' answers is_image_safe: false without a URL. The deprecated legacy POST /generate,
 * which took a model (V_1 to V_2A), is not served.
 */
export function startIdeogramFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'GET' && request.path === '/images/generated.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': FAKE_PNG.length });
      return res.end(FAKE_PNG);
    }
    if (request.method !== 'POST' || request.path !== '/v1/ideogram-v3/generate') return sendJson(res, 404, { detail: 'Not Found' });
    if (!request.headers['api-key']) return sendJson(res, 401, { detail: 'Unauthorized' });
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data') || typeof request.body !== 'string')
      return sendJson(res, 422, invalid('prompt', 'field required', 'value_error.missing'));
    const form = await new Response(request.body, { headers: { 'content-type': type } }).formData().catch(() => null);
    if (!form) return sendJson(res, 400, { detail: 'There was an error parsing the body' });
    const refused = formError(form);
    if (refused) return sendJson(res, 422, refused);
    if (misbehave(ctx, ERRORS)) return;
    if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
    const unsafe = ctx.fake.behaviour === 'unsafe_image';
    const aspect = String(form.get('aspect_ratio') ?? '1x1');
    return sendJson(res, 200, {
      created: new Date().toISOString(),
      data: [
        {
          ...(unsafe ? {} : { url: `${ctx.fake.url}/images/generated.png` }),
          prompt: form.get('prompt'),
          resolution: RESOLUTIONS[aspect] ?? '1024x1024',
          is_image_safe: !unsafe,
          seed: Number(form.get('seed') ?? 12345),
          style_type: 'GENERAL',
        },
      ],
    });
  });
}
