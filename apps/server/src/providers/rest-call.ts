import { APICallError } from 'ai';

/** Fetches a URL and returns the response when it is 2xx; otherwise throws an APICallError for the mapper. */
export async function fetchOk(url: string, init: RequestInit & { signal: AbortSignal }): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // Same shape the AI SDK uses for a failed connection, so one mapper handles both.
    if (init.signal.aborted) throw cause;
    throw new APICallError({ message: 'Cannot connect to API', url, requestBodyValues: undefined, cause, isRetryable: true });
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new APICallError({
      message: `HTTP ${response.status}`,
      url,
      requestBodyValues: undefined,
      statusCode: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody: body,
    });
  }
  return response;
}

/** Reads a successful response as JSON; an unreadable body counts as a provider fault. */
export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Downloads the bytes of a provider-given image URL. */
export async function downloadImage(url: string, signal: AbortSignal): Promise<{ bytes: Uint8Array; mediaType: string }> {
  const response = await fetchOk(url, { signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, mediaType: sniffImageType(bytes) ?? response.headers.get('content-type') ?? 'application/octet-stream' };
}

/** Recognises PNG, JPEG, WebP and GIF by their first bytes. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'image/gif';
  const tag = (i: number) => String.fromCharCode(...bytes.subarray(i, i + 4));
  if (bytes.length > 12 && tag(0) === 'RIFF' && tag(8) === 'WEBP') return 'image/webp';
  return undefined;
}
