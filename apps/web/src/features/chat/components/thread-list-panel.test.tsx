import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, stubApi, TEST_USER } from '@/test/fake-api';
import { renderInChat } from '../chat-test-utils';
import { ThreadListPanel } from './thread-list-panel';

const thread = (id: number, title: string) => ({
  id,
  title,
  created_at: '2025-03-05T10:00:00.000Z',
  user_id: 7,
  has_messages: title !== 'New Thread',
  is_anonymous: false,
});

describe('ThreadListPanel', () => {
  it("says 'Loading threads...' and then 'No chats yet' with 'Start a new chat'", async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/threads/get_all_threads.php': () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
        'GET /api/folders/list.php': { json: { status: 'success', folders: [] } },
      },
    });
    const onNew = vi.fn();
    renderInChat(<ThreadListPanel currentId={null} onNewThread={onNew} onDeleteThread={vi.fn()} />);
    expect(screen.getByText('Loading threads...')).toBeInTheDocument();
    answer({ json: { status: 'success', threads: [], has_more: false } });
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    expect(onNew).toHaveBeenCalled();
  });

  it('lists threads with a New badge and the date, and deletes one in edit mode after confirming', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/threads/get_all_threads.php': {
          json: { status: 'success', threads: [thread(2, 'New Thread'), thread(1, 'Tides')], has_more: false },
        },
      },
    });
    const onDelete = vi.fn().mockResolvedValue(undefined);
    renderInChat(<ThreadListPanel currentId={1} onNewThread={vi.fn()} onDeleteThread={onDelete} />);
    expect(await screen.findByRole('heading', { name: 'Your Chats' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('thread-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('aria-current', 'page');
    expect(items[1]).toHaveTextContent(
      new Date('2025-03-05T10:00:00.000Z').toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    expect(screen.queryByRole('button', { name: 'Delete Tides' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Tides' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete thread' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(1, 'Tides');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
