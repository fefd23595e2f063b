import { IMAGE_MODELS, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { creditsAnswer, streamStart, threadCreated } from '../chat-test-utils';
import { linkCitations } from './reply-sources';

const SOURCES = [
  { url: 'https://example.org/tides', title: 'Tides explained' },
  { url: '/prod/help/credits', title: 'How credits work' },
];

describe('Search the web in the chat', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('a switch for the rows that offer it: the message costs the search too, the reply says what it searched and cites its sources', async () => {
    const posts: Record<string, unknown[]> = { chat: [], settings: [], check: [] };
    stubApi({
      routes: {
        'GET /api/config/models.php': {
          json: {
            status: 'success',
            text_models: TEXT_MODELS.map((m) => ({ ...m, web_search: true })),
            image_models: IMAGE_MODELS,
          },
        },
        'POST /api/credits/check_credits.php': (init) => {
          posts.check?.push(JSON.parse(String(init?.body)));
          return { json: creditsAnswer(25) };
        },
        'POST /api/threads/create_thread.php': threadCreated(8),
        'POST /api/threads/thread_settings.php': (init) => {
          const body = JSON.parse(String(init?.body));
          posts.settings?.push(body);
          const { thread_id, user_id: _user, ...settings } = body;
          return { json: { status: 'success', thread_id, settings } };
        },
        'POST /api/messages/chat.php': (init) => {
          posts.chat?.push(JSON.parse(String(init?.body)));
          return { json: streamStart({ credits: 23, threadId: 8 }) };
        },
        'GET /api/messages/chat.php': {
          text: [
            `data: ${JSON.stringify({ type: 'connection_established', stream_id: 's', message_id: 41 })}`,
            `data: ${JSON.stringify({ type: 'search', query: 'Why are there tides?' })}`,
            `data: ${JSON.stringify({ type: 'sources', sources: [...SOURCES, { url: 'javascript:alert(1)', title: 'Bad' }] })}`,
            `id: 1\ndata: ${JSON.stringify({ content: 'The Moon pulls the oceans [1]; credits are explained in the help [2].', message_id: 41, format: 'markdown' })}`,
            'data: [DONE]',
          ]
            .join('\n\n')
            .concat('\n\n'),
        },
      },
    });
    renderApp('/prod/thread');
    const toggle = await screen.findByRole('button', { name: 'Search the web' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleDescription('+1 credit');

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Why are there tides?{Enter}');
    expect(await screen.findByText('Searched: Why are there tides?')).toBeInTheDocument();
    const sources = await screen.findByRole('navigation', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://example.org/tides');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('Tides explained');
    expect(links[0]).toHaveTextContent('example.org');
    // The markers in the text link to their sources.
    const cited = await screen.findByRole('link', { name: '[1]' });
    expect(cited).toHaveAttribute('href', 'https://example.org/tides');
    expect(await screen.findByRole('link', { name: '[2]' })).toHaveAttribute('href', '/prod/help/credits');

    // The pre-check counted the search; chat.php asked for it; the new thread keeps the switch on.
    expect(posts.check).toContainEqual(expect.objectContaining({ required_credits: 2 }));
    expect(posts.chat?.[0]).toMatchObject({ web_search: true, thread_id: 8 });
    await waitFor(() => expect(posts.settings).toEqual([expect.objectContaining({ thread_id: 8, web_search: true })]));
    expect(screen.getByRole('button', { name: 'Search the web' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("a provider's own search: its citations replace the streamed text at the end, and Google's suggestions show in a frame that runs nothing", async () => {
    const suggestions = '<style>.chip{color:#1a73e8}</style><a class="chip" href="https://www.google.com/search?q=tides">tides</a>';
    stubApi({
      routes: {
        'GET /api/config/models.php': {
          json: { status: 'success', text_models: TEXT_MODELS.map((m) => ({ ...m, web_search: true })), image_models: IMAGE_MODELS },
        },
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': threadCreated(9),
        'POST /api/threads/thread_settings.php': (init) => {
          const { thread_id, user_id: _user, ...settings } = JSON.parse(String(init?.body));
          return { json: { status: 'success', thread_id, settings } };
        },
        'POST /api/messages/chat.php': { json: streamStart({ credits: 23, threadId: 9 }) },
        'GET /api/messages/chat.php': {
          text: [
            `data: ${JSON.stringify({ type: 'connection_established', stream_id: 's', message_id: 42 })}`,
            `data: ${JSON.stringify({ type: 'search', query: 'tides' })}`,
            `id: 2-27\ndata: ${JSON.stringify({ content: 'The Moon pulls the oceans. ([site](https://example.org/tides))', message_id: 42, format: 'markdown' })}`,
            `id: 3-25\ndata: ${JSON.stringify({ type: 'rewind', offset: 25 })}`,
            `id: 4-31\ndata: ${JSON.stringify({ content: '.[1]', message_id: 42, format: 'markdown' })}`,
            `data: ${JSON.stringify({ type: 'sources', sources: [SOURCES[0]], suggestions })}`,
            'data: [DONE]',
          ]
            .join('\n\n')
            .concat('\n\n'),
        },
      },
    });
    renderApp('/prod/thread');
    await userEvent.click(await screen.findByRole('button', { name: 'Search the web' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Why are there tides?{Enter}');
    const cited = await screen.findByRole('link', { name: '[1]' });
    expect(cited).toHaveAttribute('href', 'https://example.org/tides');
    // The reader ends with the saved text: the provider's inline link gone, the marker in its place.
    expect(cited.closest('p')).toHaveTextContent(/^The Moon pulls the oceans\.\[1\]$/);
    const frame = await screen.findByTitle('Google Search suggestions');
    // No allow-scripts, no allow-same-origin: Google's HTML runs nothing and reaches nothing of ours.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toContain(suggestions);
  });

  it('offers no switch on a row without search, and sends no search', async () => {
    stubApi();
    renderApp('/prod/thread');
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Search the web' })).not.toBeInTheDocument();
  });

  it('links markers to their sources, never inside code, and leaves unknown numbers alone', () => {
    expect(linkCitations('A [1] and `x[1]` and [3].\n```\nlist[1]\n```\n', SOURCES)).toBe(
      'A [\\[1\\]](https://example.org/tides) and `x[1]` and [3].\n```\nlist[1]\n```\n',
    );
    expect(linkCitations('See [2](already a link)', SOURCES)).toBe('See [2](already a link)');
    expect(linkCitations('Odd [1]', [{ url: 'https://example.org/a (b)', title: 'x' }])).toBe(
      'Odd [\\[1\\]](https://example.org/a%20%28b%29)',
    );
  });
});
