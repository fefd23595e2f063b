import { MESSAGES } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { API_DOCS } from '@/lib/api-docs-paths';
import type { OpenApiDocument } from '../model/openapi-types';

/** The query key of the API's OpenAPI document. */
export const openApiQueryKey = ['openapi'] as const;

/** GET /api/openapi.json: the OpenAPI 3.1 document the server generates from its contract (a public standard's shape). */
export async function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  const doc = await apiGet<OpenApiDocument>(API_DOCS.openapi, { signal });
  // The page reads paths and info; anything without them is not a document it can show.
  if (!doc || typeof doc !== 'object' || typeof doc.paths !== 'object' || !doc.info) {
    throw new ApiError(MESSAGES.invalidResponse, { httpStatus: 200, code: 'invalid_response' });
  }
  return doc;
}

/** The OpenAPI document, read once per visit (it changes only with a new server). */
export function useOpenApi() {
  return useQuery({ queryKey: openApiQueryKey, queryFn: ({ signal }) => getOpenApi(signal), staleTime: Number.POSITIVE_INFINITY });
}
