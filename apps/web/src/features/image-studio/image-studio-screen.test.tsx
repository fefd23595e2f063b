import { MESSAGES } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPreferences, usePreferences } from '@/features/preferences';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { INITIAL_STUDIO, useStudioStore } from './studio-store';
import { addModel, balance, bodiesTo, cards, imageAnswer, openStudio } from './studio-test-kit';

afterEach(() => {
  useStudioStore.setState(INITIAL_STUDIO);
  usePreferences.setState(defaultPreferences());
});

const typePrompt = (text: string) => userEvent.type(screen.getByLabelText('Prompt'), text);
const runAll = () => userEvent.click(screen.getByRole('button', { name: /^Run All/ }));

describe('image studio', () => {
  it("starts empty with 'No images yet' and nothing to download", async () => {
    stubApi();
    await openStudio();
    expect(screen.getByRole('heading', { name: 'No images yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Assets' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Square 1:1' })).toBeChecked();
  });

  it('refuses to run without a prompt, without models, and without pending jobs', async () => {
    stubApi({ routes: { 'POST /api/credits/check_credits.php': balance(25), 'POST /api/messages/chat.php': (init) => imageAnswer(init) } });
    await openStudio();
    await runAll();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioEnterPrompt);
    await typePrompt('A red fox in snow');
    await runAll();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioAddModel);
    await addModel('Flux Schnell');
    await runAll();
    await screen.findByRole('img', { name: 'A red fox in snow' });
    await runAll();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioNoPending);
  });

  it('runs the pending jobs through chat.php and shows each image with its stats', async () => {
    const credits = vi.fn();
    window.addEventListener('creditUpdate', (e) => credits((e as CustomEvent).detail));
    const fetchStub = stubApi({
      routes: { 'POST /api/credits/check_credits.php': balance(25), 'POST /api/messages/chat.php': (init) => imageAnswer(init, 17) },
    });
    await openStudio();
    await typePrompt('A lighthouse at dusk');
    await userEvent.click(screen.getByRole('radio', { name: 'Wide 16:9' }));
    await addModel('Flux Schnell');
    await addModel('DALL-E 3 → GPT Image 2.6 Flare');
    expect(cards()).toHaveLength(2);
    expect(cards()[0]).toHaveTextContent('Generation pending...');
    await runAll();
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'A lighthouse at dusk' })).toHaveLength(2));
    expect(bodiesTo(fetchStub, 'check_credits.php')).toContainEqual({ required_credits: 0 });
    const sent = bodiesTo(fetchStub, 'chat.php');
    expect(sent.map((b) => b.model)).toEqual(['flux', 'dall-e-3']);
    expect(sent[0]).toMatchObject({
      is_comparison: true,
      user_id: -1,
      messages: [{ content: 'A lighthouse at dusk', role: 'user', metadata: { aspectRatio: 'wide', prompt: 'A lighthouse at dusk' } }],
    });
    expect(sent[0].thread_id).toBeUndefined();
    expect(within(cards()[0]!).getByTestId('completion-stats')).toHaveTextContent(/^\d+\.\ds · 4 credits$/);
    expect(within(cards()[1]!).getByTestId('completion-stats')).toHaveTextContent('3 credits');
    expect(screen.getByRole('button', { name: 'Download Assets' })).toBeEnabled();
    expect(credits).toHaveBeenCalledWith({ credits: 17 });
  });

  it('shows the note and the fallback cost when another model drew the image', async () => {
    const note = 'Answered by DALL-E 3 → GPT Image 2.6 Flare because GPT Image 1 → GPT Image 2.6 Sunburst was unavailable';
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': balance(25),
        'POST /api/messages/chat.php': (init) => {
          const answer = imageAnswer(init, 22) as { json: { data: Record<string, unknown> } };
          answer.json.data.metadata = { answered_by: 'dall-e-3', fallback_note: note };
          return answer;
        },
      },
    });
    await openStudio();
    await typePrompt('A lighthouse at dusk');
    await addModel('GPT Image 1 → GPT Image 2.6 Sunburst');
    await runAll();
    const card = cards()[0]!;
    await within(card).findByTestId('fallback-note');
    expect(within(card).getByTestId('fallback-note')).toHaveTextContent(note);
    expect(within(card).getByTestId('completion-stats')).toHaveTextContent(/ · 3 credits$/);
  });

  it("limits the queue to 18: 'Add All' twice and a 19th model are refused", async () => {
    stubApi();
    await openStudio();
    await userEvent.click(screen.getByRole('button', { name: 'Add All' }));
    expect(cards()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Add All' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioAddAllTooMany);
    expect(cards()).toHaveLength(10);
    for (let i = 0; i < 8; i++) await addModel('Stable Diffusion XL');
    expect(cards()).toHaveLength(18);
    await addModel('Stable Diffusion XL');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioMaxModels);
    expect(cards()).toHaveLength(18);
    // Clear All asks first; Cancel keeps the queue.
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear All' });
    expect(dialog).toHaveTextContent('Remove all 18 jobs from the studio?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(cards()).toHaveLength(18);
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear All' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('heading', { name: 'No images yet' })).toBeInTheDocument();
  }, 20_000);

  it('lets a pending job change model and be removed; a finished one keeps its model', async () => {
    const fetchStub = stubApi({
      routes: { 'POST /api/credits/check_credits.php': balance(25), 'POST /api/messages/chat.php': (init) => imageAnswer(init) },
    });
    await openStudio();
    await addModel('Flux Schnell');
    await addModel('Flux Pro → FLUX.2 Pro');
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: /Change model/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Ideogram 2a Turbo/ }));
    expect(cards()[0]).toHaveAccessibleName('Ideogram 2a Turbo → Ideogram 3.0 Turbo');
    await userEvent.click(within(cards()[1]!).getByRole('button', { name: 'Remove Flux Pro → FLUX.2 Pro' }));
    expect(cards()).toHaveLength(1);
    await typePrompt('Neon city');
    await runAll();
    await screen.findByRole('img', { name: 'Neon city' });
    expect(bodiesTo(fetchStub, 'chat.php').map((b) => b.model)).toEqual(['V_2A_TURBO']);
    expect(within(cards()[0]!).queryByRole('button', { name: /Change model/ })).toBeNull();
  });

  it('refuses a job whose model is no longer offered, and says so when there are no models', async () => {
    stubApi({
      routes: { 'GET /api/config/models.php': { json: { status: 'success', text_models: [], image_models: [] } } },
    });
    const { queryClient } = await openStudio();
    await waitFor(() => expect(queryClient.getQueryState(['models'])?.status).toBe('success'));
    await userEvent.click(screen.getByRole('button', { name: 'Add All' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioNoModels));
    useStudioStore.setState({
      prompt: 'Anything',
      jobs: [{ id: 'j1', model: 'retired-model', status: 'pending', prompt: '', metadata: { aspectRatio: 'square' } }],
    });
    await runAll();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.studioModelUnavailable);
  });

  it('shows a failed job with Retry, and Retry runs it again', async () => {
    let attempts = 0;
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': balance(25),
        'POST /api/messages/chat.php': (init) => {
          attempts += 1;
          return attempts === 1 ? { status: 502, json: { status: 'error', message: 'The image provider failed' } } : imageAnswer(init);
        },
      },
    });
    await openStudio();
    await typePrompt('Mountains');
    await addModel('Flux Schnell');
    await runAll();
    const failed = await within(cards()[0]!).findByRole('alert');
    expect(failed).toHaveTextContent('The image provider failed');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('img', { name: 'Mountains' });
    expect(attempts).toBe(2);
  });

  it('offers no retry on exhausted credits, only the link (sign-up for guests)', async () => {
    stubApi({
      routes: {
        // The pre-check passed; the credits went elsewhere (another tab) before the job ran.
        'POST /api/credits/check_credits.php': balance(10),
        'POST /api/messages/chat.php': {
          status: 402,
          json: {
            status: 'credits_exhausted',
            message: MESSAGES.insufficientGuestCredits(4, 3),
            credits_info: { remaining: 3, credits_used: 22, status: 'credits_exhausted' },
          },
        },
      },
    });
    await openStudio();
    await typePrompt('Mountains');
    await addModel('Flux Schnell');
    await runAll();
    const failed = await within(cards()[0]!).findByRole('alert');
    expect(failed).toHaveTextContent(MESSAGES.insufficientGuestCredits(4, 3));
    expect(within(failed).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(failed).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
  });

  it('does not start a run with 0 credits and points an account to the upgrade page', async () => {
    const fetchStub = stubApi({ user: TEST_USER, routes: { 'POST /api/credits/check_credits.php': balance(0) } });
    await openStudio();
    await typePrompt('Mountains');
    await addModel('Flux Schnell');
    await runAll();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(MESSAGES.creditsExhaustedUser);
    expect(within(banner).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/upgrade');
    expect(bodiesTo(fetchStub, 'chat.php')).toEqual([]);
    expect(cards()[0]).toHaveTextContent('Generation pending...');
  });

  it('blocks a second run while one is active', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetchStub = stubApi({
      routes: { 'POST /api/credits/check_credits.php': balance(25), 'POST /api/messages/chat.php': (init) => imageAnswer(init) },
    });
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).includes('chat.php')) await gate;
      return original(input, init);
    });
    await openStudio();
    await typePrompt('Slow');
    await addModel('Flux Schnell');
    await runAll();
    await within(cards()[0]!).findByText(/Generating\.\.\./);
    expect(screen.getByRole('button', { name: /^Run All/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    release();
    await screen.findByRole('img', { name: 'Slow' });
    expect(screen.getByRole('button', { name: /^Run All/ })).toBeEnabled();
  });

  it('names the total before Run All, warns past the balance and refuses a run the balance cannot cover', async () => {
    const fetchStub = stubApi({
      routes: { 'POST /api/credits/check_credits.php': balance(5), 'POST /api/messages/chat.php': (init) => imageAnswer(init) },
    });
    await openStudio();
    await typePrompt('A fox');
    await addModel('Flux Pro → FLUX.2 Pro');
    await addModel('Flux Pro → FLUX.2 Pro');
    const run = screen.getByRole('button', { name: /^Run All/ });
    expect(run).toHaveTextContent('Run All: 8 credits');
    expect(await screen.findByTestId('studio-run-warning')).toHaveTextContent('Run All needs 8 credits, but you have 5 credits.');
    await runAll();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient anonymous credits. Running these models requires 8 credit(s), but you only have 5 remaining.',
    );
    expect(bodiesTo(fetchStub, '/api/messages/chat.php')).toHaveLength(0);
  });
});
