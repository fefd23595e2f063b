import { MESSAGES } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { sessionWrites } from '@/test/session-writes';
import { INITIAL_STUDIO, useStudioStore } from './studio-store';
import { addModel, balance, bodiesTo, cards, imageAnswer, openStudio } from './studio-test-kit';

const created = (id: number) => ({ json: { status: 'success', thread_id: id, reused: false } });

async function makeImage(prompt: string) {
  await userEvent.type(screen.getByLabelText('Prompt'), prompt);
  await addModel('Flux Schnell');
  await userEvent.click(screen.getByRole('button', { name: /^Run All/ }));
  await screen.findByRole('img', { name: prompt });
}

const saved: Array<{ name: string; href: string }> = [];
beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs and does not follow download links: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => useStudioStore.setState(INITIAL_STUDIO));

const routes = {
  'POST /api/credits/check_credits.php': balance(25),
  'POST /api/messages/chat.php': (init: RequestInit | undefined) => imageAnswer(init),
};

describe('image studio hand-offs', () => {
  it('downloads the finished images as generated_images.zip', async () => {
    const fetchStub = stubApi({
      routes: { ...routes, 'POST /api/images/download.php': { text: 'PK-zip-bytes' } },
    });
    await openStudio();
    await makeImage('Two cats');
    await userEvent.click(screen.getByRole('button', { name: 'Download Assets' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'generated_images.zip', href: 'blob:zip' }]));
    expect(bodiesTo(fetchStub, 'download.php')).toEqual([{ urls: ['/api/images/file/flux-img'], user_id: -1 }]);
  });

  it('says so when the download fails', async () => {
    stubApi({ routes: { ...routes, 'POST /api/images/download.php': { status: 500, json: { status: 'error', message: 'boom' } } } });
    await openStudio();
    await makeImage('Two cats');
    await userEvent.click(screen.getByRole('button', { name: 'Download Assets' }));
    expect(await screen.findByText(MESSAGES.downloadFailed)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('continues an image in a new chat: thread, saved prompt, envelope, then /thread/{id}', async () => {
    const prompt = 'A very long prompt about a castle on a hill at sunrise';
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        ...routes,
        'POST /api/threads/create_thread.php': created(31),
        'POST /api/messages/messages.php': { json: { status: 'success', message_id: 1 } },
      },
    });
    const written = sessionWrites();
    const { router } = await openStudio();
    await makeImage(prompt);
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Continue in chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/31'));
    expect(router.state.location.state).toEqual({ handoff: true });
    expect(bodiesTo(fetchStub, 'create_thread.php')).toEqual([
      { user_id: 7, title: 'Image: A very long prompt about a cas...', is_anonymous: false, force: false },
    ]);
    expect(bodiesTo(fetchStub, 'messages.php')).toEqual([
      {
        thread_id: 31,
        user_id: 7,
        content: prompt,
        sender: 'user',
        role: 'user',
        type: 'text',
        model: 'flux',
        metadata: { aspectRatio: 'square', prompt },
        image_id: 'flux-img',
      },
    ]);
    const envelope = JSON.parse(written('messageEnvelope')!);
    expect(envelope).toMatchObject({
      prompt,
      model: 'flux',
      type: 'image',
      threadId: 31,
      generatedImage: '/api/images/file/flux-img',
      metadata: { aspectRatio: 'square' },
    });
    expect(typeof envelope.timestamp).toBe('number');
  });

  it('stays in the studio with an error when the thread cannot be created', async () => {
    stubApi({ routes: { ...routes, 'POST /api/threads/create_thread.php': { status: 500, json: { status: 'error', message: 'down' } } } });
    const { router } = await openStudio();
    await makeImage('A castle');
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Continue in chat' }));
    expect(await screen.findByText(MESSAGES.continueInChatFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/image-studio');
    expect(sessionStorage.getItem('messageEnvelope')).toBeNull();
  });
});
