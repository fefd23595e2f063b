import { IMAGE_MODELS, TEXT_MODELS } from '@ensemble/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../types';
import { MessageList } from './message-list';

const grok = TEXT_MODELS.find((m) => m.id === 'grok-3-mini-fast-latest')!;
const flux = IMAGE_MODELS.find((m) => m.id === 'flux')!;
const find = (id: string | null) => [grok, flux].find((m) => m.id === id);
const at = '2025-01-01T00:00:00.000Z';

function msg(partial: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'sender'>): ChatMessage {
  return { type: 'text', content: '', model: 'grok-3-mini-fast-latest', metadata: null, created_at: at, ...partial };
}

function renderList(
  messages: ChatMessage[],
  handlers: Partial<{ onEdit: () => Promise<boolean>; onDelete: () => void; onRegenerate: () => void }> = {},
  queued = 0,
) {
  const props = { onEdit: vi.fn().mockResolvedValue(true), onDelete: vi.fn(), onRegenerate: vi.fn(), ...handlers };
  render(<MessageList messages={messages} findModel={find} user={null} queued={queued} {...props} />);
  return props;
}

describe('MessageList', () => {
  it('shows the whole text of a reply stopped while its typing effect was behind, with the note', () => {
    const reply = msg({ id: 2, sender: 'ai', content: 'The tides rise and fall twice a day because', local: true, streaming: true });
    const list = (m: ChatMessage) => (
      <MessageList messages={[m]} findModel={find} user={null} queued={0} onEdit={vi.fn()} onDelete={vi.fn()} onRegenerate={vi.fn()} />
    );
    const { rerender } = render(list(reply));
    // Still typing: only the start is shown.
    expect(screen.getByTestId('message')).not.toHaveTextContent('twice a day because');
    rerender(list({ ...reply, streaming: false, cut: 'stopped' }));
    expect(screen.getByTestId('message')).toHaveTextContent('The tides rise and fall twice a day because');
    expect(screen.getByTestId('cut-reply-note')).toHaveTextContent('You stopped this reply.');
    expect(screen.queryByTestId('streaming-dots')).toBeNull();
  });

  it("shows a reply's figures and its versions, switches between them and offers Save & submit on a prompt", async () => {
    const branch = { textModels: [...TEXT_MODELS], onRegenerateWith: vi.fn(), onSubmitEdit: vi.fn(), onSwitch: vi.fn() };
    const figures = { credits: 3, ttft_ms: 420, total_ms: 2100, tokens_in: 12, tokens_out: 340, tokens_estimated: true };
    render(
      <MessageList
        messages={[
          msg({ id: 6, sender: 'user', content: 'Question', siblingIds: [6], parentId: null }),
          msg({ id: 9, sender: 'ai', content: 'Second answer', siblingIds: [7, 9], parentId: 6, metadata: figures }),
        ]}
        findModel={find}
        user={null}
        queued={0}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onRegenerate={vi.fn()}
        branch={branch}
      />,
    );
    const [prompt, reply] = screen.getAllByTestId('message');
    expect(within(reply!).getByTestId('reply-figures')).toHaveTextContent(
      'Grok 3 Mini Fast → Grok 4.20 · 3 credits · first token 420 ms · total 2.1 s · ~12 in / ~340 out tokens (estimated)',
    );
    expect(within(reply!).getByTestId('version-position')).toHaveTextContent('2/2');
    expect(within(prompt!).queryByTestId('version-switcher')).toBeNull();
    await userEvent.click(within(reply!).getByRole('button', { name: 'Previous version' }));
    expect(branch.onSwitch).toHaveBeenCalledWith(7);
    expect(within(reply!).getByRole('button', { name: 'Next version' })).toBeDisabled();

    await userEvent.click(within(prompt!).getByRole('button', { name: 'Edit message' }));
    const box = within(prompt!).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Better question');
    await userEvent.click(within(prompt!).getByRole('button', { name: 'Save & submit' }));
    expect(branch.onSubmitEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }), 'Better question');
  });

  it('labels senders You and the model name, and marks demo replies', async () => {
    renderList([
      msg({ id: 1, sender: 'user', content: 'Hi there' }),
      msg({ id: 2, sender: 'ai', content: 'Hello **friend**', metadata: { demo: true } }),
    ]);
    const [mine, reply] = screen.getAllByTestId('message');
    expect(within(mine!).getByTestId('sender-label')).toHaveTextContent('You');
    expect(within(reply!).getByTestId('sender-label')).toHaveTextContent('Grok 3 Mini Fast');
    expect(within(reply!).getByTestId('demo-label')).toHaveTextContent('demo');
    expect(within(mine!).queryByTestId('demo-label')).toBeNull();
    expect(await within(reply!).findByText('friend')).toHaveProperty('tagName', 'STRONG');
  });

  it('shows the note when a fallback model answered, and only on that reply', () => {
    const note = 'Answered by Grok 2 → Grok 4.3 because Grok 3 Mini Fast → Grok 4.20 was unavailable';
    renderList([
      msg({ id: 1, sender: 'ai', content: 'First' }),
      msg({ id: 2, sender: 'ai', content: 'Second', metadata: { answered_by: 'grok-2-latest', fallback_note: note } }),
    ]);
    const [plain, answered] = screen.getAllByTestId('message');
    expect(within(plain!).queryByTestId('fallback-note')).toBeNull();
    expect(within(answered!).getByTestId('fallback-note')).toHaveTextContent(note);
  });

  it("copies a message and shows 'Copied'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderList([msg({ id: 1, sender: 'user', content: 'Copy me' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('Copy me');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
  });

  it('edits a message only with non-empty content, and deletes one', async () => {
    const onEdit = vi.fn().mockResolvedValue(true);
    const onDelete = vi.fn();
    renderList([msg({ id: 5, sender: 'user', content: 'Old text' })], { onEdit, onDelete });
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const field = screen.getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'New text');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onEdit).toHaveBeenCalledWith(5, 'New text');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    // Deleting asks first, and says that everything below goes too.
    expect(onDelete).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    expect(dialog).toHaveTextContent('everything below it on this branch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(5);
  });

  it('keeps the editor open when the save fails', async () => {
    renderList([msg({ id: 5, sender: 'user', content: 'Old text' })], { onEdit: vi.fn().mockResolvedValue(false) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit message' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Edit message' })).toBeInTheDocument();
  });

  it('shows the image loading texts, then the image with Regenerate, Copy image URL and Open in new tab', async () => {
    const onRegenerate = vi.fn();
    const image = msg({
      id: 7,
      sender: 'ai',
      type: 'image',
      model: 'flux',
      content: '/api/images/file/abc',
      metadata: { prompt: 'a fox', aspectRatio: 'square' },
    });
    const { rerender } = render(
      <MessageList
        messages={[msg({ id: 6, sender: 'ai', type: 'loading', model: 'flux' })]}
        findModel={find}
        user={null}
        queued={2}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onRegenerate={onRegenerate}
      />,
    );
    expect(screen.getByText('Generating with Flux Schnell')).toBeInTheDocument();
    expect(screen.getByText('Image generation may take up to 30 seconds')).toBeInTheDocument();
    expect(screen.getByText('(2 more in queue)')).toBeInTheDocument();
    rerender(
      <MessageList
        messages={[image]}
        findModel={find}
        user={null}
        queued={0}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onRegenerate={onRegenerate}
      />,
    );
    expect(screen.getByText('Loading image...')).toBeInTheDocument();
    fireEvent.load(screen.getByTestId('chat-image'));
    expect(screen.queryByText('Loading image...')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Copy image URL' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledWith(image);
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
  });

  it('shows streaming dots with the queue note while a reply streams', () => {
    renderList([msg({ id: 8, sender: 'ai', content: 'Partial', streaming: true })], {}, 1);
    expect(screen.getByTestId('streaming-dots')).toHaveTextContent('(1 more in queue)');
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull();
  });

  it('mounts only the latest 40 messages of a long thread, and more on request', async () => {
    const many = Array.from({ length: 500 }, (_, i) => msg({ id: i + 1, sender: i % 2 ? 'ai' : 'user', content: `Message ${i + 1}` }));
    renderList(many);
    expect(screen.getAllByTestId('message')).toHaveLength(40);
    expect(screen.getByText('Message 500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages (460)' }));
    expect(screen.getAllByTestId('message')).toHaveLength(80);
  });

  it('shows an image message stored on another host as a link labelled with the host, never as an image', () => {
    renderList([
      msg({
        id: 5,
        sender: 'ai',
        type: 'image',
        model: 'flux',
        content: 'https://cdn.elsewhere.example/x.png?t=1',
        metadata: { prompt: 'A cat' },
      }),
    ]);
    expect(screen.getByRole('link', { name: 'cdn.elsewhere.example' })).toHaveAttribute('href', 'https://cdn.elsewhere.example/x.png?t=1');
    expect(screen.queryByTestId('chat-image')).toBeNull();
    expect(document.querySelector('img[src*="elsewhere"]')).toBeNull();
  });
});
