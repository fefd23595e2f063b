// How the Gemini API (a proto service behind a JSON parser) words what it refuses: its error body, and the parser's
// violations for an unknown name or a value of the wrong kind. Shared by the Gemini fake and its tool checks.

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** A Google error body: `{ error: { code, message, status } }`, with details when given. */
export const errorBody = (code: number, message: string, details?: unknown[]) => ({
  error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN', ...(details ? { details } : {}) },
});

/** A Google error body. */
export type GoogleErrorBody = ReturnType<typeof errorBody>;

/** The package the API's messages are named under, in a parse error's type. */
export const TYPE_PREFIX = 'type.googleapis.com/google.ai.generativelanguage.v1beta';

/** A field's proto (snake_case) name from its JSON (lowerCamel) name; the parser takes either. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One thing the JSON parser refused: where, and its sentence. */
export interface Violation {
  field: string;
  description: string;
}

/** The proto field of `value` named (in either spelling) `name`. */
export const field = (value: Record<string, unknown>, name: string): unknown => {
  for (const [key, v] of Object.entries(value)) if (snake(key) === name) return v;
  return undefined;
};

/** Unknown names in a message, as the proto JSON parser reports them. */
export function unknownNames(value: Record<string, unknown>, known: string[], at: string): Violation[] {
  return Object.keys(value)
    .filter((key) => !known.includes(snake(key)))
    .map((key) => ({ field: at, description: `Invalid JSON payload received. Unknown name "${key}" at '${at}': Cannot find field.` }));
}

/** A value where a message (or an enum) belongs: `Invalid value at '<path>' (<type>), <value>`. */
export const notMessage = (at: string, type: string, value: unknown): Violation => ({
  field: at,
  description: `Invalid value at '${at}' (${TYPE_PREFIX}.${type}), ${JSON.stringify(value)}`,
});

/** The 400 that lists every violation, as Google lists them (a google.rpc.BadRequest detail). */
export const violationsBody = (violations: Violation[]): GoogleErrorBody =>
  errorBody(400, violations.map((v) => v.description).join('\n'), [
    { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations },
  ]);
