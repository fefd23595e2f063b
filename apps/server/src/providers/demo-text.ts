import { type ModelEntry, PROVIDER_LABELS } from '@ensemble/shared';
import { asksForCode, codeSample } from './demo-code.js';
import { createRandom, hashString, type Random } from './demo-random.js';

const STOPWORDS = new Set(
  `a an the and or but if then else of to in on at by for with about from into over under as is are was were be been being
  do does did doing have has had can could should would will shall may might must i me my we our you your he she it its
  they them their this that these those what which who whom whose when where why how please tell explain write give show
  make create help need want like just some any all more most very really also than so not no yes there here get got
  let using use one two three few many much way ways thing things something anything briefly simple simply quick quickly
  code coding function script program programme implement class method snippet language example examples`.split(/\s+/),
);

/** The meaningful words of a prompt, in order, without repeats (identifier-safe). */
export function promptKeywords(prompt: string): string[] {
  const words = prompt.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 2 && !STOPWORDS.has(w)))];
}

const title = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** A markdown reply shaped by the prompt, labelled as a demo; the same model and prompt give the same text. */
export function composeDemoReply(model: ModelEntry, prompt: string, blind = false): string {
  const random = createRandom(hashString(`${model.id}\u0000${prompt}`));
  const keywords = promptKeywords(prompt);
  const topicWords = keywords.slice(0, 4);
  const topic = topicWords.length > 0 ? title(topicWords) : 'Your Question';
  const focus = topicWords.length > 0 ? topicWords.join(' ') : 'your question';
  const provider = PROVIDER_LABELS[model.provider] ?? model.provider;
  const wantsCode = asksForCode(prompt);
  const heading = random.pick(
    wantsCode ? ['Building', 'Implementing', 'Writing code for'] : ['Understanding', 'A Guide to', 'Exploring', 'Notes on'],
  );

  const sections = [
    `## ${heading} ${topic}`,
    blind
      ? "> **Demo reply.** This is a demo reply from Ensemble's built-in demo provider: no model saw your prompt. Demo comparisons show how the arena works and never count in its ranking."
      : `> **Demo reply.** This is a demo reply from Ensemble's built-in demo provider, because no API key is configured for ${provider} on this server. ${model.name} did not see your prompt; the text below only shows how its answer would look.`,
    intro(random, blind ? 'a model' : model.name, focus, keywords),
    keyIdeas(random, keywords),
    wantsCode ? codeSection(prompt, keywords, topic) : steps(random, focus),
    random.next() < 0.5 ? comparisonTable(random, keywords) : caveats(random, focus),
    summary(random, focus, wantsCode),
  ];
  return `${sections.join('\n\n')}\n`;
}

function intro(random: Random, modelName: string, focus: string, keywords: string[]): string {
  const lead = random.pick([
    `You asked about **${focus}**, so here is how ${modelName} might structure an answer.`,
    `Here is a structured look at **${focus}**, in the style ${modelName} would answer in.`,
    `Good question about **${focus}**. ${modelName.charAt(0).toUpperCase()}${modelName.slice(1)} would usually start from the basics and then get practical.`,
  ]);
  const extra = keywords[4]
    ? ` Along the way it would touch on ${keywords
        .slice(4, 7)
        .map((w) => `*${w}*`)
        .join(', ')} as well.`
    : ' The aim is a clear overview first, then concrete detail you can act on.';
  return lead + extra;
}

function keyIdeas(random: Random, keywords: string[]): string {
  const words = keywords.length > 0 ? keywords : ['context', 'goals', 'constraints'];
  const templates = [
    (w: string) =>
      `**${title([w])} matters first**: get a clear picture of what *${w}* means in your situation before optimising anything.`,
    (w: string) => `**Start small with ${w}**: a minimal version you can test beats a complete plan you cannot.`,
    (w: string) => `**Measure ${w}**: decide up front what a good outcome looks like, so you can tell whether a change helped.`,
    (w: string) => `**Trade-offs around ${w}**: speed, cost and quality pull in different directions; pick the one you care about most.`,
    (w: string) => `**Context for ${w}**: the right answer depends on scale, audience and the tools you already use.`,
  ];
  const count = Math.min(5, Math.max(3, words.length));
  const lines: string[] = [];
  // A seeded shuffle, so no template repeats within one reply.
  const order = templates.map((t) => ({ t, k: random.next() })).sort((a, b) => a.k - b.k);
  for (let i = 0; i < count; i++) lines.push(`- ${order[i].t(words[i % words.length])}`);
  return `### Key ideas\n\n${lines.join('\n')}`;
}

function steps(random: Random, focus: string): string {
  const pool = [
    `Define the goal: write one sentence that says what success with ${focus} looks like.`,
    'Gather what you already know, and list the open questions separately.',
    'Try the simplest approach that could work, and note where it falls short.',
    'Compare two or three alternatives against the same criteria.',
    'Decide, act, and review the result after a short, fixed period.',
    `Share what you learned about ${focus} so the next attempt starts further ahead.`,
  ];
  const chosen = pool.filter(() => random.next() < 0.8).slice(0, 5);
  const list = (chosen.length >= 3 ? chosen : pool.slice(0, 4)).map((s, i) => `${i + 1}. ${s}`);
  return `### A step-by-step approach\n\n${list.join('\n')}`;
}

function codeSection(prompt: string, keywords: string[], topic: string): string {
  const { label, block } = codeSample(prompt, keywords, topic);
  return [
    `### Example in ${label}`,
    'Here is a compact, runnable starting point. It trims its input, drops duplicates and respects a limit, a shape many real tasks share:',
    block,
    `**How it works**\n\n- Input is normalised first, so near-duplicates are caught.\n- A set tracks what has been seen, keeping the work linear.\n- The limit keeps the output predictable; adjust it to your needs.`,
  ].join('\n\n');
}

function comparisonTable(random: Random, keywords: string[]): string {
  const subject = keywords[0] ?? 'approach';
  const rows = [
    ['Quick start', 'Low', 'Fast feedback', 'May need rework later'],
    ['Careful plan', 'Medium', 'Fewer surprises', 'Slower to begin'],
    ['Full rebuild', 'High', 'Clean result', 'Costly and risky'],
  ];
  const shown = random.next() < 0.5 ? rows : rows.slice(0, 2);
  const body = shown.map((r) => `| ${r.join(' | ')} |`).join('\n');
  return `### Options for ${subject}\n\n| Option | Effort | Strength | Watch out for |\n| --- | --- | --- | --- |\n${body}`;
}

function caveats(random: Random, focus: string): string {
  const pool = [
    'Check your assumptions against real data early.',
    `Advice about ${focus} ages quickly; confirm it against current sources.`,
    'Edge cases usually cost more time than the main path.',
    'Write down decisions and the reasons behind them.',
    'Keep a simple way to undo a change.',
  ];
  const picked = pool.filter(() => random.next() < 0.7);
  return `### Things to keep in mind\n\n${(picked.length >= 2 ? picked : pool.slice(0, 3)).map((p) => `- ${p}`).join('\n')}`;
}

function summary(random: Random, focus: string, wantsCode: boolean): string {
  const close = random.pick([
    'Ask a follow-up question if you would like more depth on any part.',
    'Tell me more about your situation and the answer can be tailored further.',
    'Pick one step and try it today; momentum matters more than perfection.',
  ]);
  const body = wantsCode
    ? `The sample above is a starting point for ${focus}: adapt the names, add tests around the edge cases, and keep the function small.`
    : `In short: be clear about the goal with ${focus}, start with something small you can test, and improve it step by step.`;
  return `### Summary\n\n${body} ${close}\n\n*To get real answers from this model, the server operator adds an API key for its provider.*`;
}

/**
 * A demo reply from the pages a web search found (issue 38): each page's first sentence, cited as [n] by its place in
 * the list, labelled as a demo. The demo search reads the app's own help pages, so the sources are real pages.
 */
export function composeDemoSearchReply(
  model: ModelEntry,
  search: { query: string; sources: readonly { title: string; text: string }[] },
): string {
  const provider = PROVIDER_LABELS[model.provider] ?? model.provider;
  const label = `> **Demo reply.** This is a demo reply from Ensemble's built-in demo provider, because no API key is configured for ${provider} on this server. Its web search reads Ensemble's own help pages (a demo corpus), not the web.`;
  if (search.sources.length === 0) {
    return `${label}\n\nThe demo search for **${search.query}** found nothing in the help pages. Try asking about credits, plans, Compare or the Image Studio.\n`;
  }
  const lines = search.sources.map((source, i) => {
    const sentence = firstSentence(source.text);
    return `- **${source.title}**: ${sentence} [${i + 1}]`;
  });
  return `${label}\n\nHere is what the help pages say about **${search.query}**:\n\n${lines.join('\n')}\n\nOpen a source below for the whole page.\n`;
}

function firstSentence(text: string): string {
  const flat = text
    .replace(/^#+ .*$/gm, '')
    .replace(/^- /gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = flat.search(/[.!?](\s|$)/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length > 240 ? `${sentence.slice(0, 237).trimEnd()}...` : sentence;
}
