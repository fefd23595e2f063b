import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, TEST_USER } from '@/test/fake-api';
import { renderInChat } from '../chat-test-utils';
import { ThreadListPanel } from './thread-list-panel';

interface Row {
  id: number;
  title: string;
  folder_id: number | null;
  archived: boolean;
  pin: number | null;
}
interface FolderRow {
  id: number;
  name: string;
  colour: 'gray' | 'blue';
  collapsed: boolean;
}

/** A small in-memory server for the panel's calls: the lists, the folders, and each change sent (in `sent`). */
function fakeServer(threads: Row[], folders: FolderRow[] = []) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const read = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as Record<string, any>;
  const record = (path: string, init: RequestInit | undefined) => {
    const body = read(init);
    sent.push({ path, body });
    return body;
  };
  const show = (t: Row) => ({
    id: t.id,
    title: t.title,
    created_at: '2025-03-05T10:00:00.000Z',
    user_id: 7,
    has_messages: true,
    is_anonymous: false,
    pinned: t.pin !== null,
    folder_id: t.folder_id,
    archived: t.archived,
  });
  const inList = (t: Row, folder: string) =>
    folder === 'archived' ? t.archived : !t.archived && (folder === 'none' ? t.folder_id === null : t.folder_id === Number(folder));
  stubApi({
    user: TEST_USER,
    routes: {
      'GET /api/threads/get_all_threads.php': (_init, url) => {
        const folder = url.searchParams.get('folder') ?? 'none';
        const rows = threads
          .filter((t) => inList(t, folder))
          .sort((a, b) => (a.pin ?? Number.MAX_SAFE_INTEGER) - (b.pin ?? Number.MAX_SAFE_INTEGER) || b.id - a.id);
        return { json: { status: 'success', threads: rows.map(show), has_more: false } };
      },
      'GET /api/folders/list.php': () => ({
        json: {
          status: 'success',
          folders: folders.map((f, position) => ({
            ...f,
            position,
            created_at: '2025-03-05T10:00:00.000Z',
            thread_count: threads.filter((t) => t.folder_id === f.id && !t.archived).length,
          })),
        },
      }),
      'POST /api/threads/organize.php': (init) => {
        const body = record('organize', init);
        for (const t of threads.filter((t) => body.thread_ids.includes(t.id))) {
          if (body.pinned !== undefined) t.pin = body.pinned ? Math.min(0, ...threads.map((x) => x.pin ?? 0)) - 1 : null;
          if (body.folder_id !== undefined) t.folder_id = body.folder_id;
          if (body.archived !== undefined) t.archived = body.archived;
        }
        return { json: { status: 'success', changed: body.thread_ids.length } };
      },
      'POST /api/threads/pin_order.php': (init) => {
        const body = record('pin_order', init);
        body.thread_ids.forEach((id: number, i: number) => {
          const t = threads.find((x) => x.id === id);
          if (t) t.pin = i;
        });
        return { json: { status: 'success', changed: body.thread_ids.length } };
      },
      'POST /api/threads/delete_many.php': (init) => {
        const body = record('delete_many', init);
        threads.splice(0, threads.length, ...threads.filter((t) => !body.thread_ids.includes(t.id)));
        return { json: { status: 'success', changed: body.thread_ids.length } };
      },
      'POST /api/folders/update.php': (init) => {
        const body = record('update_folder', init);
        const folder = folders.find((f) => f.id === body.id) as FolderRow;
        Object.assign(folder, body);
        return { json: { status: 'success', folder: { ...folder, position: 0, created_at: '', thread_count: 0 } } };
      },
      'POST /api/folders/delete.php': (init) => {
        const body = record('delete_folder', init);
        folders.splice(
          folders.findIndex((f) => f.id === body.id),
          1,
        );
        for (const t of threads) if (t.folder_id === body.id) t.folder_id = null;
        return { json: { status: 'success', message: 'Folder deleted' } };
      },
      'POST /api/folders/order.php': (init) => {
        const body = record('order_folders', init);
        folders.sort((a, b) => body.folder_ids.indexOf(a.id) - body.folder_ids.indexOf(b.id));
        return {
          json: { status: 'success', folders: folders.map((f, position) => ({ ...f, position, created_at: '', thread_count: 0 })) },
        };
      },
      'POST /api/folders/create.php': (init) => {
        const body = record('create_folder', init);
        const folder = { id: 100 + folders.length, name: body.name, colour: body.colour ?? 'gray', collapsed: false };
        folders.push(folder);
        return { json: { status: 'success', folder: { ...folder, position: folders.length - 1, created_at: '', thread_count: 0 } } };
      },
    },
  });
  return { sent, threads, folders };
}

const row = (id: number, title: string, more: Partial<Row> = {}): Row => ({
  id,
  title,
  folder_id: null,
  archived: false,
  pin: null,
  ...more,
});
const titles = (root: HTMLElement = screen.getByTestId('main-list')) =>
  within(root)
    .queryAllByTestId('thread-item')
    .map((li) =>
      within(li)
        .getByRole('link')
        .textContent?.replace(/Mar.*$/, ''),
    );
const renderPanel = () => renderInChat(<ThreadListPanel currentId={null} onNewThread={vi.fn()} onDeleteThread={vi.fn()} />);

/** Opens a menu (a chat's, by the chat's title; a folder's by its button's name) and picks an item. */
async function choose(menu: { chat: string } | string, item: string | RegExp) {
  const trigger =
    typeof menu === 'string'
      ? await screen.findByRole('button', { name: menu })
      : within((await screen.findByRole('link', { name: new RegExp(menu.chat) })).closest('li') as HTMLElement).getByRole('button', {
          name: 'Chat options',
        });
  if (typeof menu !== 'string') expect(trigger).toHaveAccessibleDescription(menu.chat);
  await userEvent.click(trigger);
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('ThreadListPanel: pins, folders, select mode and the archive', () => {
  it('pins a chat from its menu (it goes to the top with a pin) and unpins it', async () => {
    const server = fakeServer([row(3, 'Tides'), row(2, 'Picnic'), row(1, 'Poems')]);
    renderPanel();
    await waitFor(() => expect(titles()).toEqual(['Tides', 'Picnic', 'Poems']));
    await choose({ chat: 'Poems' }, 'Pin');
    expect(server.sent).toEqual([{ path: 'organize', body: { thread_ids: [1], pinned: true } }]);
    await waitFor(() => expect(titles()).toEqual(['Pinned:Poems', 'Tides', 'Picnic']));
    expect(await screen.findByRole('status')).toHaveTextContent('Pinned');

    await choose({ chat: 'Picnic' }, 'Pin');
    await waitFor(() => expect(titles()).toEqual(['Pinned:Picnic', 'Pinned:Poems', 'Tides']));
    // The keyboard's alternative to dragging a pin: Move down.
    await choose({ chat: 'Picnic' }, 'Move down');
    expect(server.sent.at(-1)).toEqual({ path: 'pin_order', body: { thread_ids: [1, 2] } });
    await waitFor(() => expect(titles()).toEqual(['Pinned:Poems', 'Pinned:Picnic', 'Tides']));

    await choose({ chat: 'Poems' }, 'Unpin');
    expect(server.sent.at(-1)).toEqual({ path: 'organize', body: { thread_ids: [1], pinned: false } });
    await waitFor(() => expect(titles()).toEqual(['Pinned:Picnic', 'Tides', 'Poems']));
  });

  it('moves a chat into a folder from its menu, and makes a new folder from the same dialog', async () => {
    const server = fakeServer([row(2, 'Tides'), row(1, 'Poems')], [{ id: 9, name: 'Work', colour: 'blue', collapsed: false }]);
    renderPanel();
    await waitFor(() => expect(titles()).toEqual(['Tides', 'Poems']));
    await choose({ chat: 'Tides' }, 'Move to folder…');
    const dialog = await screen.findByRole('dialog', { name: 'Move to folder' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Work/ }));
    expect(server.sent).toEqual([{ path: 'organize', body: { thread_ids: [2], folder_id: 9 } }]);
    await waitFor(() => expect(titles()).toEqual(['Poems']));
    const folder = screen.getByTestId('folder');
    await waitFor(() => expect(titles(folder)).toEqual(['Tides']));
    expect(within(folder).getByRole('button', { name: /^Work\W+1 chat$/ })).toHaveAttribute('aria-expanded', 'true');

    await choose({ chat: 'Poems' }, 'Move to folder…');
    const again = await screen.findByRole('dialog', { name: 'Move to folder' });
    await userEvent.click(within(again).getByRole('button', { name: 'New folder…' }));
    await userEvent.type(within(again).getByRole('textbox', { name: 'Folder name' }), 'Verse');
    await userEvent.click(within(again).getByRole('button', { name: 'Create and move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent.slice(1)).toEqual([
      { path: 'create_folder', body: { name: 'Verse', colour: 'gray' } },
      { path: 'organize', body: { thread_ids: [1], folder_id: 101 } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('folder')).toHaveLength(2));
  });

  it("keeps a folder's collapsed state with the account (update.php), and loads its chats when it opens", async () => {
    const server = fakeServer(
      [row(2, 'Tides', { folder_id: 9 }), row(1, 'Poems')],
      [{ id: 9, name: 'Work', colour: 'blue', collapsed: true }],
    );
    renderPanel();
    const toggle = await screen.findByRole('button', { name: /^Work\W+1 chat$/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Tides/ })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: /Tides/ })).toBeInTheDocument();
    expect(server.sent).toEqual([{ path: 'update_folder', body: { id: 9, collapsed: false } }]);
    await userEvent.click(toggle);
    expect(server.sent.at(-1)).toEqual({ path: 'update_folder', body: { id: 9, collapsed: true } });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Tides/ })).toBeNull());
    expect(server.folders[0]?.collapsed).toBe(true);
  });

  it('archives, then deletes, several selected chats with one call each', async () => {
    const server = fakeServer([row(4, 'One'), row(3, 'Two'), row(2, 'Three'), row(1, 'Four')]);
    renderPanel();
    await waitFor(() => expect(titles()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select One' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Three' }));
    const bar = screen.getByRole('toolbar', { name: '2 chats selected' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(server.sent).toEqual([{ path: 'organize', body: { thread_ids: [4, 2], archived: true } }]);
    await waitFor(() => expect(titles()).toEqual(['Two', 'Four']));
    expect(screen.getByRole('status')).toHaveTextContent('Archived 2 chats');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Two' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Four' }));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chats' });
    expect(dialog).toHaveTextContent('Delete 2 chats?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent.slice(1)).toEqual([{ path: 'delete_many', body: { thread_ids: [3, 1] } }]);
    await screen.findByText('No chats yet');
  });

  it('opens the Archived view, unarchives a chat and goes back to the list', async () => {
    const server = fakeServer([row(3, 'Tides'), row(2, 'Old plans', { archived: true }), row(1, 'Older', { archived: true })]);
    renderPanel();
    await waitFor(() => expect(titles()).toEqual(['Tides']));
    await userEvent.click(screen.getByRole('button', { name: 'Archived' }));
    expect(await screen.findByRole('heading', { name: 'Archived' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('archived-item')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Back to your chats' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Unarchive Old plans' }));
    expect(server.sent).toEqual([{ path: 'organize', body: { thread_ids: [2], archived: false } }]);
    await waitFor(() => expect(screen.getAllByTestId('archived-item')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Back to your chats' }));
    await waitFor(() => expect(titles()).toEqual(['Tides', 'Old plans']));
  });

  it("recolours, reorders (the keyboard's alternative to dragging) and deletes folders from their menus", async () => {
    const server = fakeServer(
      [row(2, 'Tides', { folder_id: 9 }), row(1, 'Poems')],
      [
        { id: 9, name: 'Work', colour: 'blue', collapsed: false },
        { id: 8, name: 'Home', colour: 'gray', collapsed: false },
      ],
    );
    renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('folder')).toHaveLength(2));
    await choose('Folder options for Work', 'Colour…');
    const dialog = await screen.findByRole('dialog', { name: 'Edit folder' });
    expect(within(dialog).getByRole('textbox', { name: 'Folder name' })).toHaveValue('Work');
    expect(within(dialog).getByRole('radio', { name: 'Blue' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Red' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toEqual([{ path: 'update_folder', body: { id: 9, name: 'Work', colour: 'red' } }]);

    await choose('Folder options for Work', 'Move down');
    expect(server.sent.at(-1)).toEqual({ path: 'order_folders', body: { folder_ids: [8, 9] } });
    await waitFor(() =>
      expect(screen.getAllByTestId('folder').map((f) => f.textContent)).toEqual([
        expect.stringMatching(/^Home/),
        expect.stringMatching(/^Work/),
      ]),
    );

    await choose('Folder options for Work', 'Delete folder');
    const confirm = await screen.findByRole('dialog', { name: 'Delete folder' });
    expect(confirm).toHaveTextContent('Delete the folder "Work"? Its chats go back to the list.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(screen.getAllByTestId('folder')).toHaveLength(1));
    expect(server.sent.at(-1)).toEqual({ path: 'delete_folder', body: { id: 9 } });
    await waitFor(() => expect(titles()).toEqual(['Tides', 'Poems']));
  });
});
