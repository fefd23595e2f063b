import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// index.html carries the app's first frame inside #root, so the browser paints it before the scripts arrive. It
// must be what React itself renders first (the session check still running), or the page would change under the
// visitor when React takes over.
const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
const staticFrame = (() => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.getElementById('root')?.innerHTML ?? '';
})();

describe("index.html's first frame", () => {
  it.each(['/prod', '/prod/thread', '/prod/settings'])('is what React renders first at %s', (where) => {
    const answer = stubApi();
    // The session check has not answered yet.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('check_session') ? new Promise(() => {}) : answer(input, init),
    );
    const { container } = renderApp(where);
    expect(staticFrame).toContain('Loading...');
    expect(container.innerHTML).toBe(staticFrame);
  });
});
