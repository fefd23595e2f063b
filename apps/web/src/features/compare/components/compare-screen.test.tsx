import { IMAGE_MODELS, type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { COMPARE_WEB_SEARCH_KEY } from '../hooks/use-web-search-switch';
import { validateComparison } from '../validate-comparison';

const info = (remaining: number) => ({ remaining, credits_used: 25 - remaining, status: 'active' });
const started = (model: string) => ({
  status: 'success',
  data: {
    id: null,
    type: 'text',
    role: 'assistant',
    content: '',
    model,
    threadId: null,
    timestamp: '',
    status: 'streaming',
    message_id: null,
    user_message_id: null,
    stream_id: `${model}-stream`,
    credits_info: info(22),
    credits_remaining: 22,
    credits_used: 3,
    metadata: { demo: true },
  },
  credits_info: info(22),
  credits_remaining: 22,
  credits_used: 3,
});
const FIGURES = { credits: 1, ttft_ms: 250, total_ms: 1800, tokens_in: 9, tokens_out: 120 };
const sse = (text: string) =>
  `data: {"type":"connection_established","stream_id":"x","message_id":null}\n\nid: 1\ndata: ${JSON.stringify({ content: text, message_id: null, format: 'markdown' })}\n\nid: 2\ndata: ${JSON.stringify({ type: 'figures', figures: FIGURES })}\n\ndata: [DONE]\n\n`;

function stubCompare(chatAnswer: (model: string) => { status?: number; json?: unknown }) {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    routes: {
      'POST /api/credits/check_credits.php': (init) => {
        const need = JSON.parse(String(init?.body)).required_credits as number;
        return { json: { status: need > 25 ? 'credits_exhausted' : 'success', credits_info: info(25), plan: 'guest' } };
      },
      'POST /api/messages/chat.php': (init) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        return chatAnswer(body.model);
      },
      'GET /api/messages/chat.php': { text: sse('Answer from **the model**') },
    },
  });
  return bodies;
}

async function runCompare(prompt: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Prompt' }), prompt);
  await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
}

describe('Compare', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('starts empty with three slots holding the first shortlisted text models', async () => {
    stubApi();
    renderApp('/prod/compare');
    expect(await screen.findByRole('heading', { name: 'Ready to Compare' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-0-picker')).toHaveTextContent('GPT-4o');
    expect(screen.getByTestId('slot-1-picker')).toHaveTextContent('Claude 3.7 Sonnet');
    expect(screen.getByTestId('slot-2-picker')).toHaveTextContent('Gemini 2.0 Flash');
  });

  it('asks for a prompt, and for at least one model', async () => {
    stubApi();
    renderApp('/prod/compare');
    await userEvent.click(await screen.findByRole('button', { name: 'Compare' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt');
    for (const n of [1, 2, 3]) await userEvent.click(screen.getByRole('button', { name: `Clear model ${n}` }));
    await runCompare('Hello');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one model to compare');
  });

  it('streams three models side by side without a thread and shows each completion stat', async () => {
    const bodies = stubCompare((model) => ({ json: started(model) }));
    renderApp('/prod/compare');
    await runCompare('Explain rainbows');
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      const card = screen.getByTestId(slot);
      await waitFor(() => expect(card).toHaveAttribute('data-status', 'complete'));
      expect(within(card).getByTestId(`${slot}-stats`)).toHaveTextContent(/Completed in \d+\.\ds · 1 credit/);
      expect(card).toHaveTextContent('Answer from');
      // The server's figures, as under a chat reply.
      expect(within(card).getByTestId(`${slot}-figures`)).toHaveTextContent(
        '1 credit · first token 250 ms · total 1.8 s · 9 in / 120 out tokens',
      );
    }
    expect(screen.queryByRole('heading', { name: 'Ready to Compare' })).toBeNull();
    expect(bodies.map((b) => b.model).sort()).toEqual(['claude-3-7-sonnet-latest', 'gemini-2.0-flash-exp', 'gpt-4o']);
    for (const body of bodies)
      expect(body).toMatchObject({
        thread_id: null,
        is_comparison: true,
        stream: true,
        messages: [{ content: 'Explain rainbows', role: 'user' }],
      });
  });

  it('offers Retry on an error but not on exhausted credits, which links to sign-up; a new model clears a result', async () => {
    let failures = 0;
    stubCompare((model) => {
      if (model === 'gpt-4o')
        return {
          status: 402,
          json: { status: 'credits_exhausted', message: 'Anonymous credits depleted. Sign up now to get 100 free credits!' },
        };
      if (model === 'claude-3-7-sonnet-latest' && failures++ === 0)
        return { status: 502, json: { status: 'error', message: 'The provider failed to answer' } };
      return { json: started(model) };
    });
    renderApp('/prod/compare');
    await runCompare('Explain rainbows');
    const first = screen.getByTestId('slot-0');
    await waitFor(() => expect(first).toHaveAttribute('data-status', 'credits_exhausted'));
    expect(within(first).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
    expect(within(first).queryByRole('button', { name: 'Retry' })).toBeNull();

    const second = screen.getByTestId('slot-1');
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'error'));
    expect(second).toHaveTextContent('The provider failed to answer');
    await userEvent.click(within(second).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'complete'));

    const third = screen.getByTestId('slot-2');
    await waitFor(() => expect(third).toHaveAttribute('data-status', 'complete'));
    await userEvent.click(screen.getByTestId('slot-2-picker'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /o1-mini/ }));
    expect(third).toHaveAttribute('data-status', 'idle');
    expect(third).not.toHaveTextContent('Answer from');
  });

  it('refuses the run when the balance does not cover every model', async () => {
    usePreferences.getState().setModelShortlist(['o1-mini', 'o3-mini', 'gpt-4o']);
    stubApi({
      routes: { 'POST /api/credits/check_credits.php': { json: { status: 'credits_exhausted', credits_info: info(5), plan: 'guest' } } },
    });
    renderApp('/prod/compare');
    await runCompare('Hi');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Insufficient anonymous credits. Comparing these models requires 7 credit(s), but you only have 5 remaining. Sign up to get 100 free credits!',
    );
    expect(within(alert).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
  });
});

describe('validateComparison', () => {
  it('names a model the catalogue does not know', () => {
    const catalogue = { text_models: [...TEXT_MODELS], image_models: [] };
    expect(validateComparison(['gpt-4o', 'gpt-99'], 'Hi', catalogue)).toBe('Model gpt-99 not found');
    expect(validateComparison(['gpt-4o', null], 'Hi', catalogue)).toBeNull();
  });
});

const SOURCES = [
  { url: 'https://example.org/tides', title: 'Tides explained' },
  { url: '/prod/help/credits', title: 'How credits work' },
];

/** models.php with the given rows changed (which offer search, what it costs, whether they stream). */
function catalogueWith(change: Record<string, Partial<ModelEntry>>) {
  return {
    json: { status: 'success', text_models: TEXT_MODELS.map((m) => ({ ...m, ...change[m.id] })), image_models: IMAGE_MODELS },
  };
}

/** gpt-4o searches at 1 credit, claude at 2, gemini offers no search. */
const SEARCHING = {
  'gpt-4o': { web_search: true },
  'claude-3-7-sonnet-latest': { web_search: true, web_search_cost: 2 },
  'gemini-2.0-flash-exp': { web_search: false },
};

/** A stream that searched first (for a model that was asked to), then cites its sources. */
const searchedSse = (credits: number) =>
  [
    `data: ${JSON.stringify({ type: 'connection_established', stream_id: 's', message_id: null })}`,
    `data: ${JSON.stringify({ type: 'search', query: 'Why are there tides?' })}`,
    `data: ${JSON.stringify({ type: 'sources', sources: SOURCES })}`,
    `id: 1\ndata: ${JSON.stringify({ content: 'The Moon pulls the oceans [1]; see the help [2].', message_id: null, format: 'markdown' })}`,
    `id: 2\ndata: ${JSON.stringify({ type: 'figures', figures: { ...FIGURES, credits } })}`,
    'data: [DONE]',
  ]
    .join('\n\n')
    .concat('\n\n');

describe('Search the web in Compare', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  const toggle = () => screen.findByRole('button', { name: 'Search the web' });

  it('offers the switch only while a chosen model offers search', async () => {
    stubApi({ routes: { 'GET /api/config/models.php': catalogueWith({ 'gemini-2.0-flash-exp': { web_search: true } }) } });
    renderApp('/prod/compare');
    expect(await toggle()).toHaveAttribute('aria-pressed', 'false');
    // Without the one model that offers it, no switch.
    await userEvent.click(screen.getByRole('button', { name: 'Clear model 3' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Search the web' })).toBeNull());
  });

  it('offers no switch when no model offers search', async () => {
    stubApi();
    renderApp('/prod/compare');
    await screen.findByRole('textbox', { name: 'Prompt' });
    expect(screen.getByTestId('slot-0-picker')).toHaveTextContent('GPT-4o');
    expect(screen.queryByRole('button', { name: 'Search the web' })).toBeNull();
  });

  it('each slot whose model offers search searches and pays its own surcharge: the note adds them up, the others send nothing extra', async () => {
    const checks: number[] = [];
    const bodies: Record<string, unknown>[] = [];
    stubApi({
      routes: {
        'GET /api/config/models.php': catalogueWith(SEARCHING),
        'POST /api/credits/check_credits.php': (init) => {
          checks.push(JSON.parse(String(init?.body)).required_credits ?? 0);
          return { json: { status: 'success', credits_info: info(25), plan: 'guest' } };
        },
        'POST /api/messages/chat.php': (init) => {
          const body = JSON.parse(String(init?.body));
          bodies.push(body);
          return { json: started(body.model) };
        },
        'GET /api/messages/chat.php': (_init, url) => {
          const model = url.searchParams.get('model');
          if (model === 'gpt-4o') return { text: searchedSse(2) };
          if (model === 'claude-3-7-sonnet-latest') return { text: searchedSse(3) };
          return { text: sse('The Moon [1], unsearched') };
        },
      },
    });
    renderApp('/prod/compare');
    const button = await toggle();
    expect(button).not.toHaveTextContent(/credit/);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    // gpt-4o's search (1) and claude's (2); gemini does not search.
    expect(button).toHaveAccessibleDescription('+3 credits');
    expect(screen.getByTestId('compare-cost-note')).toHaveTextContent('Each model that searches the web is charged for its own search.');

    await runCompare('Why are there tides?');
    for (const slot of ['slot-0', 'slot-1', 'slot-2'])
      await waitFor(() => expect(screen.getByTestId(slot)).toHaveAttribute('data-status', 'complete'));
    // The comparison's pre-check: three models at 1 credit and the two searches (the others read the balance).
    expect(checks.filter((n) => n > 0)).toEqual([6]);
    const byModel = Object.fromEntries(bodies.map((b) => [b.model, b]));
    expect(byModel['gpt-4o']).toMatchObject({ web_search: true, is_comparison: true, thread_id: null });
    expect(byModel['claude-3-7-sonnet-latest']).toMatchObject({ web_search: true });
    expect(byModel['gemini-2.0-flash-exp']).not.toHaveProperty('web_search');

    for (const [slot, credits] of [
      ['slot-0', '2 credits'],
      ['slot-1', '3 credits'],
    ] as const) {
      const card = screen.getByTestId(slot);
      expect(within(card).getByTestId('searched')).toHaveTextContent('Searched: Why are there tides?');
      const sources = within(card).getByRole('navigation', { name: 'Sources' });
      const links = within(sources).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/tides', '/prod/help/credits']);
      for (const link of links) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      expect(within(card).getByRole('link', { name: '[1]' })).toHaveAttribute('href', 'https://example.org/tides');
      expect(within(card).getByRole('link', { name: '[2]' })).toHaveAttribute('href', '/prod/help/credits');
      expect(within(card).getByTestId(`${slot}-stats`)).toHaveTextContent(credits);
    }
    const plain = screen.getByTestId('slot-2');
    expect(plain).toHaveTextContent('The Moon [1], unsearched');
    expect(within(plain).queryByTestId('searched')).toBeNull();
    expect(within(plain).queryByRole('navigation', { name: 'Sources' })).toBeNull();
    expect(within(plain).queryByRole('link', { name: '[1]' })).toBeNull();
  });

  it('sends no search while the switch is off', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubApi({
      routes: {
        'GET /api/config/models.php': catalogueWith(SEARCHING),
        'POST /api/credits/check_credits.php': { json: { status: 'success', credits_info: info(25), plan: 'guest' } },
        'POST /api/messages/chat.php': (init) => {
          const body = JSON.parse(String(init?.body));
          bodies.push(body);
          return { json: started(body.model) };
        },
        'GET /api/messages/chat.php': { text: sse('Answer') },
      },
    });
    renderApp('/prod/compare');
    expect(await toggle()).toHaveAttribute('aria-pressed', 'false');
    await runCompare('Hello');
    await waitFor(() => expect(bodies).toHaveLength(3));
    for (const body of bodies) expect(body).not.toHaveProperty('web_search');
  });

  it('remembers the switch on this device until it is turned off', async () => {
    stubApi({ routes: { 'GET /api/config/models.php': catalogueWith(SEARCHING) } });
    const first = renderApp('/prod/compare');
    await userEvent.click(await toggle());
    expect(window.localStorage.getItem(COMPARE_WEB_SEARCH_KEY)).toBe('true');
    first.unmount();

    const second = renderApp('/prod/compare');
    const again = await toggle();
    expect(again).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(again);
    expect(again).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(COMPARE_WEB_SEARCH_KEY)).toBeNull();
    second.unmount();

    renderApp('/prod/compare');
    expect(await toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it("a slot answered at once shows what its reply's metadata says it searched and found", async () => {
    window.localStorage.setItem(COMPARE_WEB_SEARCH_KEY, 'true');
    usePreferences.getState().setModelShortlist(['gpt-4o']);
    const bodies: Record<string, unknown>[] = [];
    stubApi({
      routes: {
        'GET /api/config/models.php': catalogueWith({ 'gpt-4o': { web_search: true, stream: false } }),
        'POST /api/credits/check_credits.php': { json: { status: 'success', credits_info: info(25), plan: 'guest' } },
        'POST /api/messages/chat.php': (init) => {
          const body = JSON.parse(String(init?.body));
          bodies.push(body);
          const answer = started(body.model);
          const { stream_id: _stream, ...data } = answer.data;
          return {
            json: {
              ...answer,
              data: {
                ...data,
                status: 'success',
                content: 'Credits are explained in the help [1].',
                metadata: { searched: ['How do credits work?'], sources: [SOURCES[1]], ...FIGURES, credits: 2 },
              },
            },
          };
        },
      },
    });
    renderApp('/prod/compare');
    expect(await toggle()).toHaveAccessibleDescription('+1 credit');
    await runCompare('How do credits work?');
    const card = screen.getByTestId('slot-0');
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'complete'));
    expect(bodies).toEqual([expect.objectContaining({ model: 'gpt-4o', web_search: true })]);
    expect(bodies[0]).not.toHaveProperty('stream');
    expect(within(card).getByTestId('searched')).toHaveTextContent('Searched: How do credits work?');
    expect(within(within(card).getByRole('navigation', { name: 'Sources' })).getByRole('link')).toHaveAttribute(
      'href',
      '/prod/help/credits',
    );
    expect(within(card).getByRole('link', { name: '[1]' })).toHaveAttribute('href', '/prod/help/credits');
    expect(within(card).getByTestId('slot-0-stats')).toHaveTextContent('2 credits');
  });
});
