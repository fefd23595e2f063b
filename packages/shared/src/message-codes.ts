import { MESSAGES } from './errors.js';

/**
 * The code of each of the spec's messages (issue 43): an answer that carries one of them also says which one it is
 * (`message_code`, a MESSAGES key) and the values inside it (`params`, named as the MESSAGES function names them), so
 * that a client can show it in its reader's language. The English `message` stays as it is for API clients.
 */
export type MessageCode = keyof typeof MESSAGES;
export interface DescribedMessage {
  message_code: MessageCode;
  params?: Record<string, string | number>;
}

const MARK = '\u0001';

/** The names a MESSAGES function gives its values, from its source: `(need, have) => ...` gives need, have. */
export function messageParamNames(fn: (...args: never[]) => string): string[] {
  const head = fn.toString().split('=>')[0] ?? '';
  return head
    .replace(/[()\s]/g, '')
    .split(',')
    .map((p) => p.split(':')[0] ?? '')
    .filter(Boolean);
}

interface Pattern {
  code: MessageCode;
  names: string[];
  regex: RegExp;
}

let exact: Map<string, MessageCode> | undefined;
let patterns: Pattern[] | undefined;
function tables() {
  if (exact && patterns) return { exact, patterns };
  exact = new Map();
  patterns = [];
  for (const [code, value] of Object.entries(MESSAGES) as [MessageCode, unknown][]) {
    if (typeof value === 'string') {
      if (!exact.has(value)) exact.set(value, code);
      continue;
    }
    if (typeof value !== 'function') continue;
    const fn = value as (...args: unknown[]) => string;
    const names = messageParamNames(fn as never);
    // The text with a mark in place of each value; a function that computes with its values (not only places them)
    // loses a mark and gets no pattern: its messages go without a code.
    const sample = fn(...names.map((_, i) => `${MARK}${i}${MARK}`));
    if (!names.every((_, i) => sample.includes(`${MARK}${i}${MARK}`))) continue;
    const order: number[] = [];
    const source = sample
      .split(new RegExp(`${MARK}(\\d+)${MARK}`))
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        order.push(Number(part));
        return '(.+?)';
      })
      .join('');
    patterns.push({ code, names: order.map((i) => names[i] ?? String(i)), regex: new RegExp(`^${source}$`, 's') });
  }
  return { exact, patterns };
}

/** Which of the spec's messages a text is, with its values; null for any other text. */
export function describeMessage(text: string): DescribedMessage | null {
  const { exact, patterns } = tables();
  const code = exact.get(text);
  if (code) return { message_code: code };
  for (const p of patterns) {
    const match = p.regex.exec(text);
    if (!match) continue;
    const params: Record<string, string | number> = {};
    p.names.forEach((name, i) => {
      const raw = match[i + 1] ?? '';
      params[name] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    });
    return { message_code: p.code, params };
  }
  return null;
}

/** The spec's message of a code, in English, with its values placed (for the client's own fallback). */
export function messageOf(code: string, params: Record<string, unknown> = {}): string | null {
  const value = (MESSAGES as Record<string, unknown>)[code];
  if (typeof value === 'string') return value;
  if (typeof value !== 'function') return null;
  const fn = value as (...args: unknown[]) => string;
  return fn(...messageParamNames(fn as never).map((name) => params[name]));
}

/** A stream's error event: the text, with its code and values when it is one of the spec's messages. */
export function streamError(text: string): { error: string; message_code?: MessageCode; params?: Record<string, string | number> } {
  return { error: text, ...describeMessage(text) };
}
