// Loaded on demand by share-api.ts: the share answers' schemas, and zod with them.
export {
  continueShareResponseSchema,
  listShareLinksResponseSchema,
  shareLinkResponseSchema,
  sharedThreadResponseSchema,
} from '@ensemble/shared';
