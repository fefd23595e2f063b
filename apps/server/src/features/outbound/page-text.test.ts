import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedCidrs } from './address-policy.js';
import { OutboundRefused, type OutboundRefusalReason } from './guarded-fetch.js';
import { readPageText } from './page-text.js';

const ARTICLE = `<!doctype html>
<html>
<head>
  <title>  Tom &amp; Jerry:
    a history </title>
  <style>body { color: red; }</style>
  <script>var tracking = "do not read me";</script>
</head>
<body>
  <nav><a href="/">Home</a> | <a href="/about">About</a></nav>
  <h1>The   chase</h1>
  <p>A cat   chases
     a <a href="https://example.com/mouse">mouse</a>.</p>
  <img src="/cat.png" alt="a cat">
  <p>It never catches&nbsp;him.</p>
  <script>document.write("nor me")</script>
  <footer>Copyright and cookie banner</footer>
</body>
</html>`;

const PAGES: Record<string, [string, Buffer | string, Record<string, string>?]> = {
  '/article': ['text/html; charset=utf-8', ARTICLE],
  '/article.gz': ['text/html', gzipSync(ARTICLE), { 'Content-Encoding': 'gzip' }],
  '/latin1': ['text/html; charset=iso-8859-1', Buffer.from('<title>Caf\xe9</title><p>cr\xe8me br\xfbl\xe9e</p>', 'latin1')],
  '/meta-charset': ['text/html', Buffer.from('<meta charset="windows-1252"><p>\x93quoted\x94</p>', 'latin1')],
  '/notes.txt': ['text/plain; charset=utf-8', 'line one\n\n   indented  line two\n'],
  '/long.txt': ['text/plain', `${'é'.repeat(50)}😀`],
  '/picture.png': ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  '/untyped': ['', 'mystery'],
};

describe('readPageText', () => {
  let server: Server;
  let base: string;
  const allowed = { allowedCidrs: parseAllowedCidrs('127.0.0.2/32') };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const page = PAGES[req.url ?? ''];
      if (!page) return res.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>not found</p>');
      const [type, body, headers] = page;
      res.writeHead(200, { ...(type ? { 'Content-Type': type } : {}), ...headers }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const refusedWith = async (path: string): Promise<OutboundRefusalReason> => {
    try {
      await readPageText(`${base}${path}`, allowed);
    } catch (error) {
      expect(error).toBeInstanceOf(OutboundRefused);
      return (error as OutboundRefused).reason;
    }
    throw new Error(`${path} was read`);
  };

  it('returns the title and only the readable text: no script, style, navigation, footer, image or link address', async () => {
    expect(await readPageText(`${base}/article`, allowed)).toEqual({
      url: `${base}/article`,
      title: 'Tom & Jerry: a history',
      text: 'The chase\nA cat chases a mouse.\nIt never catches him.',
    });
  });

  it('decodes a gzip-encoded page', async () => {
    const page = await readPageText(`${base}/article.gz`, allowed);
    expect(page.title).toBe('Tom & Jerry: a history');
    expect(page.text).toBe('The chase\nA cat chases a mouse.\nIt never catches him.');
  });

  it('reads the charset from Content-Type, or from a <meta> in the page', async () => {
    expect(await readPageText(`${base}/latin1`, allowed)).toMatchObject({ title: 'Café', text: 'crème brûlée' });
    expect((await readPageText(`${base}/meta-charset`, allowed)).text).toBe('\u201cquoted\u201d');
  });

  it('returns plain text as it is, and bounds the text at maxChars without splitting a character', async () => {
    expect(await readPageText(`${base}/notes.txt`, allowed)).toEqual({
      url: `${base}/notes.txt`,
      title: '',
      text: 'line one\n\n   indented  line two\n',
    });
    expect((await readPageText(`${base}/long.txt`, { ...allowed, maxChars: 51 })).text).toBe('é'.repeat(50));
    expect((await readPageText(`${base}/long.txt`, { ...allowed, maxChars: 52 })).text).toBe(`${'é'.repeat(50)}😀`);
    expect((await readPageText(`${base}/article`, { ...allowed, maxChars: 9 })).text).toBe('The chase');
  });

  it('refuses an image, an untyped answer and an error page; and a page outside the allowed addresses', async () => {
    expect(await refusedWith('/picture.png')).toBe('content_type');
    expect(await refusedWith('/untyped')).toBe('content_type');
    expect(await refusedWith('/missing')).toBe('status');
    await expect(readPageText(`${base}/article`)).rejects.toMatchObject({ reason: 'private_address' });
  });
});
