import type { I18n, MessageDescriptor } from '@lingui/core';

/** The language the app's texts are written in: its messages are compiled into the code, no catalogue loads. */
export const SOURCE_LOCALE = 'en';

/**
 * A message as Lingui compiles it (build/lingui-source-messages.ts for English, `lingui compile` for catalogues):
 * text, and placeholders `[name]`, `[name, "plural", { one: [...], other: [...] }]` and the like.
 */
type Compiled = string | (string | [string, string?, Record<string, Compiled>?])[];
type Values = Record<string, unknown>;

const numbers = new Map<string, Intl.NumberFormat | Intl.PluralRules>();
function cachedIntl<T extends Intl.NumberFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let made = numbers.get(key) as T | undefined;
  if (!made) {
    made = make();
    numbers.set(key, made);
  }
  return made;
}

/**
 * An English message with its values, as Lingui's runtime renders it (`#` in a plural is the number, formatted; a
 * missing value is left out). The test in i18n.test.tsx renders every message of the source catalogue both ways.
 */
function renderEnglish(message: Compiled | undefined, values: Values, count?: string): string {
  if (!Array.isArray(message)) return message ?? '';
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const { offset = 0, ...cases } = (format ?? {}) as Record<string, Compiled> & { offset?: number };
      const n = Number(value) - Number(offset);
      const rules = cachedIntl(type, () => new Intl.PluralRules(SOURCE_LOCALE, { type: type === 'plural' ? 'cardinal' : 'ordinal' }));
      const chosen = cases[String(value)] ?? cases[rules.select(n)] ?? cases.other;
      out += renderEnglish(chosen, values, cachedIntl('number', () => new Intl.NumberFormat(SOURCE_LOCALE)).format(n));
    } else if (type === 'select') {
      out += renderEnglish(format?.[String(value)] ?? format?.other, values);
    } else if (type === 'number') {
      out += cachedIntl('number', () => new Intl.NumberFormat(SOURCE_LOCALE)).format(Number(value));
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

/**
 * The app's i18n, what the macros call (see lingui.config.ts). English, the language most visits start in, renders
 * from the messages compiled into the code and needs no library: Lingui's runtime (@lingui/core) loads with another
 * language's catalogue (languages.ts), and speaks that language until English is picked again. This keeps the
 * languages' share of the first load small (issue 43; `npm run bench -- i18n`).
 */
class AppI18n {
  private lingui: I18n | undefined;
  private listeners = new Set<() => void>();

  /** The active language. */
  get locale(): string {
    return this.lingui?.locale ?? SOURCE_LOCALE;
  }

  /** A message in the active language: a descriptor, or an id with its values and its English `message`. */
  _ = (id: MessageDescriptor | string, values?: Values, options?: { message?: unknown }): string => {
    if (this.lingui) return typeof id === 'string' ? this.lingui._(id, values, options as never) : this.lingui._(id);
    const descriptor = typeof id === 'string' ? { id, message: options?.message, values } : id;
    return renderEnglish((descriptor.message ?? descriptor.id) as Compiled, (descriptor.values ?? values ?? {}) as Values);
  };

  /** Calls `listener` whenever the language changes; returns the unsubscribe. */
  on(_event: 'change', listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Speaks the language of a Lingui runtime that holds its catalogue, or English without one. */
  use(lingui: I18n | undefined): void {
    if (lingui === this.lingui) return;
    this.lingui = lingui;
    for (const listener of [...this.listeners]) listener();
  }
}

export type { AppI18n };
export const i18n = new AppI18n();
