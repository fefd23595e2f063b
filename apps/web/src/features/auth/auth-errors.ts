import { ApiError } from '@/lib/api-client';

/** The message the server put in a refusal's body, if it sent one (e.g. 'Invalid email or password'). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
}

/**
 * The text to show for a failed auth call: the server's own message for a refusal (4xx), the
 * `refused` text for a refusal without one, and `broken` for anything else (network, 5xx, a thrown
 * error), unless that error is one of ours with a message of its own.
 */
export function authFailureText(error: unknown, texts: { refused: string; broken: string }): string {
  if (error instanceof ApiError) {
    const refused = error.httpStatus >= 400 && error.httpStatus < 500;
    if (!refused) return texts.broken;
    return serverMessage(error) ?? texts.refused;
  }
  if (error instanceof AuthFlowError) return error.message;
  return texts.broken;
}

/** A failure of our own making inside a sign-in flow whose text is shown as is. */
export class AuthFlowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFlowError';
  }
}
