import { HELP_ARTICLES } from '@ensemble/shared/help';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startLanguage } from '@/i18n/languages';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('the help pages', () => {
  it('list every article, filter them by what the reader types, and open one', async () => {
    stubApi();
    const { router } = renderApp('/prod/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Help articles' });
    expect(within(list).getAllByRole('link')).toHaveLength(HELP_ARTICLES.length);
    expect(screen.queryByText('The help articles are written in English.')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search help' }), 'daily cap');
    expect(
      within(screen.getByRole('list', { name: 'Help articles' }))
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/prod/help/spending-limits']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search help' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search help' }), 'zeppelin');
    expect(screen.getByRole('status')).toHaveTextContent('No help article matches “zeppelin”.');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search help' }));

    await userEvent.click(screen.getByRole('link', { name: /How credits work/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'How credits work' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/help/credits');
    expect(screen.getByRole('heading', { level: 2, name: 'Where credits come from' })).toBeInTheDocument();
    expect(screen.getByText('Pro adds 2,000 credits a month and Premium 5,000 credits a month.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'All help articles' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
  });

  it('sends an unknown article back to the list', async () => {
    stubApi();
    const { router } = renderApp('/prod/help/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/help'));
  });

  it('speaks the reader’s language around the English articles, and says they are English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    stubApi();
    await startLanguage();
    renderApp('/prod/help/credits');
    const title = await screen.findByRole('heading', { level: 1, name: 'How credits work' });
    expect(within(title).getByText('How credits work')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Die Hilfeartikel sind auf Englisch verfasst.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Hilfeartikel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hilfe' })).toHaveAttribute('href', '/prod/help');
  });
});
