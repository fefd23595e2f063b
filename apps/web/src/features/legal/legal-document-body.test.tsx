import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { LegalDocumentBody } from './legal-document-body';

function textOf(doc: 'terms' | 'privacy' | 'contact') {
  const { container } = render(
    <MemoryRouter>
      <LegalDocumentBody doc={doc} />
    </MemoryRouter>,
  );
  return container.textContent ?? '';
}

describe('legal documents', () => {
  it('terms state the notice period, expiry at reset and non-transferable credits', () => {
    const text = textOf('terms');
    expect(text).toContain('30 days notice');
    expect(text).toContain('Unused credits expire at reset');
    expect(text).toContain('non-transferable');
    expect(text).toContain('Stripe');
  });

  it('privacy names what is stored, the single session cookie and no selling of data', () => {
    const text = textOf('privacy');
    for (const part of ['Account', 'Chats', 'Images', 'Credits', 'a session cookie only', 'do not sell', 'deletion requests']) {
      expect(text).toContain(part);
    }
  });

  it('contact gives the e-mail, the reply time, the hours and support by plan', () => {
    const text = textOf('contact');
    expect(text).toContain('support@ensemble.app');
    expect(text).toContain('within 24 hours on business days, Monday to Friday 9 to 5 EST');
    expect(text).toMatch(/Free: community support/);
    expect(text).toMatch(/Pro: direct email support/);
    expect(text).toMatch(/Premium: priority email support/);
  });

  it('opens /prod/contact as a dialog over home, and closing it goes home', async () => {
    stubApi();
    const { router } = renderApp('/prod/contact');
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
    expect(await within(dialog).findByRole('link', { name: 'support@ensemble.app' })).toHaveAttribute(
      'href',
      'mailto:support@ensemble.app',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/prod');
  });
});
