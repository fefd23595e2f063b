import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** The OpenAI response schemas vendored in fixtures/openai-openapi (see its README). */
export type OpenAISchemaName =
  | 'ListModelsResponse'
  | 'Model'
  | 'CreateChatCompletionResponse'
  | 'CreateChatCompletionStreamResponse'
  | 'ImagesResponse'
  | 'ErrorResponse';

const vendored = JSON.parse(readFileSync(new URL('./fixtures/openai-openapi/schemas.json', import.meta.url), 'utf8')) as {
  $defs: Record<string, unknown>;
};

// Formats are documentation in OpenAI's document (no value of ours carries one it checks); every other keyword is enforced.
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
ajv.addSchema({ $id: 'openai', $defs: vendored.$defs });

/** Throws, listing every violation (where and what), unless `value` conforms to OpenAI's own schema `name`. */
export function assertOpenAIShape(name: OpenAISchemaName, value: unknown): void {
  const validate = ajv.getSchema(`openai#/$defs/${name}`);
  if (!validate) throw new Error(`No vendored OpenAI schema ${name}`);
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
  );
  throw new Error(`Not an OpenAI ${name}:\n  ${problems.join('\n  ')}\nvalue: ${JSON.stringify(value).slice(0, 800)}`);
}
