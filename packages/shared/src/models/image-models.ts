import { type ModelEntry, imageRow as image } from './catalogue.js';

// Checked on 2026-11-23: OpenAI against developers.openai.com/api/docs/deprecations (dall-e-2,
// dall-e-3 and gpt-image-1 are shut down) and the @ai-sdk/openai 3.0.141 image-model union;
// Replicate against the @ai-sdk/replicate 2.0.8 model union and replicate.com model pages;
// Ideogram against developer.ideogram.ai (the legacy generate endpoint still serves V_1 to V_2A).

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
  image('V_1', 'Ideogram 1.0', 'ideogram', 'ideogram', 4, 'Ideogram 1.0: strong typography in images.'),
  image('V_1_TURBO', 'Ideogram 1.0 Turbo', 'ideogram', 'ideogram', 4, 'A faster Ideogram 1.0.'),
  image('V_2A', 'Ideogram 2a', 'ideogram', 'ideogram', 5, 'Ideogram 2a: graphic design and photorealism.'),
  image('V_2A_TURBO', 'Ideogram 2a Turbo', 'ideogram', 'ideogram', 5, 'A faster Ideogram 2a.'),
  // SDXL is only published as a versioned model, so the version goes with it.
  image('sdxl', 'Stable Diffusion XL', 'replicate', 'stability', 3, "Stability AI's open image model.", {
    model_id: 'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
  }),
];
