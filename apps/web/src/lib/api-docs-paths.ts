/**
 * API_DOC_PATHS of @ensemble/shared (api/keys.ts), repeated here without zod: keys.ts builds zod schemas, and a value
 * read from it would pull zod's chunk into every page that links to the reference (the footer is on the first load)
 * and into the reference itself. api-docs-paths.test.ts keeps the two equal.
 */
export const API_DOCS = { openapi: '/api/openapi.json', page: '/docs' } as const;
