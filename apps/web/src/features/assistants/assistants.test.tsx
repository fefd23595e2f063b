import type { Assistant, ListAssistantsResponse } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const assistant = (over: Partial<Assistant> = {}): Assistant => ({
  id: 5,
  name: 'Pirate translator',
  emoji: '🏴‍☠️',
  icon_url: null,
  description: 'Answers like a terse pirate.',
  model_id: 'gpt-4o',
  instructions: 'You are a terse pirate.',
  temperature: 0.5,
  max_output_tokens: 300,
  starters: ['Say hello'],
  web_search: false,
  mcp_server_ids: [],
  featured: false,
  mine: true,
  share_url: null,
  created_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

const listed = (over: Partial<ListAssistantsResponse> = {}): ListAssistantsResponse => ({
  status: 'success',
  mine: [],
  featured: [],
  can_create: true,
  can_feature: false,
  limit: 100,
  ...over,
});

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const NO_SERVERS = { json: { status: 'success', servers: [], tokens_allowed: false } };

describe('the Assistants page', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('shows a guest the featured assistants, with a line to sign up instead of creating', async () => {
    stubApi({
      routes: {
        'GET /api/assistants/list.php': {
          json: listed({ can_create: false, featured: [assistant({ id: 9, name: 'Travel guide', mine: false, featured: true })] }),
        },
      },
    });
    renderApp('/prod/assistants');
    const featured = await screen.findByTestId('featured-assistants');
    const card = await within(featured).findByTestId('assistant-card');
    expect(card).toHaveTextContent('Travel guide');
    expect(card).toHaveTextContent('Featured');
    expect(within(card).getByRole('link', { name: 'Start chat' })).toHaveAttribute('href', '/prod/thread/new?assistant=9');
    expect(within(card).queryByRole('button', { name: /Edit|Delete|Share/ })).toBeNull();
    expect(screen.getByText(/Sign up to create your own assistants/)).toBeInTheDocument();
    expect(screen.queryByTestId('new-assistant')).toBeNull();
    expect(screen.queryByTestId('my-assistants')).toBeNull();
  });

  it('creates an assistant from the form, checking its fields first', async () => {
    const user = userEvent.setup();
    let mine: Assistant[] = [];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/assistants/list.php': () => ({ json: listed({ mine }) }),
        'GET /api/mcp/list.php': NO_SERVERS,
        'POST /api/assistants/create.php': (init) => {
          const body = JSON.parse(String(init?.body));
          const made = assistant({ id: 12, ...body });
          mine = [made];
          return { json: { status: 'success', assistant: made } };
        },
      },
    });
    renderApp('/prod/assistants');
    await screen.findByText(/You have no assistants yet/);
    await user.click(screen.getByTestId('new-assistant'));
    const form = await screen.findByTestId('assistant-form');
    // No tool servers yet: the form says where to add one.
    expect(await within(form).findByTestId('thread-tools-none')).toHaveTextContent('Settings');

    await user.click(screen.getByTestId('save-assistant'));
    expect(await within(form).findByText('Give the assistant a name.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Sea shanty writer');
    await user.click(within(form).getByRole('button', { name: 'Use 🧭' }));
    await user.selectOptions(within(form).getByLabelText('Model'), 'gpt-4o');
    await user.type(within(form).getByLabelText('Instructions'), 'Write shanties.');
    await user.type(within(form).getByLabelText('Temperature'), '3');
    await user.click(screen.getByTestId('save-assistant'));
    expect(await within(form).findByText('Temperature must be a number from 0 to 2.')).toBeInTheDocument();
    expect(posts(fetchStub, '/api/assistants/create.php')).toEqual([]);

    await user.clear(within(form).getByLabelText('Temperature'));
    await user.type(within(form).getByLabelText('Temperature'), '0.8');
    await user.type(within(form).getByLabelText('Starter 1'), 'A song about the sea');
    await user.click(within(form).getByRole('switch', { name: 'Search the web' }));
    await user.click(screen.getByTestId('save-assistant'));
    await waitFor(() => expect(screen.queryByTestId('assistant-form')).toBeNull());
    expect(posts(fetchStub, '/api/assistants/create.php')).toEqual([
      {
        name: 'Sea shanty writer',
        emoji: '🧭',
        description: '',
        model_id: 'gpt-4o',
        instructions: 'Write shanties.',
        temperature: 0.8,
        max_output_tokens: null,
        starters: ['A song about the sea'],
        web_search: true,
        mcp_server_ids: [],
      },
    ]);
    const card = await within(screen.getByTestId('my-assistants')).findByTestId('assistant-card');
    expect(card).toHaveTextContent('Sea shanty writer');
  });

  it('shares an assistant (copy the link, stop sharing) and deletes it after asking', async () => {
    const user = userEvent.setup();
    let mine = [assistant()];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/assistants/list.php': () => ({ json: listed({ mine }) }),
        'POST /api/assistants/share.php': () => {
          mine = [assistant({ share_url: '/prod/assistants/shared/abcdefghijklmnopqrstuv' })];
          return { json: { status: 'success', token: 'abcdefghijklmnopqrstuv', url: '/prod/assistants/shared/abcdefghijklmnopqrstuv' } };
        },
        'POST /api/assistants/unshare.php': () => {
          mine = [assistant()];
          return { json: { status: 'success', assistant: mine[0] } };
        },
        'POST /api/assistants/delete.php': () => {
          mine = [];
          return { json: { status: 'success', deleted: true } };
        },
      },
    });
    renderApp('/prod/assistants');
    const card = await screen.findByTestId('assistant-card');
    await user.click(within(card).getByRole('button', { name: 'Share Pirate translator' }));
    const link = await screen.findByTestId('assistant-share-link');
    expect(link).toHaveValue(`${window.location.origin}/prod/assistants/shared/abcdefghijklmnopqrstuv`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/prod/assistants/shared/abcdefghijklmnopqrstuv`);
    expect(await within(card).findByText('Shared')).toBeInTheDocument();
    await user.click(screen.getByTestId('stop-sharing'));
    await waitFor(() => expect(screen.queryByTestId('assistant-share-link')).toBeNull());
    expect(posts(fetchStub, '/api/assistants/unshare.php')).toEqual([{ id: 5 }]);

    await user.click(within(card).getByRole('button', { name: 'Delete Pirate translator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete assistant' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/You have no assistants yet/);
    expect(posts(fetchStub, '/api/assistants/delete.php')).toEqual([{ id: 5 }]);
  });

  it('lets an operator feature an assistant from its card', async () => {
    const user = userEvent.setup();
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/assistants/list.php': { json: listed({ can_feature: true, mine: [assistant()] }) },
        'POST /api/admin/feature_assistant.php': { json: { status: 'success', assistant: assistant({ featured: true }) } },
      },
    });
    renderApp('/prod/assistants');
    const card = await screen.findByTestId('assistant-card');
    await user.click(within(card).getByRole('switch', { name: 'Featured for everyone' }));
    await waitFor(() => expect(posts(fetchStub, '/api/admin/feature_assistant.php')).toEqual([{ id: 5, featured: true }]));
  });
});

describe('a shared assistant', () => {
  it('shows the read-only assistant and adds a copy to the account’s list', async () => {
    const user = userEvent.setup();
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/assistants/shared.php': { json: { status: 'success', assistant: assistant({ mine: false }) } },
        'POST /api/assistants/add_shared.php': { json: { status: 'success', assistant: assistant({ id: 31 }) } },
      },
    });
    renderApp('/prod/assistants/shared/abcdefghijklmnopqrstuv');
    expect(await screen.findByTestId('shared-assistant-name')).toHaveTextContent('Pirate translator');
    expect(screen.getByText('You are a terse pirate.')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-shared-assistant'));
    expect(await screen.findByText('Added to your assistants.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start chat' })).toHaveAttribute('href', '/prod/thread/new?assistant=31');
    expect(posts(fetchStub, '/api/assistants/add_shared.php')).toEqual([{ token: 'abcdefghijklmnopqrstuv' }]);
  });

  it('asks a guest to sign up', async () => {
    stubApi({ routes: { 'GET /api/assistants/shared.php': { json: { status: 'success', assistant: assistant({ mine: false }) } } } });
    renderApp('/prod/assistants/shared/abcdefghijklmnopqrstuv');
    expect(await screen.findByText(/Sign up to add this assistant/)).toBeInTheDocument();
    expect(screen.queryByTestId('add-shared-assistant')).toBeNull();
  });
});
