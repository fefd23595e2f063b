import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * No English text is left outside Lingui's macros in the web app: a text someone reads is written with `t`,
 * `<Trans>`, `<Plural>` or `msg` (see lingui.config.ts), so that every language can translate it. This walks the
 * TypeScript syntax tree of every module under src/ (tests and test helpers aside) and lists the literals that a
 * person would read:
 * - text between JSX tags, and strings or template literals placed as JSX children;
 * - the value of a JSX attribute that people read or hear (aria-label, title, placeholder, alt, label...);
 * - the value of an object property with such a name (label: '...', title: '...', description: '...');
 * - the text given to a toast or a confirmation.
 * What may stay is a literal without words (symbols, numbers, keys), a brand or model name (BRAND below), or a
 * technical value (a class list, a path, an identifier).
 */
export const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Names that are never translated: the product, providers, models, formats and keys. */
const BRAND = [
  'Ensemble',
  'OpenAI',
  'Anthropic',
  'Google',
  'xAI',
  'DeepSeek',
  'Meta',
  'Llama',
  'Stripe',
  'GitHub',
  'Gemini',
  'Claude',
  'Grok',
  'GPT',
  'DALL-E',
  'Flux',
  'Ideogram',
  'SDXL',
  'Stable Diffusion',
  'Mermaid',
  'KaTeX',
  'LaTeX',
  'Markdown',
  'JSON',
  'PNG',
  'JPEG',
  'WebP',
  'PDF',
  'CSV',
  'API',
  'URL',
  'ID',
  'Ctrl',
  'Cmd',
  'Shift',
  'Alt',
  'Enter',
  'Esc',
  'Tab',
  'Pro',
  'Premium',
];

/** Attributes and properties whose value someone reads or hears. */
const READ = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'heading',
  'hint',
  'tooltip',
  'message',
  'text',
  'caption',
  'subtitle',
  'summary',
]);
const READ_SUFFIX = /(Label|Text|Title|Message|Description|Placeholder|Hint|Heading|Caption|Tooltip|Notice)$/;
/** Calls whose first argument someone reads. */
const READ_CALLS = /^(toast(\.\w+)?|notify|confirm|alert|announce|set(Error|Message|Notice|Status|Feedback|Warning))$/;

/** Words left once brand names, placeholders and symbols are taken out: a text someone reads if any remain. */
function words(text: string): boolean {
  let rest = text;
  for (const name of [...BRAND].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  // A class list, a path, an identifier, a URL, a MIME type, a CSS value: no text for people.
  const technical =
    /^[\s]*([a-z0-9_:/.\-[\]()%#=&?@!*+,]|\s)*$/.test(rest) && !/[a-z]{2,}\s+[a-z]{2,}/.test(rest.replace(/[-_:/.[\]]/g, ''));
  if (technical && !/\b(the|and|or|to|of|for|no|not|your|you|is|are|this|with)\b/.test(rest)) return false;
  return /[A-Za-z]{2,}/.test(rest);
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        !/(\.test|test-helpers|test-utils)\.tsx?$/.test(f) &&
        // Written from MESSAGES for the translators (build/server-messages.ts): every text there is a msg() macro.
        !f.endsWith('server-messages.catalog.ts') &&
        !f.split(path.sep).includes('test') &&
        !f.endsWith('.d.ts'),
    )
    .map((f) => path.join(dir, f));
}

const MACRO_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName?.(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}
const reads = (name: string | undefined) => !!name && (READ.has(name) || READ_SUFFIX.test(name));

/** The text of a string or template literal (placeholders as spaces), or undefined for anything else. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node) && !isMacroTag(node.parent))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return undefined;
}
function isMacroTag(node: ts.Node | undefined): boolean {
  return !!node && ts.isTaggedTemplateExpression(node);
}

/** The values a read slot can hold: a literal, either branch of a condition, either side of a fallback. */
function readValues(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return readValues(node.expression);
  if (ts.isConditionalExpression(node)) return [...readValues(node.whenTrue), ...readValues(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
      node.operatorToken.kind,
    )
  )
    return [...readValues(node.left), ...readValues(node.right)];
  return [node];
}

export function englishLiterals(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    if (!words(value)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(SRC, file)}:${line + 1}: ${JSON.stringify(value.trim().replace(/\s+/g, ' '))}`);
  };
  const check = (expression: ts.Expression | undefined) => {
    if (!expression) return;
    for (const value of readValues(expression)) {
      const literal = literalText(value);
      if (literal !== undefined) report(value, literal);
    }
  };
  const visit = (node: ts.Node, insideMacro: boolean) => {
    if (
      (ts.isJsxElement(node) && MACRO_ELEMENTS.has(node.openingElement.tagName.getText())) ||
      (ts.isJsxSelfClosingElement(node) && MACRO_ELEMENTS.has(node.tagName.getText()))
    )
      insideMacro = true;
    // A message descriptor: msg({ message, comment }) (the form that carries a note for the translators).
    if (ts.isCallExpression(node) && /^(msg|defineMessage)$/.test(node.expression.getText())) insideMacro = true;
    if (!insideMacro) {
      if (ts.isJsxText(node)) report(node, node.text);
      else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
        check(node.expression);
      else if (ts.isJsxAttribute(node) && reads(propertyName(node.name)) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text);
        else if (ts.isJsxExpression(node.initializer)) check(node.initializer.expression);
      } else if (ts.isPropertyAssignment(node) && reads(propertyName(node.name))) check(node.initializer);
      else if (ts.isCallExpression(node) && READ_CALLS.test(node.expression.getText())) check(node.arguments[0]);
    }
    ts.forEachChild(node, (child) => visit(child, insideMacro));
  };
  visit(source, false);
  return found;
}

// `npx tsx build/literal-strings.ts` lists what is left, file by file.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const found = sourceFiles(SRC).flatMap(englishLiterals);
  for (const line of found) console.log(line);
  console.log(`${found.length} English literal(s) outside the translation macros`);
}
