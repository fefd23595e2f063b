/** Text folded for matching: lower case, without accents (so "resume" finds "Résumé"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether a prompt's title or text holds what was typed (case- and accent-insensitive; empty matches all). */
export function matchesPrompt(query: string, prompt: { title: string; body: string }): boolean {
  const wanted = foldText(query.trim());
  return !wanted || foldText(prompt.title).includes(wanted) || foldText(prompt.body).includes(wanted);
}
