import { type ModelEntry, imageRow as image } from './catalogue.js';

// Checked on 2026-11-23: OpenAI against developers.openai.com/api/docs/deprecations (dall-e-2,
// dall-e-3 and gpt-image-1 are shut down) and the @ai-sdk/openai 3.0.141 image-model union;
// Replicate against the @ai-sdk/replicate 2.0.8 model union and replicate.com model pages;
// Ideogram against developer.ideogram.ai/api-reference/api-reference/generate-v3 (checked 2026-11-27):
// the legacy /generate endpoint (V_1 to V_2A) is deprecated; Ideogram 3.0 (POST /v1/ideogram-v3/generate)
// has no V_1 or V_2A, so those rows are answered by 3.0, the Turbo rows at rendering_speed TURBO and
// the others at DEFAULT. model_id V_3 / V_3_<SPEED> names the model and its rendering speed.

/** The image rows: the spec's, each answered by a model its provider serves today. */
export const IMAGE_MODELS: readonly ModelEntry[] = [
  image('flux', 'Flux Schnell', 'replicate', 'flux', 4, 'Black Forest Labs Flux Schnell: fast, detailed images.', {
    model_id: 'black-forest-labs/flux-schnell',
  }),
  image(
    'flux-pro',
    'Flux Pro → FLUX.2 Pro',
    'replicate',
    'flux',
    4,
    'The highest-quality Flux (now FLUX.2 Pro) for crisp, prompt-faithful images.',
    {
      model_id: 'black-forest-labs/flux-2-pro',
    },
  ),
  image(
    'dall-e-3',
    'DALL-E 3 → GPT Image 2.6 Flare',
    'openai',
    'openai',
    3,
    "DALL-E 3 was retired by OpenAI; GPT Image 2.6 Flare, OpenAI's fast image model, answers.",
    {
      model_id: 'gpt-image-2.6-flare',
    },
  ),
  image('dall-e-2', 'DALL-E 2 → GPT Image 2', 'openai', 'openai', 3, 'DALL-E 2 was retired by OpenAI; GPT Image 2 answers.', {
    model_id: 'gpt-image-2',
    fallbacks: ['dall-e-3'],
  }),
  image(
    'gpt-image-1',
    'GPT Image 1 → GPT Image 2.6 Sunburst',
    'openai',
    'openai',
    8,
    "GPT Image 1 was retired by OpenAI; GPT Image 2.6 Sunburst, OpenAI's most precise image model, answers.",
    {
      model_id: 'gpt-image-2.6-sunburst',
      fallbacks: ['dall-e-3'],
    },
  ),
  image(
    'V_1',
    'Ideogram 1.0 → Ideogram 3.0',
    'ideogram',
    'ideogram',
    4,
    "Ideogram's current API has no 1.0; Ideogram 3.0 answers, with strong typography.",
    {
      model_id: 'V_3',
    },
  ),
  image(
    'V_1_TURBO',
    'Ideogram 1.0 Turbo → Ideogram 3.0 Turbo',
    'ideogram',
    'ideogram',
    4,
    "Ideogram's current API has no 1.0 Turbo; Ideogram 3.0 at Turbo speed answers.",
    {
      model_id: 'V_3_TURBO',
    },
  ),
  image(
    'V_2A',
    'Ideogram 2a → Ideogram 3.0',
    'ideogram',
    'ideogram',
    5,
    "Ideogram's current API has no 2a; Ideogram 3.0 answers, for graphic design and photorealism.",
    {
      model_id: 'V_3',
    },
  ),
  image(
    'V_2A_TURBO',
    'Ideogram 2a Turbo → Ideogram 3.0 Turbo',
    'ideogram',
    'ideogram',
    5,
    "Ideogram's current API has no 2a Turbo; Ideogram 3.0 at Turbo speed answers.",
    {
      model_id: 'V_3_TURBO',
    },
  ),
  // SDXL is only published as a versioned model, so the version goes with it.
  image('sdxl', 'Stable Diffusion XL', 'replicate', 'stability', 3, "Stability AI's open image model.", {
    model_id: 'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
  }),
];
