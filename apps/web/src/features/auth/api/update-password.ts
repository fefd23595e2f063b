import { AUTH_PATHS, type Ok, type updatePasswordRequestSchema } from '@ensemble/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST update-password.php {token, password}: spends a reset link; resolves with the server's message. */
export async function updatePassword(body: z.input<typeof updatePasswordRequestSchema>): Promise<string | undefined> {
  const answer = await apiPost<Ok>(AUTH_PATHS.updatePassword, body);
  return answer?.message;
}

/** Sets a new password with the token from the reset mail. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
