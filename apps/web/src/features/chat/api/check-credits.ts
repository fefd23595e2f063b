import { CREDITS_PATHS, type CheckCreditsResponse, TIMEOUTS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST check_credits.php {required_credits}: whether the balance covers a send (30 s timeout). */
export function checkCredits(required: number): Promise<CheckCreditsResponse> {
  return apiPost<CheckCreditsResponse>(CREDITS_PATHS.check, { required_credits: required }, { timeoutMs: TIMEOUTS.creditCheckMs });
}
