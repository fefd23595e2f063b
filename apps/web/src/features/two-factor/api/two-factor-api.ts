import {
  recoveryCodesResponseSchema,
  TWO_FACTOR_PATHS,
  type TwoFactorStatusResponse,
  twoFactorStatusResponseSchema,
} from '@ensemble/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

/** The query key of the account's two-factor state; every change reads it again. */
export const twoFactorQueryKey = ['two-factor'] as const;

/** GET two_factor.php: on or off, recovery codes left, whether this session passed it, whether it is required. */
export function useTwoFactorStatus() {
  return useQuery<TwoFactorStatusResponse>({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) => apiGet(TWO_FACTOR_PATHS.status, { schema: twoFactorStatusResponseSchema, signal, cache: 'no-store' }),
  });
}

/** A mutation that sends a code to one of the two-factor calls and reads the state again after it. */
function useCodeMutation<T>(send: (code: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

/** POST enable.php with a code from the new secret: the recovery codes, shown once. */
export function useEnableTwoFactor() {
  return useCodeMutation(
    async (code: string) => (await apiPost(TWO_FACTOR_PATHS.enable, { code }, { schema: recoveryCodesResponseSchema })).recovery_codes,
  );
}

/** POST disable.php with a current code or a recovery code. */
export function useDisableTwoFactor() {
  return useCodeMutation(async (code: string) => {
    await apiPost(TWO_FACTOR_PATHS.disable, { code });
  });
}

/** POST recovery_codes.php with a current code: ten new recovery codes. */
export function useRenewRecoveryCodes() {
  return useCodeMutation(
    async (code: string) =>
      (await apiPost(TWO_FACTOR_PATHS.recoveryCodes, { code }, { schema: recoveryCodesResponseSchema })).recovery_codes,
  );
}
