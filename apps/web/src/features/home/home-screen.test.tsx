import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { usePreferences, defaultPreferences } from '@/features/preferences';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { sessionWrites } from '@/test/session-writes';

const created = (id: number) => ({ json: { status: 'success', thread_id: id, reused: false } });

function bodyOf(fetchStub: ReturnType<typeof stubApi>, path: string) {
  const call = fetchStub.mock.calls.find(([input]) => String(input).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

async function openHome() {
  const app = renderApp('/prod');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Every Possibility' });
  return app;
}

afterEach(() => usePreferences.setState(defaultPreferences()));

describe('home', () => {
  it('creates a thread titled from the prompt and hands the prompt to /thread/{id}', async () => {
    const fetchStub = stubApi({ routes: { 'POST /api/threads/create_thread.php': created(42) } });
    const written = sessionWrites();
    const { router } = await openHome();
    const prompt = 'Explain the theory of relativity in simple words';
    await userEvent.type(screen.getByLabelText('Prompt'), `  ${prompt}  {Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/42'));
    expect(router.state.location.state).toEqual({ handoff: true });
    expect(bodyOf(fetchStub, 'create_thread.php')).toMatchObject({
      title: 'Explain the theory of relativi...',
      user_id: -1,
      is_anonymous: true,
    });
    expect(written('pendingPrompt')).toBe(prompt);
    expect(written('pendingModel')).toBe('gpt-4o');
    expect(written('pendingThreadId')).toBe('42');
    expect(sessionStorage.getItem('anonymousThreadId')).toBe('42');
  });

  it('sends the account id and no anonymous thread for a signed-in user', async () => {
    const fetchStub = stubApi({ user: TEST_USER, routes: { 'POST /api/threads/create_thread.php': created(9) } });
    const written = sessionWrites();
    const { router } = await openHome();
    await userEvent.type(screen.getByLabelText('Prompt'), 'Short one');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/9'));
    expect(bodyOf(fetchStub, 'create_thread.php')).toMatchObject({ title: 'Short one', user_id: 7, is_anonymous: false });
    // Thread 9 is the account's, never kept as a guest's. (The test before may still finish writing its own
    // guest thread, 42, while this one runs: its chat opened the thread as the page was taken down.)
    expect(written('anonymousThreadId')).not.toBe('9');
  });

  it('ignores a blank prompt and a second submit while the first is running', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const fetchStub = stubApi({
      routes: {
        'POST /api/threads/create_thread.php': () => {
          calls += 1;
          return created(5);
        },
      },
    });
    // Hold the thread creation until both submits have been tried.
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).includes('create_thread')) await gate;
      return original(input, init);
    });
    const { router } = await openHome();
    const box = screen.getByLabelText('Prompt');
    await userEvent.type(box, '    {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Hello{Enter}{Enter}');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/5'));
    expect(calls).toBe(1);
  });

  it('offers at most 5 shortlisted models per type and switches to image mode with the shape', async () => {
    stubApi({ routes: { 'POST /api/threads/create_thread.php': created(3) } });
    const written = sessionWrites();
    usePreferences
      .getState()
      .setModelShortlist(['gpt-4o', 'o1-mini', 'o3-mini', 'gemini-1.5-pro', 'grok-2-latest', 'deepseek-chat', 'flux', 'sdxl']);
    const { router } = await openHome();
    await userEvent.click(screen.getByTestId('home-model'));
    const menu = await screen.findByTestId('home-model-menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
    expect(menu).not.toHaveTextContent('DeepSeek');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('home-model-menu')).toBeNull());

    await userEvent.click(screen.getByRole('radio', { name: 'Image' }));
    expect(screen.getByTestId('home-model')).toHaveTextContent('Flux Schnell');
    await userEvent.click(screen.getByRole('radio', { name: 'Tall 9:16' }));
    expect(usePreferences.getState().aspectRatio).toBe('tall');
    await userEvent.click(screen.getByTestId('home-model'));
    await userEvent.click(within(await screen.findByTestId('home-model-menu')).getByText('Stable Diffusion XL'));
    await waitFor(() => expect(screen.getByTestId('home-model')).toHaveTextContent('Stable Diffusion XL'));
    await userEvent.type(screen.getByLabelText('Prompt'), 'A lighthouse at dusk{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/3'));
    expect(written('pendingModel')).toBe('sdxl');
    expect(usePreferences.getState().messageType).toBe('image');
  });

  it('shows an error and stays when the thread cannot be created', async () => {
    stubApi({ routes: { 'POST /api/threads/create_thread.php': { status: 500, json: { status: 'error', message: 'boom' } } } });
    const { router } = await openHome();
    await userEvent.type(screen.getByLabelText('Prompt'), 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create thread and send message');
    expect(router.state.location.pathname).toBe('/prod');
    expect(sessionStorage.getItem('pendingPrompt')).toBeNull();
  });

  it('shows the promo tiles, features, calls to action and the footer', async () => {
    stubApi();
    await openHome();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /Compare Models/ })).toHaveAttribute('href', '/prod/compare');
    expect(main.getByRole('link', { name: /Image Studio/ })).toHaveAttribute('href', '/prod/image-studio');
    for (const title of ['Multi-Model Intelligence', 'Always Up-to-Date', 'Access Anywhere', 'Privacy Enhanced']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/prod/signup');
    const footer = screen.getByRole('navigation', { name: 'Legal' }).closest('footer')!;
    expect(footer).toHaveTextContent('© 2024 Ensemble');
    await userEvent.click(within(footer).getByRole('link', { name: 'Terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    await waitFor(() => expect(dialog).toHaveTextContent('30 days notice'));
    // The page stays underneath the dialog (hidden from assistive tech while it is open).
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Every Possibility', hidden: true })).toBeInTheDocument();
  });

  it("sends a guest's See Plans to the sign-in dialog, remembering the plans; an account's straight to them", async () => {
    stubApi();
    await openHome();
    const plans = screen.getByRole('link', { name: 'See Plans' });
    expect(plans).toHaveAttribute('href', '/prod/login');
    await userEvent.click(plans);
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(sessionStorage.getItem('authReturnTo')).toBe('/subscription');
    sessionStorage.removeItem('authReturnTo');
  });
});
