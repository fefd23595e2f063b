import { type ModelEntry, TEXT_MODELS, type ThreadSettings } from '@ensemble/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThreadSettingsDialog } from './thread-settings-dialog';

const row = (id: string) => TEXT_MODELS.find((m) => m.id === id) as ModelEntry;
const EMPTY: ThreadSettings = { system_prompt: null, temperature: null, max_output_tokens: null, web_search: false };

/** Opens the dialog, whose code (Radix's dialog) may still be loading the first time. */
async function open(model: ModelEntry, settings: ThreadSettings = EMPTY) {
  const onSave = vi.fn().mockResolvedValue(undefined);
  // Its Tools section asks for the user's tool servers; with none (the request fails here) it points to Settings.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThreadSettingsDialog open onOpenChange={vi.fn()} settings={settings} model={model} onSave={onSave} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
  return onSave;
}

describe('ThreadSettingsDialog', () => {
  it("offers GPT-4o's output range only (up to 16,384) and temperature", async () => {
    const onSave = await open(row('gpt-4o'));
    expect(screen.getByLabelText('Temperature')).toBeInTheDocument();
    expect(screen.getByText('Caps the length of each reply: 1 to 16,384 for GPT-4o.')).toBeInTheDocument();
    const tokens = screen.getByLabelText('Maximum output tokens');
    await userEvent.type(tokens, '128000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum output tokens must be a whole number from 1 to 16,384 for GPT-4o.');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(tokens);
    await userEvent.type(tokens, '16384');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      system_prompt: null,
      temperature: null,
      max_output_tokens: 16_384,
      web_search: false,
      mcp_server_ids: [],
    });
  });

  it("offers a Gemini row's own cap (65,536)", async () => {
    await open(row('gemini-2.0-flash-exp'));
    expect(screen.getByText(/1 to 65,536 for Gemini 2\.0 Flash/)).toBeInTheDocument();
  });

  it('hides temperature for DeepSeek V4 and keeps the thread’s value for the models that take it', async () => {
    const onSave = await open(row('deepseek-v4-pro'), {
      system_prompt: null,
      temperature: 0.4,
      max_output_tokens: null,
      web_search: false,
    });
    expect(screen.queryByLabelText('Temperature')).toBeNull();
    expect(screen.getByTestId('no-temperature-note')).toHaveTextContent('DeepSeek V4 Pro sets its own temperature');
    await userEvent.type(screen.getByLabelText('System prompt'), 'Be brief.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      system_prompt: 'Be brief.',
      temperature: 0.4,
      max_output_tokens: null,
      web_search: false,
      mcp_server_ids: [],
    });
  });
});
