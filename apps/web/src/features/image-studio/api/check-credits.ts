import { CREDITS_PATHS, type CheckCreditsResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST check_credits.php {required_credits: 0}: the caller's remaining credits. */
export async function fetchRemainingCredits(): Promise<number> {
  const answer = await apiPost<CheckCreditsResponse>(CREDITS_PATHS.check, { required_credits: 0 });
  return answer.credits_info.remaining;
}
