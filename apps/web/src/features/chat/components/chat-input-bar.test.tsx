import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderInChat } from '../chat-test-utils';
import { ChatInputBar } from './chat-input-bar';

describe('ChatInputBar', () => {
  beforeEach(() => {
    usePreferences.getState().resetPreferences();
    stubApi();
  });

  it('sends on Enter with the current model, clears the box, and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    const box = screen.getByPlaceholderText('Ask me anything...');
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('first line\nsecond');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith({
      prompt: 'first line\nsecond',
      model: 'grok-3-mini-fast-latest',
      type: 'text',
      aspectRatio: 'square',
    });
    expect(box).toHaveValue('');
  });

  it('shows Stop instead of Send while a reply streams; Stop and Escape stop it, Enter does not send', async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} streaming onStop={onStop} />);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop reply' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onStop).toHaveBeenCalledTimes(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('leaves Escape alone when nothing streams', async () => {
    const onStop = vi.fn();
    renderInChat(<ChatInputBar onSend={vi.fn()} streaming={false} onStop={onStop} />);
    await userEvent.keyboard('{Escape}');
    expect(onStop).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Stop reply' })).toBeNull();
  });

  it('does not send blank input', async () => {
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('switches to image mode with the last image model and offers the aspect ratios, stored as a preference', async () => {
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    expect(screen.queryByRole('group', { name: 'Aspect ratio' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Image' }));
    expect(screen.getByTestId('chat-model-picker')).toHaveTextContent('Flux Schnell');
    await userEvent.click(screen.getByRole('radio', { name: 'Wide 16:9' }));
    expect(usePreferences.getState().aspectRatio).toBe('wide');
    expect(screen.getByRole('radio', { name: 'Wide 16:9' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'a red fox{Enter}');
    expect(onSend).toHaveBeenCalledWith({ prompt: 'a red fox', model: 'flux', type: 'image', aspectRatio: 'wide' });
    // Back to text restores the text model.
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }));
    expect(screen.getByTestId('chat-model-picker')).toHaveTextContent('Grok 3 Mini Fast');
  });

  it("ends the model list with 'All Models...', which opens the settings asking to scroll to the first heading", async () => {
    const { router } = renderInChat(<ChatInputBar onSend={() => {}} />);
    await userEvent.click(screen.getByTestId('chat-model-picker'));
    await userEvent.click(await screen.findByText('All Models...'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/settings'));
    expect(router.state.location.state).toEqual({ scrollToFirstHeading: true });
  });

  describe('attachments', () => {
    const info = (kind: 'image' | 'pdf', name: string) => ({
      id: kind === 'image' ? 'a'.repeat(32) : 'b'.repeat(32),
      kind,
      name,
      media_type: kind === 'image' ? 'image/png' : 'application/pdf',
      size: 2048,
      width: kind === 'image' ? 8 : null,
      height: kind === 'image' ? 6 : null,
      text_chars: kind === 'image' ? null : 120,
      truncated: false,
      url: `/api/attachments/file/${kind === 'image' ? 'a'.repeat(32) : 'b'.repeat(32)}`,
      thumbnail_url: kind === 'image' ? `/api/attachments/file/${'a'.repeat(32)}/thumbnail` : null,
    });

    it('uploads a chosen file, shows it as a removable chip and sends its id with the prompt', async () => {
      const fetchStub = stubApi({
        routes: { 'POST /api/attachments/upload.php': { json: { status: 'success', attachments: [info('pdf', 'report.pdf')] } } },
      });
      const onSend = vi.fn();
      renderInChat(<ChatInputBar onSend={onSend} />);
      await userEvent.upload(screen.getByTestId('attach-input'), new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }));
      const tray = await screen.findByRole('list', { name: 'Files to send' });
      expect(tray).toHaveTextContent('report.pdf');
      const call = fetchStub.mock.calls.find(([url]) => String(url).includes('/api/attachments/upload.php'));
      expect(call?.[1]?.body).toBeInstanceOf(FormData);
      // A file alone can be sent: the prompt says to look at it.
      await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
      expect(onSend).toHaveBeenCalledWith(
        expect.objectContaining({ prompt: 'Please look at the attached files.', attachments: [info('pdf', 'report.pdf')] }),
      );
      expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    });

    it('blocks sending an image to the text-only current model with the reason, until the image is removed', async () => {
      stubApi({ routes: { 'POST /api/attachments/upload.php': { json: { status: 'success', attachments: [info('image', 'cat.png')] } } } });
      // DeepSeek Chat reads text only (Grok, the default, reads images).
      usePreferences.getState().selectModel('deepseek-chat');
      renderInChat(<ChatInputBar onSend={vi.fn()} />);
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What is this?');
      await userEvent.upload(screen.getByTestId('attach-input'), new File(['png'], 'cat.png', { type: 'image/png' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('cannot see images');
      expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Remove cat.png' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    });

    it('shows the server`s refusal of a file', async () => {
      stubApi({
        routes: {
          'POST /api/attachments/upload.php': {
            status: 400,
            json: { status: 'error', message: '"broken.pdf" could not be read as a PDF' },
          },
        },
      });
      renderInChat(<ChatInputBar onSend={vi.fn()} />);
      await userEvent.upload(screen.getByTestId('attach-input'), new File(['x'], 'broken.pdf', { type: 'application/pdf' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('"broken.pdf" could not be read as a PDF');
      expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    });
  });
});
