import { AUTH_PATHS, MESSAGES, type Ok } from '@ensemble/shared';
import { ApiError, apiPost } from '@/lib/api-client';

/** POST logout.php with an empty JSON body; failures become 'Failed to logout'. */
export async function logout(): Promise<void> {
  try {
    await apiPost<Ok>(AUTH_PATHS.logout, {});
  } catch (error) {
    const httpStatus = error instanceof ApiError ? error.httpStatus : 0;
    throw new ApiError(MESSAGES.logoutFailed, { httpStatus, code: error instanceof ApiError ? error.code : undefined });
  }
}
