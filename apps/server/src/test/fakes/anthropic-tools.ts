import { type ToolPlan, type ToolResult, planToolTurn, randomId } from './tool-script.js';

/*
 * Client tools on the Messages API (issue 40). Shapes: anthropics/anthropic-sdk-typescript src/resources/messages
 * (Tool, ToolChoice auto | any | tool | none, ToolUseBlockParam, ToolResultBlockParam), @ai-sdk/anthropic 3.0.137's
 * chunk schema, and a real recorded stream (charmbracelet/fantasy providertests/testdata/TestAnthropicCommon/
 * claude-sonnet-4/tool_streaming.yaml: content_block_start with a tool_use block, input {} and caller direct, then
 * input_json_delta parts starting with an empty one, then stop_reason "tool_use"). The refusals are the API's own
 * words as public reports quote them (checked 2026-11-29): "tools.N.custom.name: String should match pattern
 * '^[a-zA-Z0-9_-]{1,128}$'", "tools.N.custom.input_schema.type: Input should be 'object'", "tools: Tool names must be
 * unique.", "messages.N.content.M.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'", "Requests which
 * include `tool_use` or `tool_result` blocks must define tools.", "messages.N.content.M: unexpected `tool_use_id`
 * found in `tool_result` blocks: … Each `tool_result` block must have a corresponding `tool_use` block in the previous
 * message." (anthropics/claude-code#13460) and "messages.N: `tool_use` ids were found without `tool_result` blocks
 * immediately after: … Each `tool_use` block must have a corresponding `tool_result` block in the next message."
 * (anthropics/claude-code#5060). A bad tool_choice gets the discriminated-union wording the API uses for a bad tag.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CUSTOM_FIELDS = [
  'type',
  'name',
  'description',
  'input_schema',
  'cache_control',
  'strict',
  'eager_input_streaming',
  'defer_loading',
  'allowed_callers',
  'input_examples',
];
const CHOICE_FIELDS: Record<string, string[]> = {
  auto: ['type', 'disable_parallel_tool_use'],
  any: ['type', 'disable_parallel_tool_use'],
  tool: ['type', 'name', 'disable_parallel_tool_use'],
  none: ['type'],
};

/** Why the API refuses a custom tool (`Tool`) at `tools.N`, or null. */
export function customToolError(tool: Record<string, unknown>, i: number): string | null {
  const at = `tools.${i}.custom`;
  if (tool.name === undefined) return `${at}.name: Field required`;
  if (typeof tool.name !== 'string' || !/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name))
    return `${at}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`;
  const extra = Object.keys(tool).find((k) => !CUSTOM_FIELDS.includes(k));
  if (extra) return `${at}.${extra}: Extra inputs are not permitted`;
  if (!isRecord(tool.input_schema)) return `${at}.input_schema: Field required`;
  if (tool.input_schema.type === undefined) return `${at}.input_schema.type: Field required`;
  if (tool.input_schema.type !== 'object') return `${at}.input_schema.type: Input should be 'object'`;
  return null;
}

/** Custom tools' names must differ ("tools: Tool names must be unique."). */
export function duplicateToolError(tools: unknown[]): string | null {
  const names = tools.filter(isRecord).map((t) => t.name);
  return names.some((name, i) => names.indexOf(name) !== i) ? 'tools: Tool names must be unique.' : null;
}

/** Why the API refuses `tool_choice`, or null. */
export function toolChoiceError(choice: unknown): string | null {
  if (choice === undefined) return null;
  if (!isRecord(choice)) return 'tool_choice: Input should be a valid dictionary or object to extract fields from';
  const fields = CHOICE_FIELDS[String(choice.type)];
  if (!fields)
    return `tool_choice: Input tag '${String(choice.type)}' found using 'type' does not match any of the expected tags: 'auto', 'any', 'tool', 'none'`;
  const extra = Object.keys(choice).find((k) => !fields.includes(k));
  if (extra) return `tool_choice.${String(choice.type)}.${extra}: Extra inputs are not permitted`;
  if (choice.type === 'tool' && typeof choice.name !== 'string') return 'tool_choice.tool.name: Field required';
  return null;
}

const blocksOf = (m: unknown, type: string): Record<string, unknown>[] =>
  isRecord(m) && Array.isArray(m.content) ? m.content.filter((b): b is Record<string, unknown> => isRecord(b) && b.type === type) : [];

/** Why the API refuses the conversation's tool_use and tool_result blocks (given the request's `tools`), or null. */
export function toolTurnsError(messages: unknown[], tools: unknown): string | null {
  const used = messages.some((m) => blocksOf(m, 'tool_use').length > 0 || blocksOf(m, 'tool_result').length > 0);
  if (used && (!Array.isArray(tools) || tools.length === 0))
    return 'Requests which include `tool_use` or `tool_result` blocks must define tools.';
  // A result block that answers nothing is named first (its block's path), then a call left unanswered (its message's).
  for (const [i, m] of messages.entries()) {
    if (!isRecord(m) || m.role !== 'user' || !Array.isArray(m.content)) continue;
    const before = messages[i - 1];
    const asked = new Set(isRecord(before) && before.role === 'assistant' ? blocksOf(before, 'tool_use').map((b) => b.id) : []);
    for (const [j, block] of m.content.entries()) {
      if (isRecord(block) && block.type === 'tool_result' && !asked.has(block.tool_use_id))
        return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
  }
  for (const [i, m] of messages.entries()) {
    const ids = isRecord(m) && m.role === 'assistant' ? blocksOf(m, 'tool_use').map((b) => String(b.id)) : [];
    const next = messages[i + 1];
    const answered = new Set(isRecord(next) && next.role === 'user' ? blocksOf(next, 'tool_result').map((b) => b.tool_use_id) : []);
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length)
      return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return null;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((b) => (isRecord(b) && b.type === 'text' ? String(b.text) : '')).join('')
      : '';

/** What Claude does with a (valid) request that declares client tools or answers their calls; undefined otherwise. */
export function planAnthropicTurn(body: Record<string, unknown>, plain: string[]): ToolPlan | undefined {
  const tools = (Array.isArray(body.tools) ? body.tools : []).filter(
    (t): t is Record<string, unknown> => isRecord(t) && (t.type ?? 'custom') === 'custom',
  );
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const prompted = messages.findLastIndex(
    (m) => isRecord(m) && m.role === 'user' && (typeof m.content === 'string' || blocksOf(m, 'text').length > 0),
  );
  const results = messages
    .slice(prompted + 1)
    .flatMap((m) =>
      isRecord(m) && m.role === 'user'
        ? blocksOf(m, 'tool_result').map((b): ToolResult => ({ callId: String(b.tool_use_id), content: textOf(b.content) }))
        : [],
    );
  if (tools.length === 0 && results.length === 0) return undefined;
  return planToolTurn({
    prompt: prompted >= 0 ? textOf((messages[prompted] as { content?: unknown }).content) : '',
    results,
    declared: tools.map((t) => String(t.name)),
    mayCall: (body.tool_choice as { type?: unknown } | undefined)?.type !== 'none',
    plain,
  });
}

/** A tool_use id as the API mints them: toolu_01 and 22 characters. */
export const toolUseId = () => `toolu_01${randomId(22)}`;
