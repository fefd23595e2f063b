// Loaded on demand by the prompt library's calls: the answers' schemas, and zod with them. Importing them statically
// would put the library's calls (and shared's zod-free prompt-paths.ts, which the schemas read) in a cycle with the
// schemas chunk, which then could run before prompt-paths.ts had.
export {
  importPromptsResponseSchema,
  listPromptsResponseSchema,
  okSchema,
  promptResponseSchema,
  promptsFileSchema,
  sharedPromptResponseSchema,
} from '@ensemble/shared';
