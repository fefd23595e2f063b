import { type Catalogue, MESSAGES, findModel } from '@ensemble/shared';

/** The first problem with a comparison request (screens.md section 5), or null when it can run. */
export function validateComparison(models: (string | null)[], prompt: string, catalogue: Catalogue): string | null {
  const chosen = models.filter((m): m is string => Boolean(m));
  if (chosen.length === 0) return MESSAGES.selectModel;
  if (!prompt.trim()) return MESSAGES.enterPrompt;
  const missing = chosen.find((id) => !findModel(catalogue, id, 'text'));
  return missing ? MESSAGES.compareModelNotFound(missing) : null;
}
