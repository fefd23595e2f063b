import { MESSAGES } from '@ensemble/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from '@/components/ui/error-banner';
import { creditsAnswer, streamStart, threadCreated } from '@/features/chat/chat-test-utils';
import { usePreferences } from '@/features/preferences';
import { apiPost } from '@/lib/api-client';
import { stubApi, TEST_USER } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { i18n } from './index';
import { startLanguage } from './languages';

const browserSpeaks = (...languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
const html = () => ({ lang: document.documentElement.lang, dir: document.documentElement.dir });
const postsTo = (fetchStub: ReturnType<typeof stubApi>, path: string) =>
  fetchStub.mock.calls
    .filter(([url, init]) => String(url).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the app’s language', () => {
  it('follows the browser from the first render, in its own catalogue, and says so in <html lang>', async () => {
    browserSpeaks('de-AT', 'en-GB');
    stubApi();
    const starting = startLanguage();
    expect(starting).not.toBeNull();
    await starting;
    renderApp('/prod/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Darstellung' })).toBeInTheDocument();
    expect(html()).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it('stays English, loading nothing, for a browser that speaks none of the eight', () => {
    browserSpeaks('nl-NL', 'sv');
    expect(startLanguage()).toBeNull();
    expect(i18n.locale).toBe('en');
    expect(html()).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('switches in place when a guest picks one in Settings: right to left for Arabic, kept in this browser, and back to the browser’s', async () => {
    browserSpeaks('ja-JP');
    const fetchStub = stubApi();
    await startLanguage();
    const { router } = renderApp('/prod/settings');
    const menu = await screen.findByRole('combobox', { name: '表示言語' });
    expect(menu).toHaveDisplayValue('ブラウザと同じ（日本語）');

    await userEvent.selectOptions(menu, 'العربية');
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
    expect(html()).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(localStorage.getItem('language')).toBe('ar');
    // No reload, no navigation; the menu keeps the focus for the next choice.
    expect(router.state.location.pathname).toBe('/prod/settings');
    await waitFor(() => expect(document.activeElement?.id).toBe('language'));
    // A guest's choice stays in the browser.
    expect(postsTo(fetchStub, '/api/user/language.php')).toEqual([]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'لغة العرض' }), '');
    expect(await screen.findByRole('heading', { level: 1, name: '設定' })).toBeInTheDocument();
    expect(html()).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('keeps an account’s choice on the server, and applies the account’s language on sign-in on another device', async () => {
    browserSpeaks('en-US');
    const fetchStub = stubApi({
      user: { ...TEST_USER, language: 'fr' },
      routes: { 'POST /api/user/language.php': (init) => ({ json: { status: 'success', ...JSON.parse(String(init?.body)) } }) },
    });
    expect(startLanguage()).toBeNull();
    renderApp('/prod/settings');
    // This browser speaks English, the account French.
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('fr');

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Langue d’affichage' }), 'Deutsch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    await waitFor(() => expect(postsTo(fetchStub, '/api/user/language.php')).toEqual([{ language: 'de' }]));
    // The next calls tell the server the language, for the mails it writes.
    const last = fetchStub.mock.calls.at(-1)?.[1]?.headers as Record<string, string>;
    expect(last['Accept-Language']).toBe('de');
  });
});

describe('the spec’s messages', () => {
  it('show in the reader’s language: the server’s by their code and values, the app’s own by their text', async () => {
    browserSpeaks('de-DE');
    stubApi({
      routes: {
        'POST /api/messages/chat.php': {
          status: 400,
          json: {
            status: 'error',
            code: 'bad_request',
            message: 'GPT-4o is no longer offered by OpenAI. Please choose another model.',
            message_code: 'modelNoLongerOffered',
            params: { name: 'GPT-4o', provider: 'OpenAI' },
          },
        },
      },
    });
    await startLanguage();
    const refused = await apiPost('/api/messages/chat.php', {}).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    const english = (refused as Error).message;
    expect(english).toBe('GPT-4o is no longer offered by OpenAI. Please choose another model.');
    render(<ErrorBanner message={english} />);
    const german = screen.getByRole('alert').textContent ?? '';
    expect(german).toContain('GPT-4o');
    expect(german).toContain('OpenAI');
    expect(german).not.toContain('no longer offered');
    expect(german).toBe(i18n._('server.modelNoLongerOffered', { name: 'GPT-4o', provider: 'OpenAI' }));

    cleanup();
    render(<ErrorBanner message={MESSAGES.connectionError} />);
    expect(screen.getByRole('alert').textContent).toBe(i18n._('server.connectionError'));
    expect(screen.getByRole('alert').textContent).not.toBe(MESSAGES.connectionError);

    // A text that is not one of them stays as it is.
    cleanup();
    render(<ErrorBanner message="Quota of the upstream proxy exceeded" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Quota of the upstream proxy exceeded');
  });

  it('a reply’s stream error is shown in the reader’s language, its values placed', async () => {
    usePreferences.getState().resetPreferences();
    browserSpeaks('de-DE');
    const text = 'Request timed out after 60 seconds';
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': threadCreated(8),
        'POST /api/messages/chat.php': { json: streamStart({ credits: 24, threadId: 8 }) },
        'GET /api/messages/chat.php': {
          text: `id: 1\ndata: ${JSON.stringify({ error: text, message_code: 'timedOut', params: { seconds: 60 } })}\n\ndata: [DONE]\n\n`,
        },
      },
    });
    await startLanguage();
    renderApp('/prod/thread');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Erkläre die Gezeiten{Enter}');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Zeitüberschreitung: Die Anfrage wurde nach 60 Sekunden abgebrochen'));
    expect(alert).not.toHaveTextContent(text);
  });
});
