import { afterEach, describe, expect, it } from 'vitest';
import { type SearxngFake, startSearxngFake } from '../../test/fakes/searxng-fake.js';
import { SearchBackendError, searxngSearch } from './searxng.js';

describe('SearXNG, our own search backend', () => {
  const fakes: SearxngFake[] = [];
  const start = async (...args: Parameters<typeof startSearxngFake>) => {
    const fake = await startSearxngFake(...args);
    fakes.push(fake);
    return fake;
  };
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });

  it('asks its JSON API and lists the web results in order, each http(s) URL once', async () => {
    const fake = await start([
      { url: 'https://example.org/tides', title: 'Tides explained', content: 'The Moon pulls the oceans.' },
      { url: 'javascript:alert(1)', title: 'Not a page' },
      { url: 'https://example.org/tides', title: 'The same page again' },
      { url: 'ftp://files.example.org/tides.txt', title: 'A file server' },
      { url: 'http://news.example.com/moon?x=1', title: '', content: '' },
    ]);
    const hits = await searxngSearch(`${fake.url}/`, 'why are there tides', { language: 'de' });
    expect(hits).toEqual([
      { url: 'https://example.org/tides', title: 'Tides explained', snippet: 'The Moon pulls the oceans.' },
      { url: 'http://news.example.com/moon?x=1', title: 'news.example.com', snippet: '' },
    ]);
    const sent = fake.lastRequest('/search');
    expect(sent?.method).toBe('GET');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      q: 'why are there tides',
      format: 'json',
      categories: 'general',
      safesearch: '1',
      language: 'de',
    });
  });

  it('keeps at most maxResults', async () => {
    const fake = await start(Array.from({ length: 12 }, (_, i) => ({ url: `https://example.org/${i}`, title: `Page ${i}` })));
    expect((await searxngSearch(fake.url, 'pages', { maxResults: 3 })).map((h) => h.title)).toEqual(['Page 0', 'Page 1', 'Page 2']);
  });

  it('says why when the instance does not serve JSON, fails, or is not there', async () => {
    const htmlOnly = await start([], ['html']);
    await expect(searxngSearch(htmlOnly.url, 'tides')).rejects.toMatchObject({ reason: 'format_disabled' });

    const wrongPath = await start();
    await expect(searxngSearch(`${wrongPath.url}/not-searxng`, 'tides')).rejects.toMatchObject({ reason: 'status' });

    const closed = await start();
    const url = closed.url;
    await closed.close();
    fakes.splice(fakes.indexOf(closed), 1);
    const error = await searxngSearch(url, 'tides').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchBackendError);
    expect(error).toMatchObject({ reason: 'network' });
  });
});
