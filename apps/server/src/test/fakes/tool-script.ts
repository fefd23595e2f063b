import { randomBytes } from 'node:crypto';

// What a fake model does with the tools it is given (issue 40), the same for every provider: the prompt says which
// tools to call and with what, in order; each fake renders the plan in its provider's own wire format.

/** A tool call a prompt asks for. */
export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

/** A tool's result as the conversation carries it back. */
export interface ToolResult {
  callId: string;
  content: string;
}

/** What the model does next: call one tool, or answer in text (split as a provider streams it). */
export type ToolPlan = { call: ScriptedCall } | { text: string[] };

const CALL = /\bcall\s+([A-Za-z0-9_.:-]+)\s+with\s+/gi;

/**
 * The calls a prompt asks for, in order: "call add with {"a":2,"b":3} then call echo with {"text":"hi"}". The JSON
 * after "with" is one object; an instruction whose JSON does not parse is ignored.
 */
export function scriptedCalls(prompt: string): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  for (const match of prompt.matchAll(CALL)) {
    const start = (match.index ?? 0) + match[0].length;
    const json = objectAt(prompt, start);
    if (!json) continue;
    try {
      const args = JSON.parse(json) as unknown;
      if (args && typeof args === 'object' && !Array.isArray(args))
        calls.push({ name: match[1] as string, args: args as Record<string, unknown> });
    } catch {
      // Not JSON: the model would not read it as arguments either.
    }
  }
  return calls;
}

/** The balanced {...} that starts at `start`, strings (and their escapes) respected. */
function objectAt(text: string, start: number): string | undefined {
  if (text[start] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/**
 * The next step of a turn: the first scripted call not answered yet (when tools may be called and it is declared),
 * else a text answer quoting each result ("Result: 5."), else `plain` (the fake's ordinary reply).
 */
export function planToolTurn(options: {
  prompt: string;
  results: ToolResult[];
  declared: readonly string[];
  mayCall: boolean;
  plain: string[];
}): ToolPlan {
  const next = scriptedCalls(options.prompt)[options.results.length];
  if (options.mayCall && next && options.declared.includes(next.name)) return { call: next };
  if (options.results.length === 0) return { text: options.plain };
  return { text: options.results.flatMap((r, i) => [`${i ? ' ' : ''}Result: `, `${r.content}.`]) };
}

/** A call's arguments as a model streams them: the JSON in several fragments, cut on code points. */
export function argumentFragments(args: unknown, parts = 4): string[] {
  const chars = Array.from(JSON.stringify(args));
  const size = Math.max(1, Math.ceil(chars.length / parts));
  const fragments: string[] = [];
  for (let i = 0; i < chars.length; i += size) fragments.push(chars.slice(i, i + size).join(''));
  return fragments;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random characters from `alphabet` (a call id's random part). */
export function randomId(length: number, alphabet = ALPHANUMERIC): string {
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}
