import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeAnswer } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

/** A chat.php answer carrying a stored image for the model in the request. */
export function imageAnswer(init: RequestInit | undefined, remaining = 20): FakeAnswer {
  const { model } = JSON.parse(String(init?.body)) as { model: string };
  const url = `/api/images/file/${model}-img`;
  return {
    json: {
      status: 'success',
      data: { content: url, type: 'image', status: 'success', credits_remaining: remaining, credits_used: 5 },
      credits_remaining: remaining,
      image: { url },
      url,
    },
  };
}

/** check_credits.php with a balance. */
export const balance = (remaining: number): FakeAnswer => ({
  json: {
    status: 'success',
    plan: 'guest',
    credits_info: { remaining, credits_used: 25 - remaining, status: remaining > 0 ? 'active' : 'credits_exhausted' },
  },
});

/** Opens the studio and waits for it. */
export async function openStudio() {
  const app = renderApp('/prod/image-studio');
  await screen.findByRole('heading', { level: 1, name: 'Image Studio' });
  return app;
}

/** Queues one model through 'Add Model'. */
export async function addModel(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add Model' }));
  await userEvent.click(within(await screen.findByTestId('add-model-menu')).getByText(name));
}

/** The job cards on screen. */
export const cards = () => within(screen.getByRole('region', { name: 'Generated images' })).queryAllByRole('article');

/** The bodies sent to a path, parsed. */
export function bodiesTo(fetchStub: { mock: { calls: unknown[][] } }, path: string): any[] {
  return fetchStub.mock.calls
    .filter(([input]) => String(input).includes(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body)));
}
