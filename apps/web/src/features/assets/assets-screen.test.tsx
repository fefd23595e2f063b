import { MESSAGES, type UserImage } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

function image(n: number): UserImage {
  return {
    id: `img${n}`,
    image_url: `/api/images/file/img${n}`,
    url: `/api/images/file/img${n}`,
    prompt: `Prompt number ${n}`,
    model: 'flux',
    aspect_ratio: 'square',
    width: 1024,
    height: n % 2 ? 1792 : 1024,
    created_at: '2025-03-05T12:00:00.000Z',
    chat_count: 0,
  };
}

/** A gallery of `total` images answering get_user_images.php by page, honouring deletions. */
function gallery(total: number, options: { failDelete?: boolean; holdDelete?: Promise<void> } = {}) {
  let images = Array.from({ length: total }, (_, i) => image(i + 1));
  const list = (init: RequestInit | undefined): FakeAnswer => {
    const { page, limit } = JSON.parse(String(init?.body)) as { page: number; limit: number };
    const slice = images.slice((page - 1) * limit, page * limit);
    return { json: { status: 'success', images: slice, has_more: page * limit < images.length } };
  };
  const remove = (init: RequestInit | undefined): FakeAnswer => {
    if (options.failDelete) return { status: 500, json: { status: 'error', message: 'boom' } };
    const { image_id } = JSON.parse(String(init?.body)) as { image_id: string };
    images = images.filter((img) => img.id !== image_id);
    return { json: { status: 'success' } };
  };
  return { 'POST /api/images/get_user_images.php': list, 'POST /api/images/delete_image.php': remove };
}

async function openAssets() {
  const app = renderApp('/prod/my-assets');
  await screen.findByRole('heading', { level: 1, name: 'My Assets' });
  return app;
}

const articles = () => within(screen.getByRole('region', { name: 'Assets' })).getAllByRole('article');

let width = 1280;
beforeEach(() => {
  width = 1280;
  // The masonry follows min-width media queries; answer them from a chosen viewport width.
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener() {}, removeEventListener() {} };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('my assets', () => {
  it('shows cards with image, prompt and date in 3 masonry columns, and loads 20 more', async () => {
    const fetchStub = stubApi({ user: TEST_USER, routes: gallery(25) });
    await openAssets();
    await waitFor(() => expect(articles()).toHaveLength(20));
    expect(screen.getAllByTestId('masonry-column')).toHaveLength(3);
    const first = screen.getByRole('article', { name: 'Prompt number 1' });
    expect(within(first).getByRole('img', { name: 'Prompt number 1' })).toHaveAttribute('src', '/api/images/file/img1');
    expect(within(first).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-05T12:00:00.000Z');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    const pages = fetchStub.mock.calls.filter(([u]) => String(u).includes('get_user_images')).map(([, i]) => JSON.parse(String(i?.body)));
    expect(pages).toEqual([
      { page: 1, limit: 20, user_id: 7 },
      { page: 2, limit: 20, user_id: 7 },
    ]);
  });

  it('uses 2 columns from 501 to 700 px and 1 at 500 px', async () => {
    width = 600;
    stubApi({ user: TEST_USER, routes: gallery(4) });
    const { unmount } = await openAssets();
    await waitFor(() => expect(screen.getAllByTestId('masonry-column')).toHaveLength(2));
    unmount();
    width = 500;
    await openAssets();
    await waitFor(() => expect(screen.getAllByTestId('masonry-column')).toHaveLength(1));
  });

  it('switches to the list layout', async () => {
    stubApi({ user: TEST_USER, routes: gallery(3) });
    await openAssets();
    await waitFor(() => expect(articles()).toHaveLength(3));
    await userEvent.click(screen.getByRole('radio', { name: 'List view' }));
    expect(screen.queryAllByTestId('masonry-column')).toHaveLength(0);
    expect(articles()).toHaveLength(3);
    expect(articles()[0]).toHaveTextContent('Flux Schnell');
  });

  it("shows 'No assets yet' for an empty gallery and an error box when the list fails", async () => {
    stubApi({ user: TEST_USER, routes: gallery(0) });
    const { unmount } = await openAssets();
    expect(await screen.findByRole('heading', { name: 'No assets yet' })).toBeInTheDocument();
    unmount();
    stubApi({
      user: TEST_USER,
      routes: { 'POST /api/images/get_user_images.php': { status: 500, json: { status: 'error', message: 'db down' } } },
    });
    await openAssets();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(MESSAGES.fetchAssetsFailed);
  });

  it('deletes an image after confirmation, marking it while the call runs', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const fetchStub = stubApi({ user: TEST_USER, routes: gallery(3) });
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).includes('delete_image')) await hold;
      return original(input, init);
    });
    await openAssets();
    const card = await screen.findByRole('article', { name: 'Prompt number 2' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Image' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this image?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(articles()).toHaveLength(3);

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Image' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(card).toHaveAttribute('aria-busy', 'true'));
    expect(within(card).getByRole('status')).toHaveTextContent('Deleting...');
    release();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Prompt number 2' })).toBeNull());
    expect(articles()).toHaveLength(2);
    const sent = fetchStub.mock.calls.filter(([u]) => String(u).includes('delete_image')).map(([, i]) => JSON.parse(String(i?.body)));
    expect(sent).toEqual([{ image_id: 'img2', user_id: 7 }]);
  });

  it("keeps the card and says 'Failed to delete image' when the deletion fails", async () => {
    stubApi({ user: TEST_USER, routes: gallery(2, { failDelete: true }) });
    await openAssets();
    const card = await screen.findByRole('article', { name: 'Prompt number 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Image' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.deleteImageFailed);
    expect(articles()).toHaveLength(2);
    expect(card).not.toHaveAttribute('aria-busy');
  });

  it("copies the absolute URL and shows 'Copied' for 2 seconds", async () => {
    stubApi({ user: TEST_USER, routes: gallery(1) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await openAssets();
    const card = await screen.findByRole('article', { name: 'Prompt number 1' });
    expect(within(card).getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
    await user.click(within(card).getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/images/file/img1`);
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument(), { timeout: 3000 });
  });
});
