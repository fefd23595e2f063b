import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FolderFormDialog } from './folder-form-dialog';

describe('FolderFormDialog', () => {
  it('asks for a name, offers every colour by name, and saves the name and colour picked', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    render(<FolderFormDialog open onOpenChange={onOpenChange} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Gray',
      'Red',
      'Orange',
      'Amber',
      'Green',
      'Teal',
      'Blue',
      'Indigo',
      'Purple',
      'Pink',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Gray' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByRole('textbox', { name: 'Folder name' })).toHaveAccessibleDescription('Give the folder a name.');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), '  Recipes ');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Teal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(onSave).toHaveBeenCalledWith('Recipes', 'teal');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('shows why a save failed and stays open', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('You can have at most 200 folders.'));
    const onOpenChange = vi.fn();
    render(<FolderFormDialog open onOpenChange={onOpenChange} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'One more');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await within(dialog).findByText('You can have at most 200 folders.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
