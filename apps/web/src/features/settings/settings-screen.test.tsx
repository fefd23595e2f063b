import { accentShades, contrast, parseHex } from '@/lib/accent-shades';
import { DEFAULT_SHORTLIST } from '@ensemble/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPreferences, usePreferences } from '@/features/preferences';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { ACTIVITY_DEBOUNCE_MS } from './hooks/use-settings-activity';

const ok = { json: { status: 'success' } };

function activities(fetchStub: ReturnType<typeof stubApi>): string[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes('activity_handler') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)))
    .map((b: { activity_type: string; description: string }) => `${b.activity_type}: ${b.description}`);
}

async function openSettings(path = '/prod/settings') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return app;
}

afterEach(() => usePreferences.setState(defaultPreferences()));

describe('settings', () => {
  it('switches the theme, keeps it, and logs the change for an account', async () => {
    const fetchStub = stubApi({ user: TEST_USER, routes: { 'POST /api/auth/activity_handler.php': ok } });
    await openSettings();
    const theme = screen.getByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'Dark' })).toBeChecked();
    await userEvent.click(within(theme).getByRole('radio', { name: 'Light' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await waitFor(() => expect(activities(fetchStub)).toEqual(['settings: Changed theme to light']));
  });

  it('applies an accent colour with its text colour and logs one entry for a burst of changes', async () => {
    const fetchStub = stubApi({ user: TEST_USER, routes: { 'POST /api/auth/activity_handler.php': ok } });
    await openSettings();
    // The burst is timed by our clock, not the machine's speed: nothing rests until the clock is moved on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = screen.getByLabelText('Accent colour');
    fireEvent.input(input, { target: { value: '#112233' } });
    fireEvent.input(input, { target: { value: '#ff5500' } });
    expect(localStorage.getItem('accentColor')).toBe('#FF5500');
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#FF5500');
    expect(screen.getByTestId('text-on-accent')).toHaveTextContent('Text on accent: #ffffff');
    fireEvent.click(screen.getByRole('button', { name: 'Accent #F5C518' }));
    // A bright accent gets its own colour 40 % darker as text.
    expect(screen.getByTestId('text-on-accent')).toHaveTextContent('Text on accent: #93760e');
    // The sample (a filled control) reads at 4.5:1: no fill is light enough for that text, so the text darkens.
    const yellow = accentShades('#F5C518', '#93760e')!;
    expect(screen.getByTestId('accent-sample')).toHaveStyle({ backgroundColor: '#f5c518', color: yellow.onFill });
    expect(contrast(parseHex(yellow.onFill)!, parseHex('#f5c518')!)).toBeGreaterThanOrEqual(4.5);
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    expect(activities(fetchStub)).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await waitFor(() => expect(activities(fetchStub)).toEqual(['settings: Changed accent colour to #F5C518']));
  });

  it('sets the font size from 12 to 20 px and the two fonts', async () => {
    stubApi();
    await openSettings();
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('min', '12');
    expect(slider).toHaveAttribute('max', '20');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveValue('16');
    fireEvent.change(slider, { target: { value: '19' } });
    expect(localStorage.getItem('fontSize')).toBe('19');
    expect(document.documentElement.style.getPropertyValue('--font-size')).toBe('19px');
    expect(screen.getByText('19 px')).toBeInTheDocument();

    const headline = screen.getByLabelText('Headline font');
    expect(
      within(headline)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Commissioner', 'DM Serif Text', 'IBM Plex Sans', 'Libre Baskerville', 'Ovo', 'Playfair Display', 'Poppins']);
    await userEvent.selectOptions(headline, 'Ovo');
    await userEvent.selectOptions(screen.getByLabelText('Body font'), 'IBM Plex Sans');
    expect(localStorage.getItem('headlineFont')).toBe('Ovo');
    expect(document.documentElement.style.getPropertyValue('--font-body')).toBe('"IBM Plex Sans"');
  });

  it('lists every model with its badges and toggles favourites', async () => {
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'POST /api/auth/activity_handler.php': ok,
        'GET /api/config/models.php': {
          json: {
            status: 'success',
            text_models: [
              {
                id: 'gpt-4o',
                name: 'GPT-4o',
                description: 'Flagship',
                provider: 'openai',
                type: 'text',
                stream: true,
                cost: 1,
                icon: '/i.svg',
                demo: true,
              },
              {
                id: 'o1-mini',
                name: 'o1-mini',
                description: 'Reasoning',
                provider: 'openai',
                type: 'text',
                stream: true,
                cost: 3,
                icon: '/i.svg',
              },
            ],
            image_models: [
              {
                id: 'flux',
                name: 'Flux Schnell',
                description: 'Fast',
                provider: 'replicate',
                type: 'image',
                stream: false,
                cost: 4,
                icon: '/i.svg',
              },
            ],
          },
        },
      },
    });
    await openSettings();
    const gpt = await screen.findByRole('switch', { name: 'Favourite GPT-4o' });
    const row = gpt.closest('li')!;
    expect(row).toHaveTextContent('Flagship');
    expect(within(row).getByText('stream')).toBeInTheDocument();
    expect(within(row).getByText('demo')).toBeInTheDocument();
    expect(within(row).getByText('1 credit')).toBeInTheDocument();
    const flux = screen.getByRole('switch', { name: 'Favourite Flux Schnell' }).closest('li')!;
    expect(within(flux).queryByText('stream')).toBeNull();
    expect(within(flux).getByText('4 credits')).toBeInTheDocument();

    expect(gpt).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(gpt);
    expect(gpt).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('switch', { name: 'Favourite o1-mini' }));
    const shortlist = JSON.parse(localStorage.getItem('modelShortlist')!);
    expect(shortlist).not.toContain('gpt-4o');
    expect(shortlist).toContain('o1-mini');
    await waitFor(() =>
      expect(activities(fetchStub)).toEqual(['settings: Removed GPT-4o from favourites', 'settings: Added o1-mini to favourites']),
    );
  });

  it("resets everything after 'Reset All', and nothing on 'Cancel'", async () => {
    stubApi();
    usePreferences.getState().setTheme('light');
    usePreferences.getState().setFontSize(20);
    usePreferences.getState().setModelShortlist(['o1-mini']);
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default Settings' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset to Default Settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(usePreferences.getState().fontSize).toBe(20);
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default Settings' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset to Default Settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset All' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const prefs = usePreferences.getState();
    expect([prefs.theme, prefs.fontSize, prefs.accentColor]).toEqual(['dark', 16, '#007AFF']);
    expect(prefs.modelShortlist).toEqual(DEFAULT_SHORTLIST);
  });

  it('logs nothing for a guest', async () => {
    const fetchStub = stubApi();
    await openSettings();
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Favourite GPT-4o' }));
    expect(activities(fetchStub)).toEqual([]);
  });

  it("scrolls to the first section heading when opened from 'All Models...'", async () => {
    stubApi();
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const { router } = await openSettings();
    expect(scrolled).toEqual([]);
    await router.navigate('/thread');
    await router.navigate('/settings', { state: { scrollToFirstHeading: true } });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(scrolled).toEqual(['Appearance']));
  });
});
