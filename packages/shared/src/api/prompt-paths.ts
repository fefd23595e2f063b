/**
 * The prompt library (issue 42): its paths, limits and `{{variables}}`, without zod, so that the chat's input bar (first
 * load) can name them; the schemas are in prompts.ts.
 */
export const PROMPT_PATHS = {
  list: '/api/prompts/list.php',
  create: '/api/prompts/create.php',
  update: '/api/prompts/update.php',
  remove: '/api/prompts/delete.php',
  /** Adds prompts from an export file (ensemble.prompts JSON). */
  import: '/api/prompts/import.php',
  /** The account's prompts as a file to keep or import elsewhere. */
  export: '/api/prompts/export.php',
  share: '/api/prompts/share.php',
  unshare: '/api/prompts/unshare.php',
  /** A shared prompt, read by its link's token (anyone with the link). */
  shared: '/api/prompts/shared.php',
  /** Saves a copy of a shared prompt into the caller's library. */
  addShared: '/api/prompts/add_shared.php',
} as const;

export const PROMPT_LIMITS = {
  /** Prompts one account may keep. */
  perAccount: 500,
  titleMax: 100,
  bodyMax: 10_000,
  /** Prompts one import may add. */
  importMax: 500,
  variableNameMax: 40,
} as const;

/** The export file's format name and version. */
export const PROMPTS_FORMAT = { format: 'ensemble.prompts', version: 1 } as const;

/** The web page of a prompt's share link, under /prod (the client adds its origin). */
export const promptSharePageUrl = (token: string) => `/prod/prompts/shared/${token}`;

// {{name}}: letters (any script), digits, spaces, _ and -, up to 40 characters, trimmed.
const VARIABLE = /\{\{\s*([\p{L}\p{N}_][\p{L}\p{N}_ -]{0,39}?)\s*\}\}/gu;

/** A prompt's variables, each once, in the order they first appear. */
export function promptVariables(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(VARIABLE)) {
    const name = (match[1] as string).trim();
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The prompt with each variable replaced by its value (a variable without one is left as it was). */
export function fillPrompt(body: string, values: Record<string, string>): string {
  return body.replace(VARIABLE, (whole, name: string) => {
    const value = values[name.trim()];
    return value === undefined ? whole : value;
  });
}
