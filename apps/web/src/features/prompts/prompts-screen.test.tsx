import type { SavedPrompt } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { listed, savedPrompt } from './prompt-test-utils';

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const SHARE_URL = '/prod/prompts/shared/abcdefghijklmnopqrstuv';

describe('the prompt library page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a guest to sign up', async () => {
    stubApi();
    renderApp('/prod/prompts');
    expect(await screen.findByText(/Sign up to save your own prompts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/prod/signup');
    expect(screen.queryByTestId('new-prompt')).toBeNull();
  });

  it('creates a prompt, listing the variables it detects as it is written, then edits it', async () => {
    const user = userEvent.setup();
    let prompts: SavedPrompt[] = [];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/prompts/list.php': () => listed(prompts),
        'POST /api/prompts/create.php': (init) => {
          const { title, body } = JSON.parse(String(init?.body));
          prompts = [savedPrompt({ id: 8, title, body, variables: ['sender', 'points'] })];
          return { json: { status: 'success', prompt: prompts[0] } };
        },
        'POST /api/prompts/update.php': (init) => {
          const { title } = JSON.parse(String(init?.body));
          prompts = [{ ...(prompts[0] as SavedPrompt), title }];
          return { json: { status: 'success', prompt: prompts[0] } };
        },
      },
    });
    renderApp('/prod/prompts');
    await screen.findByText(/You have no saved prompts yet/);
    await user.click(screen.getByTestId('new-prompt'));
    const dialog = await screen.findByRole('dialog', { name: 'New prompt' });
    expect(within(dialog).getByText('Use {{name}} for a value you fill in each time.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('save-prompt'));
    expect(await within(dialog).findByText('Give the prompt a title.')).toBeInTheDocument();
    expect(posts(fetchStub, '/api/prompts/create.php')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Title'), 'Reply');
    const text = within(dialog).getByLabelText('Text');
    await user.click(text);
    await user.paste('Answer {{sender}} about {{points}}');
    const detected = within(dialog).getByTestId('detected-variables');
    expect(
      within(detected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['{{sender}}', '{{points}}']);
    await user.click(within(dialog).getByTestId('save-prompt'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchStub, '/api/prompts/create.php')).toEqual([{ title: 'Reply', body: 'Answer {{sender}} about {{points}}' }]);
    const card = await screen.findByTestId('prompt-card');
    expect(card).toHaveTextContent('Reply');
    expect(card).toHaveTextContent('{{sender}}');

    await user.click(within(card).getByRole('button', { name: 'Edit Reply' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit prompt' });
    await user.clear(within(editor).getByLabelText('Title'));
    await user.type(within(editor).getByLabelText('Title'), 'Email answer');
    await user.click(within(editor).getByTestId('save-prompt'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchStub, '/api/prompts/update.php')).toEqual([
      { id: 8, title: 'Email answer', body: 'Answer {{sender}} about {{points}}' },
    ]);
    expect(await screen.findByText('Email answer')).toBeInTheDocument();
  });

  it('shares a prompt (copy the full link, turn it off) and deletes it after asking', async () => {
    const user = userEvent.setup();
    let prompts = [savedPrompt()];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/prompts/list.php': () => listed(prompts),
        'POST /api/prompts/share.php': () => {
          prompts = [savedPrompt({ share_url: SHARE_URL })];
          return { json: { status: 'success', prompt: prompts[0] } };
        },
        'POST /api/prompts/unshare.php': () => {
          prompts = [savedPrompt()];
          return { json: { status: 'success', prompt: prompts[0] } };
        },
        'POST /api/prompts/delete.php': () => {
          prompts = [];
          return { json: { status: 'success', message: 'Prompt deleted' } };
        },
      },
    });
    renderApp('/prod/prompts');
    const card = await screen.findByTestId('prompt-card');
    await user.click(within(card).getByRole('button', { name: 'Share Greeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Greeting”' });
    const toggle = within(dialog).getByRole('switch', { name: 'Share by link' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const link = await within(dialog).findByTestId('prompt-share-link');
    expect(link).toHaveValue(`${window.location.origin}${SHARE_URL}`);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${SHARE_URL}`);
    expect(await within(card).findByText('Shared')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(within(dialog).queryByTestId('prompt-share-link')).toBeNull());
    expect(posts(fetchStub, '/api/prompts/share.php')).toEqual([{ id: 3 }]);
    expect(posts(fetchStub, '/api/prompts/unshare.php')).toEqual([{ id: 3 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(card).getByRole('button', { name: 'Delete Greeting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete prompt' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/You have no saved prompts yet/);
    expect(posts(fetchStub, '/api/prompts/delete.php')).toEqual([{ id: 3 }]);
  });

  it('imports an export file ("Added N prompts", or the server’s error) and exports the library', async () => {
    const user = userEvent.setup();
    let prompts = [savedPrompt()];
    const file = { format: 'ensemble.prompts', version: 1, prompts: [{ title: 'Greeting', body: 'Say hello warmly' }] };
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/prompts/list.php': () => listed(prompts),
        'GET /api/prompts/export.php': { json: file },
        'POST /api/prompts/import.php': (init) => {
          const sent = JSON.parse(String(init?.body));
          if (sent.prompts.some((p: { title: string }) => !p.title))
            return { status: 400, json: { status: 'error', message: 'prompts.1.title: must not be empty' } };
          const added = sent.prompts.map((p: { title: string; body: string }, i: number) => savedPrompt({ id: 20 + i, ...p }));
          prompts = [...prompts, ...added];
          return { json: { status: 'success', added: added.length, prompts: added } };
        },
      },
    });
    const createObjectURL = vi.fn((_: Blob) => 'blob:prompts');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('ensemble-prompts.json');
    });
    renderApp('/prod/prompts');
    await screen.findByTestId('prompt-card');

    await user.click(screen.getByTestId('export-prompts'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const saved = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(createObjectURL.mock.calls[0]?.[0] as Blob);
    });
    expect(JSON.parse(saved)).toEqual(file);

    const upload = screen.getByLabelText('Prompts file to import');
    const good = {
      ...file,
      prompts: [
        { title: 'One', body: 'First' },
        { title: 'Two', body: 'Second {{x}}' },
      ],
    };
    await user.upload(upload, new File([JSON.stringify(good)], 'ensemble-prompts.json', { type: 'application/json' }));
    expect(await screen.findByTestId('import-result')).toHaveTextContent('Added 2 prompts');
    expect(posts(fetchStub, '/api/prompts/import.php')).toEqual([good]);
    await waitFor(() => expect(screen.getAllByTestId('prompt-card')).toHaveLength(3));

    const bad = {
      ...file,
      prompts: [
        { title: 'Three', body: 'ok' },
        { title: '', body: 'no title' },
      ],
    };
    await user.upload(upload, new File([JSON.stringify(bad)], 'bad.json', { type: 'application/json' }));
    expect(await screen.findByText('prompts.1.title: must not be empty')).toBeInTheDocument();
    await user.upload(upload, new File(['not json'], 'notes.json', { type: 'application/json' }));
    expect(await screen.findByText('That file is not a prompts export: it is not JSON.')).toBeInTheDocument();
    clicked.mockRestore();
  });
});

describe('a shared prompt', () => {
  const sharedAnswer = {
    json: { status: 'success', prompt: { title: 'Haiku', body: 'A haiku about {{subject}}', variables: ['subject'], author: 'grace' } },
  };

  it('shows the prompt, saves a copy to the account’s library and offers to use it in a chat', async () => {
    const user = userEvent.setup();
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/prompts/shared.php': sharedAnswer,
        'POST /api/prompts/add_shared.php': { json: { status: 'success', prompt: savedPrompt({ id: 40, title: 'Haiku' }) } },
      },
    });
    const { router } = renderApp('/prod/prompts/shared/abcdefghijklmnopqrstuv');
    expect(await screen.findByTestId('shared-prompt-title')).toHaveTextContent('Haiku');
    expect(screen.getByText('Shared by grace')).toBeInTheDocument();
    expect(screen.getByTestId('shared-prompt-body')).toHaveTextContent('A haiku about {{subject}}');
    expect(screen.getByRole('list', { name: 'Variables' })).toHaveTextContent('{{subject}}');
    await user.click(screen.getByTestId('save-shared-prompt'));
    expect(await screen.findByText('Saved to your prompts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your prompts' })).toHaveAttribute('href', '/prod/prompts');
    expect(posts(fetchStub, '/api/prompts/add_shared.php')).toEqual([{ token: 'abcdefghijklmnopqrstuv' }]);

    const use = screen.getByRole('link', { name: 'Use in a chat' });
    expect(use).toHaveAttribute('href', `/prod/thread?share_text=${encodeURIComponent('A haiku about {{subject}}')}`);
    await user.click(use);
    // A new chat, with the prompt in its message box.
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/new'));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('A haiku about {{subject}}');
  });

  it('asks a guest to sign up to save it, and shows the server’s message for a link that no longer works', async () => {
    stubApi({ routes: { 'GET /api/prompts/shared.php': sharedAnswer } });
    const view = renderApp('/prod/prompts/shared/abcdefghijklmnopqrstuv');
    expect(await screen.findByRole('link', { name: 'Sign up to save it' })).toHaveAttribute('href', '/prod/signup');
    expect(screen.queryByTestId('save-shared-prompt')).toBeNull();
    expect(screen.getByRole('link', { name: 'Use in a chat' })).toBeInTheDocument();
    view.unmount();

    stubApi({
      routes: { 'GET /api/prompts/shared.php': { status: 404, json: { status: 'error', message: 'This prompt is no longer shared.' } } },
    });
    renderApp('/prod/prompts/shared/zyxwvutsrqponmlkjihgfe');
    expect(await screen.findByText('This prompt is no longer shared.')).toBeInTheDocument();
  });
});
