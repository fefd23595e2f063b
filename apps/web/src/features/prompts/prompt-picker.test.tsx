import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInChat } from '@/features/chat/chat-test-utils';
import { ChatInputBar } from '@/features/chat/components/chat-input-bar';
import { usePreferences } from '@/features/preferences';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { listed, savedPrompt } from './prompt-test-utils';

const REVIEW = savedPrompt({
  id: 4,
  title: 'Résumé review',
  body: 'Review my résumé for {{job}} at {{company}}.',
  variables: ['job', 'company'],
});

function signedIn() {
  stubApi({ user: TEST_USER, routes: { 'GET /api/prompts/list.php': listed([savedPrompt(), REVIEW]) } });
}

const box = () => screen.getByLabelText('Message', { selector: 'textarea' });
const optionTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((o) => o.querySelector('span')?.textContent);

describe('the prompt picker in the input bar', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('opens on a "/" typed into the empty box, with the starters and a sign-up hint for a guest; typing filters', async () => {
    stubApi();
    const user = userEvent.setup();
    renderInChat(<ChatInputBar onSend={vi.fn()} />);
    await user.type(box(), 'hi /');
    expect(screen.queryByTestId('prompt-picker')).toBeNull();
    await user.clear(box());
    await user.type(box(), '/');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    expect(within(list).getByRole('group', { name: 'Starters' })).toBeInTheDocument();
    expect(optionTitles(list)).toEqual(["Explain like I'm new", 'Improve my writing', 'Email reply', 'Summarise', 'Plan a project']);
    expect(screen.getByRole('link', { name: 'Sign up to save your own prompts' })).toHaveAttribute('href', '/prod/signup');
    // The box is the list's combobox and keeps the focus.
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('role', 'combobox');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(box()).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]?.id);
    await user.type(box(), 'SUMM');
    // Title or text: "Explain like I'm new" asks for a one-sentence summary.
    await waitFor(() => expect(optionTitles(list)).toEqual(["Explain like I'm new", 'Summarise']));
    await user.type(box(), 'ARISE');
    await waitFor(() => expect(optionTitles(list)).toEqual(['Summarise']));
    expect(screen.getByRole('status')).toHaveTextContent('1 prompt');
    await user.type(box(), 'zzz');
    expect(await screen.findByText('No prompt matches “SUMMARISEzzz”.')).toBeInTheDocument();
  });

  it('moves with the arrows and picks with Enter: a prompt without variables fills the box', async () => {
    signedIn();
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    await user.type(box(), '/');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    await within(list).findByRole('group', { name: 'Your prompts' });
    expect(optionTitles(list).slice(0, 3)).toEqual(['Greeting', 'Résumé review', "Explain like I'm new"]);
    expect(screen.getByRole('link', { name: 'Manage prompts' })).toHaveAttribute('href', '/prod/prompts');
    const options = within(list).getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box()).toHaveValue('Say hello warmly');
    expect(screen.queryByTestId('prompt-picker')).toBeNull();
    expect(box()).not.toHaveAttribute('role');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('asks for the variables of a prompt that has them (case- and accent-insensitive filter), then fills the box', async () => {
    signedIn();
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    await user.type(box(), '/resume');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    await waitFor(() => expect(optionTitles(list)).toEqual(['Résumé review']));
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('group', { name: 'Résumé review' });
    expect(within(form).getByLabelText('job')).toHaveFocus();
    await user.keyboard('designer{Enter}');
    expect(within(form).getByLabelText('company')).toHaveFocus();
    await user.keyboard('Acme{Enter}');
    expect(box()).toHaveValue('Review my résumé for designer at Acme.');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box()).toHaveFocus());
    expect((box() as HTMLTextAreaElement).selectionStart).toBe('Review my résumé for designer at Acme.'.length);
  });

  it('fills with the Insert button, and Escape in the form cancels back to the box', async () => {
    signedIn();
    const user = userEvent.setup();
    renderInChat(<ChatInputBar onSend={vi.fn()} />);
    await user.type(box(), '/review');
    await screen.findByText('Résumé review');
    await user.keyboard('{Enter}');
    await user.keyboard('x{Escape}');
    expect(screen.queryByTestId('prompt-picker')).toBeNull();
    expect(box()).toHaveValue('/review');
    expect(box()).toHaveFocus();

    await user.clear(box());
    await user.type(box(), '/review');
    await user.click(await screen.findByText('Résumé review'));
    await user.type(await screen.findByLabelText('job'), 'chef');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(box()).toHaveValue('Review my résumé for chef at {{company}}.');
  });

  it('closes on Escape (leaving the "/" text) and on a click elsewhere', async () => {
    stubApi();
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderInChat(<ChatInputBar onSend={onSend} />);
    await user.type(box(), '/ex');
    await screen.findByRole('listbox', { name: 'Prompts' });
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('prompt-picker')).toBeNull();
    expect(box()).toHaveValue('/ex');
    // Closed, Enter sends as usual.
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ prompt: '/ex' }));

    await user.type(box(), '/');
    await screen.findByRole('listbox', { name: 'Prompts' });
    await user.click(screen.getByRole('radio', { name: 'Text' }));
    expect(screen.queryByTestId('prompt-picker')).toBeNull();
    expect(box()).toHaveValue('/');
  });
});
