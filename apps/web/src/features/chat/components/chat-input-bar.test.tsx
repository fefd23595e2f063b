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
});
