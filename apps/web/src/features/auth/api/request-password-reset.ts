import { AUTH_PATHS, type Ok, type resetPasswordRequestSchema } from '@ensemble/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST reset-password.php: mails a reset link (the answer is the same whether the address is known). */
export async function requestPasswordReset(body: z.input<typeof resetPasswordRequestSchema>): Promise<void> {
  await apiPost<Ok>(AUTH_PATHS.resetPassword, body);
}

/** Asks for a password-reset mail. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
