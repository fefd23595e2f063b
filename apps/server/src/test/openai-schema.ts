import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The OpenAI response schemas vendored in fixtures/openai-openapi (see its README). */
export type OpenAISchemaName =
  | 'ListModelsResponse'
  | 'Model'
  | 'CreateChatCompletionResponse'
  | 'CreateChatCompletionStreamResponse'
  | 'ImagesResponse'
  | 'ErrorResponse';

const vendored = JSON.parse(readFileSync(new URL('./fixtures/openai-openapi/schemas.json', import.meta.url), 'utf8')) as {
  roots: OpenAISchemaName[];
  $defs: Record<string, unknown>;
};

// The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12. Strict: a keyword or format Ajv does not know
// (an OpenAPI leftover a refresh failed to convert) throws instead of being ignored. Only `strictTypes`, Ajv's lint
// that `required` should come with `type: 'object'` (OpenAI's `Model` has no `type`), is off; it changes no verdict.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv); // `uri` (an image's url, a citation's url) and `date` (a model's shutdown_date)
// OpenAI's own format: a Unix time in seconds. Bounded below 1e11 (the year 5138) so that milliseconds are refused.
ajv.addFormat('unixtime', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 && n < 1e11 });
ajv.addSchema({ $id: 'openai', $defs: vendored.$defs });
const validators = new Map(vendored.roots.map((name) => [name, ajv.getSchema(`openai#/$defs/${name}`)!]));

/** Throws, listing every violation (where and what), unless `value` conforms to OpenAI's own schema `name`. */
export function assertOpenAIShape(name: OpenAISchemaName, value: unknown): void {
  const validate = validators.get(name);
  if (!validate) throw new Error(`No vendored OpenAI schema ${name}`);
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
  );
  throw new Error(`Not an OpenAI ${name}:\n  ${problems.join('\n  ')}\nvalue: ${JSON.stringify(value).slice(0, 800)}`);
}
