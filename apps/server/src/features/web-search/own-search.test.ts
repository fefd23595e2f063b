import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearxngFake, startSearxngFake } from '../../test/fakes/searxng-fake.js';
import { parseAllowedCidrs } from '../outbound/address-policy.js';
import { searchQuery, searchResultsPrompt, searchWithSearxng } from './own-search.js';

/** A web page server on one loopback address, counting what it is asked. */
async function pageServer(host: string, html: string) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}`, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('our own search (SearXNG, then the pages)', () => {
  let searxng: SearxngFake;
  let allowed: Awaited<ReturnType<typeof pageServer>>;
  let privatePage: Awaited<ReturnType<typeof pageServer>>;
  beforeAll(async () => {
    allowed = await pageServer(
      '127.0.0.1',
      '<html><head><title>Tides</title><script>steal()</script></head><body><nav>Menu</nav><p>The Moon pulls the oceans toward it.</p></body></html>',
    );
    privatePage = await pageServer('127.0.0.2', '<html><body><p>Internal wiki: the admin password is hunter2</p></body></html>');
    searxng = await startSearxngFake([
      { url: `${allowed.url}/tides`, title: 'Tides explained', content: 'Snippet about tides' },
      { url: 'http://169.254.169.254/latest/meta-data/', title: 'Metadata', content: 'A snippet the metadata result came with' },
      { url: `${privatePage.url}/wiki`, title: 'Wiki', content: '' },
    ]);
  });
  afterAll(async () => {
    await Promise.all([searxng?.close(), allowed?.close(), privatePage?.close()]);
  });

  it('reads the pages it may reach, never a private, loopback or link-local one, and numbers what it found', async () => {
    const { query, sources } = await searchWithSearxng(
      { searxngUrl: searxng.url, outbound: { allowedCidrs: parseAllowedCidrs('127.0.0.1/32') } },
      { prompt: '  Why are there\n tides? ', threadTitle: 'New Thread' },
    );
    expect(query).toBe('Why are there tides?');
    expect(sources).toEqual([
      { url: `${allowed.url}/tides`, title: 'Tides explained', text: expect.stringContaining('The Moon pulls the oceans toward it.') },
      // Not fetched: the snippet SearXNG gave stands in for the page.
      { url: 'http://169.254.169.254/latest/meta-data/', title: 'Metadata', text: 'A snippet the metadata result came with' },
    ]);
    expect(sources[0]?.text).not.toMatch(/steal|Menu/);
    expect(allowed.hits).toEqual(['/tides']);
    // 127.0.0.2 is not in OUTBOUND_ALLOWED_CIDRS: never asked, and with no snippet the result is dropped.
    expect(privatePage.hits).toEqual([]);
  });

  it('without an allowance, reaches no loopback page at all', async () => {
    const before = allowed.hits.length;
    const { sources } = await searchWithSearxng(
      { searxngUrl: searxng.url, outbound: { allowedCidrs: parseAllowedCidrs('') } },
      { prompt: 'tides' },
    );
    expect(sources.map((s) => s.text)).toEqual(['Snippet about tides', 'A snippet the metadata result came with']);
    expect(allowed.hits.length).toBe(before);
  });

  it('searches the prompt trimmed to 200 characters, a short follow-up with the thread title as context', () => {
    expect(searchQuery('x'.repeat(300))).toBe('x'.repeat(200));
    expect(searchQuery('and in Spain?', 'Minimum wage in Europe')).toBe('and in Spain? Minimum wage in Europe');
    expect(searchQuery('minimum wage in europe today', 'Minimum wage in Europe')).toBe('minimum wage in europe today');
    expect(searchQuery('and in Spain?', 'New Thread')).toBe('and in Spain?');
  });

  it('gives the model the numbered results and asks for [n] citations', () => {
    const prompt = searchResultsPrompt(
      'tides',
      [{ url: 'https://example.org/t', title: 'Tides', text: 'The Moon.' }],
      new Date('2026-11-28T10:00:00Z'),
    );
    expect(prompt).toContain('searched on 2026-11-28 for "tides"');
    expect(prompt).toContain('[1] Tides\nURL: https://example.org/t\nThe Moon.');
    expect(prompt).toContain('cite it as [n]');
    expect(searchResultsPrompt('tides', [], new Date('2026-11-28T10:00:00Z'))).toContain('found nothing usable');
  });
});
