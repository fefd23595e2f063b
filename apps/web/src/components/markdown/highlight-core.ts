/**
 * The code highlighter: highlight.js core with a few common languages. Runs in the highlight
 * worker (or, where workers are missing, in the page via ./highlighter), never in the first load.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

for (const [name, language] of Object.entries({ bash, css, go, java, javascript, json, python, rust, sql, typescript, xml, yaml }))
  hljs.registerLanguage(name, language);

/** highlight.js HTML for code in a known language (aliases such as js, ts, sh, html work), or null. */
export function highlightCode(code: string, language: string): string | null {
  const lang = language.toLowerCase();
  if (!lang || !hljs.getLanguage(lang)) return null;
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}
