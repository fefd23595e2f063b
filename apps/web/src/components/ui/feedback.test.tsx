import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorBanner } from './error-banner';

function Harness({ onConfirm }: { onConfirm(): Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete thread"
      message="This cannot be undone."
      confirmLabel="Delete"
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}

function inRouter(element: ReactElement) {
  return render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

describe('ErrorBanner', () => {
  it('says "An unknown error occurred" when given no message, and can be dismissed', async () => {
    const onDismiss = vi.fn();
    inRouter(<ErrorBanner onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('offers "Click here to continue" for a credits error with an action', () => {
    inRouter(
      <ErrorBanner variant="credits" message="Anonymous credits depleted. Sign up now to get 100 free credits!" actionHref="/signup" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Anonymous credits depleted');
    expect(screen.getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/signup');
  });
});

describe('ConfirmDialog', () => {
  it('closes after the confirmed action succeeds', async () => {
    const onConfirm = vi.fn(async () => {});
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Delete thread' })).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open when the action fails, and Cancel closes without acting', async () => {
    const onConfirm = vi.fn(async () => Promise.reject(new Error('Failed to delete')));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
