import { randomUUID } from 'node:crypto';
import type { ToolCallRequest, ToolRound, ToolSpec } from './types.js';

/**
 * The demo provider's tool call (issue 40): when the prompt names one of the tools ("use add on 2 and 3", "call
 * echo with hello"), it calls it with arguments read from the prompt: numbers for the schema's number properties, in
 * order, the rest of the prompt for its first string property. A keyless install shows the whole loop this way.
 * When web search is one of the tools and no other is named, it searches for the prompt.
 */
export function demoToolCall(prompt: string, tools: ToolSpec[]): ToolCallRequest | undefined {
  const lower = prompt.toLowerCase();
  // The longest name first, so "add_numbers" wins over "add".
  const named = [...tools]
    .sort((a, b) => b.name.length - a.name.length)
    .find((t) => new RegExp(`(^|[^\\w-])${escapeRegExp(t.name.toLowerCase())}([^\\w-]|$)`).test(lower));
  if (!named) {
    // With web search among the tools, a prompt that names no other tool is searched for, as a real model would.
    const search = tools.find((t) => t.name === WEB_SEARCH_TOOL_NAME);
    return search
      ? { callId: newCallId(), name: search.name, args: { query: prompt.replace(/\s+/g, ' ').trim().slice(0, 200) } }
      : undefined;
  }
  const at = lower.indexOf(named.name.toLowerCase()) + named.name.length;
  const rest = prompt
    .slice(at)
    .replace(/^\s*(on|with|for|to|:)?\s*/i, '')
    .trim();
  return {
    callId: newCallId(),
    name: named.name,
    args: demoArguments(named.inputSchema, rest),
  };
}

function demoArguments(schema: Record<string, unknown>, rest: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string | string[] }>;
  const numbers = (rest.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const args: Record<string, unknown> = {};
  let textTaken = false;
  for (const [name, property] of Object.entries(properties)) {
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if (types.includes('number') || types.includes('integer')) {
      const next = numbers.shift();
      if (next !== undefined) args[name] = types.includes('integer') ? Math.trunc(next) : next;
    } else if (types.includes('string') && !textTaken) {
      args[name] = rest;
      textTaken = true;
    } else if (types.includes('boolean')) {
      args[name] = true;
    }
  }
  return args;
}

/** The demo's answer once its tool calls came back: each tool's result, quoted. */
export function demoToolReply(rounds: ToolRound[]): string {
  const lines: string[] = [];
  for (const round of rounds) {
    for (const call of round.calls) {
      const shown = call.result.length > 500 ? `${call.result.slice(0, 500)}…` : call.result;
      lines.push(
        call.isError ? `The tool **${call.name}** did not give a result: ${shown}` : `The tool **${call.name}** answered: ${shown}`,
      );
    }
  }
  lines.push('', '*This is a simulated demo reply: the demo model called the tool and read its result back.*');
  return lines.join('\n\n');
}

/** The web search tool's name in a reply with tools (issue 40). */
export const WEB_SEARCH_TOOL_NAME = 'web_search';

const newCallId = () => `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
