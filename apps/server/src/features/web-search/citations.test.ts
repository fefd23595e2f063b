import { describe, expect, it } from 'vitest';
import {
  type Citation,
  fromAnthropicBlocks,
  fromGoogleGrounding,
  fromOpenAIOutputText,
  fromXaiResponse,
  placeCitations,
} from './citations.js';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** The text with one source cited on [0, end). */
function markAt(text: string, end: number): string {
  return placeCitations(text, [{ url: 'https://example.com/s', start: 0, end }]).text;
}

describe('placing [n] markers', () => {
  it('numbers sources by first appearance in reading order, one number per page whatever its #fragment or utm_*', () => {
    const text = 'A is true. B is true. C is true.';
    const citations: Citation[] = [
      { url: 'https://a.example/x#section', start: 22, end: 31 },
      { url: 'https://b.example/y?id=5&utm_medium=email', start: 22, end: 31 },
      { url: 'https://b.example/y?utm_source=openai&id=5', title: '  B \n  page ', start: 11, end: 20 },
      { url: 'https://a.example/x', start: 0, end: 9 },
    ];
    expect(placeCitations(text, citations)).toEqual({
      text: 'A is true[1]. B is true[2]. C is true[1][2].',
      sources: [
        { url: 'https://a.example/x', title: 'a.example' },
        { url: 'https://b.example/y?utm_source=openai&id=5', title: 'B page' },
      ],
    });
  });

  it('groups the sources of one place in ascending order, without repeats', () => {
    const text = 'One. Two. Three.';
    const { text: out, sources } = placeCitations(text, [
      { url: 'https://one.example/', start: 0, end: 3 },
      { url: 'https://two.example/', start: 5, end: 8 },
      { url: 'https://three.example/', start: 10, end: 15 },
      { url: 'https://one.example/', start: 10, end: 15 },
      { url: 'https://three.example/', start: 12, end: 15 },
      { url: 'https://one.example/#again', start: 10, end: 15 },
    ]);
    expect(out).toBe('One[1]. Two[2]. Three[1][3].');
    expect(sources.map((s) => s.url)).toEqual(['https://one.example/', 'https://two.example/', 'https://three.example/']);
  });

  it('never splits a word, and keeps a span ending before punctuation before it', () => {
    expect(markAt('Photosynthesis converts light.', 8)).toBe('Photosynthesis[1] converts light.');
    expect(markAt('It rained, then it stopped.', 9)).toBe('It rained[1], then it stopped.');
    expect(markAt('Spain won; England lost.', 9)).toBe('Spain won[1]; England lost.');
    expect(markAt('Pi is 3.14 roughly.', 7)).toBe('Pi is 3.14[1] roughly.');
    expect(markAt('Call setup(config) once.', 10)).toBe('Call setup(config)[1] once.');
    // A span's trailing spaces do not push the marker away from its text.
    expect(markAt('Fact one.  Next', 11)).toBe('Fact one.[1]  Next');
    // An offset in the middle of an emoji does not split it.
    expect(markAt('Party 🎉 time', 7)).toBe('Party 🎉[1] time');
  });

  it('never lands inside a Markdown link, a bare URL, inline code or a code fence', () => {
    const link = 'See [the annual report](https://example.com/r) for details.';
    expect(markAt(link, link.indexOf('annual'))).toBe('See [the annual report](https://example.com/r)[1] for details.');
    const nested = 'Read [[1]](https://x.ai/a_(b)) first.';
    expect(markAt(nested, 8)).toBe('Read [[1]](https://x.ai/a_(b))[1] first.');
    const url = 'Docs at https://example.com/docs/start today.';
    expect(markAt(url, url.indexOf('/docs'))).toBe('Docs at https://example.com/docs/start [1] today.');
    const code = 'Run `npm install --save` first.';
    expect(markAt(code, code.indexOf('install'))).toBe('Run `npm install --save`[1] first.');
    const fence = 'Example:\n```js\nconst a = 1;\n```\nDone.';
    expect(markAt(fence, fence.indexOf('a = 1'))).toBe('Example:\n```js\nconst a = 1;\n```\n[1]\nDone.');
    const listed = '1. Install:\n    ```sh\n    npm install\n    ```\n2. Run it.';
    expect(markAt(listed, listed.indexOf('install'))).toBe('1. Install:\n    ```sh\n    npm install\n    ```\n    [1]\n2. Run it.');
    // A fence never closed runs to the end: the marker goes before it.
    const open = 'Example:\n```js\nconst a = 1;';
    expect(markAt(open, open.indexOf('a = 1'))).toBe('Example:[1]\n```js\nconst a = 1;');
  });

  it('replaces a citation the model wrote inline, the marker hugging the text it supports', () => {
    const text = 'Tickets start at $55 ([rodeo.tickets](https://rodeo.tickets/a?utm_source=openai)). Doors open at 5.';
    const start = text.indexOf('(');
    const end = text.indexOf(')).') + 2;
    expect(placeCitations(text, [{ url: 'https://rodeo.tickets/a?utm_source=openai', start, end }], { replaceSpan: true })).toEqual({
      text: 'Tickets start at $55[1]. Doors open at 5.',
      sources: [{ url: 'https://rodeo.tickets/a?utm_source=openai', title: 'rodeo.tickets' }],
    });
    // What follows the span cannot turn the marker into a link.
    const before = 'Open daily ([a.example](https://a.example/))(weekends too).';
    expect(placeCitations(before, [{ url: 'https://a.example/', start: 11, end: 44 }], { replaceSpan: true }).text).toBe(
      'Open daily[1] (weekends too).',
    );
  });

  it('makes sources of http(s) pages only, leaving the other spans as they are', () => {
    const text = 'Alpha ([a](javascript:alert(1))). Beta. Gamma. Delta. Omega ([o](https://ok.example/o)).';
    const span = (s: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length });
    const { text: out, sources } = placeCitations(
      text,
      [
        { url: 'javascript:alert(1)', ...span(' ([a](javascript:alert(1)))') },
        { url: 'ftp://files.example/b', ...span('Beta') },
        { url: 'mailto:someone@example.com', ...span('Gamma') },
        { url: 'not a url', ...span('Delta') },
        { url: 'https://ok.example/o', ...span(' ([o](https://ok.example/o))') },
      ],
      { replaceSpan: true },
    );
    expect(out).toBe('Alpha ([a](javascript:alert(1))). Beta. Gamma. Delta. Omega[1].');
    expect(sources).toEqual([{ url: 'https://ok.example/o', title: 'ok.example' }]);
  });

  it('trims titles, cuts them to 200 characters and falls back to the host name', () => {
    const { sources } = placeCitations('One two three', [
      { url: 'https://long.example/', title: `  ${'x'.repeat(300)}  `, start: 0, end: 3 },
      { url: 'http://www.blank.example:8080/p', title: ' \n ', start: 4, end: 7 },
    ]);
    expect(sources).toEqual([
      { url: 'https://long.example/', title: 'x'.repeat(200) },
      { url: 'http://www.blank.example:8080/p', title: 'www.blank.example' },
    ]);
  });

  it('clamps offsets out of range, ignores a citation ending before it starts, and never throws', () => {
    const citations = [
      null,
      'x',
      5,
      {},
      { url: 'https://a.example/', start: 'x', end: 2 },
      { url: 'https://a.example/', start: Number.NaN, end: 1 },
      { url: 'https://a.example/', start: 2, end: 1 },
      { url: 'https://a.example/', start: -10, end: -20 },
      { url: 'https://b.example/', start: -5, end: 1e9 },
    ] as unknown as Citation[];
    expect(placeCitations('abc', citations)).toEqual({ text: 'abc[1]', sources: [{ url: 'https://b.example/', title: 'b.example' }] });
    expect(placeCitations(null as unknown as string, null as unknown as Citation[])).toEqual({ text: '', sources: [] });
    const hostile = {
      get url(): string {
        throw new Error('boom');
      },
    };
    expect(placeCitations('abc', [hostile as unknown as Citation, { url: 'https://c.example/', start: 0, end: 3 }])).toEqual({
      text: 'abc[1]',
      sources: [{ url: 'https://c.example/', title: 'c.example' }],
    });
  });

  it('stays quick on long texts, malformed or without spaces', () => {
    const malformed = `${'[a ` ('.repeat(40_000)}end`;
    const japanese = 'スペインが優勝した。'.repeat(20_000);
    const started = performance.now();
    expect(markAt(malformed, malformed.length).endsWith('end[1]')).toBe(true);
    expect(markAt(japanese, japanese.length - 2).endsWith('優勝した[1]。')).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('OpenAI Responses API (url_citation annotations on output_text)', () => {
  // Shaped like the web search guide's response; the text like the reply vercel/ai recorded from the API.
  const bruceLee = 'https://www.axios.com/local/san-francisco/2025/03/07/bruce-lee-statue-sf-chinatown?utm_source=openai';
  const spring = 'https://www.axios.com/local/san-francisco/2025/03/03/climate-weather-spring-temperatures-warmer-sf?utm_source=openai';
  const output = [
    { type: 'web_search_call', id: 'ws_67c9fa0502748190b7dd390736892e100be649c1a5ff9609', status: 'completed' },
    {
      id: 'msg_67c9fa077e288190af08fdffda2e34f20be649c1a5ff9609',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [
        {
          type: 'output_text',
          text:
            'Last week in San Francisco, several notable events took place:\n\n**Bruce Lee Statue in Chinatown**\n\n' +
            'The Chinese Historical Society of America Museum announced plans to install a Bruce Lee statue in Chinatown. ' +
            `Artist Arnie Kim has been commissioned for the project, with a fundraising goal of $150,000. ([axios.com](${bruceLee}))\n\n` +
            '**Warmer Spring Seasons**\n\n' +
            `Over a 55-year period from 1970 to 2024, the national average temperature during March through May rose by 2.4°F. ([axios.com](${spring}))\n\n` +
            `See also [Bruce Lee statue to be installed in SF Chinatown](${bruceLee}).`,
          annotations: [
            {
              type: 'url_citation',
              start_index: 301,
              end_index: 416,
              url: bruceLee,
              title: 'Bruce Lee statue to be installed in SF Chinatown',
            },
            {
              type: 'url_citation',
              start_index: 559,
              end_index: 690,
              url: spring,
              title: "San Francisco's spring seasons are getting warmer",
            },
          ],
        },
      ],
    },
  ];

  it('replaces the inline citations with markers and lists the pages', () => {
    const part = output[1].content![0] as { text: string; annotations: unknown[] };
    expect(fromOpenAIOutputText(part)).toEqual({
      text:
        'Last week in San Francisco, several notable events took place:\n\n**Bruce Lee Statue in Chinatown**\n\n' +
        'The Chinese Historical Society of America Museum announced plans to install a Bruce Lee statue in Chinatown. ' +
        'Artist Arnie Kim has been commissioned for the project, with a fundraising goal of $150,000.[1]\n\n' +
        '**Warmer Spring Seasons**\n\n' +
        'Over a 55-year period from 1970 to 2024, the national average temperature during March through May rose by 2.4°F.[2]\n\n' +
        `See also [Bruce Lee statue to be installed in SF Chinatown](${bruceLee}).`,
      sources: [
        { url: bruceLee, title: 'Bruce Lee statue to be installed in SF Chinatown' },
        { url: spring, title: "San Francisco's spring seasons are getting warmer" },
      ],
    });
  });

  it('finds the inline citation at code point offsets too, and keeps a span that is not one, marking its end', () => {
    const text = 'Launch 🚀 happened ([site.example](https://site.example/a)). Many watched it live.';
    // Offsets counted in code points: the rocket is one, not two.
    const start = [...text.slice(0, text.indexOf('(['))].length;
    const end = [...text.slice(0, text.indexOf(').') + 1)].length;
    const prose = text.indexOf('Many');
    const { text: out, sources } = fromOpenAIOutputText({
      text,
      annotations: [
        { type: 'url_citation', start_index: start, end_index: end, url: 'https://site.example/a', title: 'Site' },
        {
          type: 'url_citation',
          start_index: prose,
          end_index: prose + 'Many watched'.length,
          url: 'https://other.example/b',
          title: 'Other',
        },
      ],
    });
    expect(out).toBe('Launch 🚀 happened[1]. Many watched[2] it live.');
    expect(sources).toEqual([
      { url: 'https://site.example/a', title: 'Site' },
      { url: 'https://other.example/b', title: 'Other' },
    ]);
  });

  it('takes malformed parts and annotations without throwing', () => {
    expect(fromOpenAIOutputText(null as never)).toEqual({ text: '', sources: [] });
    expect(fromOpenAIOutputText('text' as never)).toEqual({ text: '', sources: [] });
    expect(fromOpenAIOutputText({ text: 5 } as never)).toEqual({ text: '', sources: [] });
    const annotations = [
      null,
      'x',
      { type: 'file_citation', file_id: 'f', index: 0 },
      { type: 'url_citation' },
      { type: 'url_citation', url: 'https://a.example/', start_index: 'one', end_index: 2 },
      { type: 'url_citation', url: 'https://a.example/', start_index: 99, end_index: 120, title: null },
    ];
    expect(fromOpenAIOutputText({ text: 'hi', annotations })).toEqual({
      text: 'hi[1]',
      sources: [{ url: 'https://a.example/', title: 'a.example' }],
    });
    const hostile = {
      get text(): string {
        throw new Error('boom');
      },
    };
    expect(fromOpenAIOutputText(hostile)).toEqual({ text: '', sources: [] });
  });
});

describe('Anthropic Messages API (web_search_result_location citations on text blocks)', () => {
  const wikipedia = 'https://en.wikipedia.org/wiki/Claude_Shannon';
  const britannica = 'https://www.britannica.com/biography/Claude-Shannon';
  // Shaped like the web search tool docs' response.
  const content = [
    { type: 'text', text: "I'll search for when Claude Shannon was born." },
    {
      type: 'server_tool_use',
      id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
      name: 'web_search',
      input: { query: 'claude shannon birth date' },
    },
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
      content: [
        {
          type: 'web_search_result',
          url: wikipedia,
          title: 'Claude Shannon - Wikipedia',
          encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y...',
          page_age: 'April 30, 2025',
        },
        {
          type: 'web_search_result',
          url: britannica,
          title: 'Claude Shannon | Biography & Facts | Britannica',
          encrypted_content: 'EpoBCioIARgBIiRmYzE0...',
          page_age: null,
        },
      ],
    },
    { text: 'Based on the search results, ', type: 'text' },
    {
      text: 'Claude Shannon was born on April 30, 1916, in Petoskey, Michigan',
      type: 'text',
      citations: [
        {
          type: 'web_search_result_location',
          url: wikipedia,
          title: 'Claude Shannon - Wikipedia',
          encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm..',
          cited_text:
            'Claude Elwood Shannon (April 30, 1916 – February 24, 2001) was an American mathematician, electrical engineer, computer scientist, cryptographist and i...',
        },
      ],
    },
    { text: '. ', type: 'text' },
    {
      text: 'He is known as the father of information theory',
      type: 'text',
      citations: [
        {
          type: 'web_search_result_location',
          url: britannica,
          title: null,
          encrypted_index: 'Eo8BCioIAhgB...',
          cited_text: 'father of information theory',
        },
        {
          type: 'web_search_result_location',
          url: `${wikipedia}#Information_theory`,
          title: 'Claude Shannon - Wikipedia',
          encrypted_index: 'EpABCioI...',
          cited_text: '...',
        },
      ],
    },
    { text: '.', type: 'text' },
  ];

  it('joins the text blocks and marks each cited block', () => {
    expect(fromAnthropicBlocks(content)).toEqual({
      text:
        "I'll search for when Claude Shannon was born.\n\nBased on the search results, " +
        'Claude Shannon was born on April 30, 1916, in Petoskey, Michigan[1]. He is known as the father of information theory[1][2].',
      sources: [
        { url: wikipedia, title: 'Claude Shannon - Wikipedia' },
        { url: britannica, title: 'Claude Shannon | Biography & Facts | Britannica' },
      ],
    });
  });

  it('takes malformed blocks without throwing', () => {
    expect(fromAnthropicBlocks(null as never)).toEqual({ text: '', sources: [] });
    expect(fromAnthropicBlocks('blocks' as never)).toEqual({ text: '', sources: [] });
    const blocks = [
      null,
      'text',
      { type: 'text' },
      { type: 'web_search_tool_result', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
      { type: 'text', text: 'ok', citations: 'bad' },
      {
        type: 'text',
        text: '!',
        citations: [null, { type: 'web_search_result_location' }, { type: 'web_search_result_location', url: 42 }],
      },
      { type: 'text', text: ' Done', citations: [{ type: 'char_location', document_index: 0, start_char_index: 0, end_char_index: 4 }] },
    ];
    expect(fromAnthropicBlocks(blocks)).toEqual({ text: 'ok! Done', sources: [] });
  });
});

describe('Gemini API (groundingMetadata, segment offsets in UTF-8 bytes)', () => {
  const sentences = ['スペインがユーロ2024で優勝しました🎉。', '決勝でイングランドを2対1で破りました。', "Le café « Zèbre » l'a fêté."];
  const text = sentences.join('');
  const redirect = (id: string) => `https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQ${id}`;
  // Shaped like the grounding guide's response; startIndex 0 is left out, as proto3 JSON leaves zeros out.
  const groundingMetadata = {
    webSearchQueries: ['ユーロ2024 優勝'],
    searchEntryPoint: { renderedContent: '<!-- HTML and CSS for the search widget -->' },
    groundingChunks: [
      { web: { uri: redirect('Ha1'), title: 'uefa.com' } },
      { web: { uri: redirect('Hb2'), title: 'aljazeera.com' } },
      { web: { uri: redirect('Hc3'), title: 'lemonde.fr' } },
    ],
    groundingSupports: [
      { segment: { endIndex: utf8(sentences[0]), text: sentences[0] }, groundingChunkIndices: [0] },
      {
        segment: { startIndex: utf8(sentences[0]), endIndex: utf8(sentences[0] + sentences[1]), text: sentences[1] },
        groundingChunkIndices: [1, 0],
      },
      { segment: { startIndex: utf8(sentences[0] + sentences[1]), endIndex: utf8(text), text: sentences[2] }, groundingChunkIndices: [2] },
    ],
  };

  it('converts byte offsets to string indices, so markers land right in Japanese, accented text and after an emoji', () => {
    expect(utf8(sentences[0])).toBeGreaterThan(sentences[0].length);
    expect(fromGoogleGrounding(text, groundingMetadata)).toEqual({
      text: "スペインがユーロ2024で優勝しました🎉。[1]決勝でイングランドを2対1で破りました。[1][2]Le café « Zèbre » l'a fêté.[3]",
      sources: [
        { url: redirect('Ha1'), title: 'uefa.com' },
        { url: redirect('Hb2'), title: 'aljazeera.com' },
        { url: redirect('Hc3'), title: 'lemonde.fr' },
      ],
    });
  });

  it('ends a segment that stops inside a word after the word, and finds a segment by its text when its bytes miss it', () => {
    const metadata = {
      groundingChunks: [{ web: { uri: redirect('X1'), title: 'a.example' } }, { web: { uri: redirect('X2'), title: 'b.example' } }],
      groundingSupports: [
        { segment: { startIndex: 0, endIndex: utf8(`${sentences[0]}${sentences[1]}Le caf`) }, groundingChunkIndices: [0] },
        // Counted from the start of another part: the bytes point elsewhere, the text does not.
        { segment: { startIndex: 0, endIndex: utf8(sentences[1]), text: sentences[1] }, groundingChunkIndices: [1] },
      ],
    };
    expect(fromGoogleGrounding(text, metadata).text).toBe(
      "スペインがユーロ2024で優勝しました🎉。決勝でイングランドを2対1で破りました。[1]Le café[2] « Zèbre » l'a fêté.",
    );
  });

  it('takes malformed metadata without throwing', () => {
    expect(fromGoogleGrounding(null as never, null)).toEqual({ text: '', sources: [] });
    expect(fromGoogleGrounding('Plain text.', 'metadata')).toEqual({ text: 'Plain text.', sources: [] });
    expect(fromGoogleGrounding('Plain text.', { groundingSupports: 'none' })).toEqual({ text: 'Plain text.', sources: [] });
    const metadata = {
      groundingChunks: [
        null,
        { web: null },
        { web: { uri: 5 } },
        { web: { uri: 'gopher://old.example/' } },
        { web: { uri: 'https://ok.example/' } },
      ],
      groundingSupports: [
        null,
        { segment: null, groundingChunkIndices: [4] },
        { segment: { endIndex: 'abc' }, groundingChunkIndices: [4] },
        { segment: { startIndex: 9, endIndex: 2 }, groundingChunkIndices: [4] },
        { segment: { endIndex: 5 }, groundingChunkIndices: 'all' },
        { segment: { endIndex: 5 }, groundingChunkIndices: [0, 1, 2, 3, 99, -1, 'x', null] },
        { segment: { startIndex: 6, endIndex: 1000 }, groundingChunkIndices: [4] },
      ],
    };
    expect(fromGoogleGrounding('Plain text.', metadata)).toEqual({
      text: 'Plain text.[1]',
      sources: [{ url: 'https://ok.example/', title: 'ok.example' }],
    });
  });
});

describe('xAI Responses API ([[N]](url) links with url_citation annotations)', () => {
  // The response in docs.x.ai/developers/tools/citations ("Accessing Structured Inline Citation Data").
  const text =
    '**xAI is an artificial intelligence company founded by Elon Musk in March 2023.** Its stated mission is to "understand the universe" by building advanced AI systems that accelerate human scientific discovery.[[1]](https://x.ai/company)\n\n### Key Details\n- **Flagship product**: Grok, a family of frontier AI models focused on reasoning, code, voice, image generation, and video. These are trained on massive infrastructure, including what the company describes as the world\'s largest supercluster (Colossus). Grok powers chatbots, APIs, and multimodal tools available via a unified API.[[2]](https://x.ai/)\n- **Current status (as of mid-2026)**: xAI operates as a subsidiary of SpaceX following an acquisition in February 2026. It is also connected to the X social platform (formerly Twitter), which xAI effectively became the parent of in 2025. The company has expanded into data centers and enterprise AI offerings (e.g., integrations with Amazon Bedrock and Databricks).[[3]](https://en.wikipedia.org/wiki/XAI_(company))\n- **Headquarters and team**: Based in the Stanford Research Park in Palo Alto, California. It was initially founded with a team of AI researchers and is led by Elon Musk as CEO.\n\nxAI positions itself as building maximally truth-seeking AI, distinct from other labs in its approach. Its official website (x.ai) highlights developer tools, API access, and ongoing model releases. Note that there is an unrelated blockchain/gaming project called Xai (xai.games), but the primary reference to "xAI" in this context is Musk\'s AI venture.[[4]](https://xai.games/)\n\nFor the latest updates, check x.ai or @xai on X.';
  const response = {
    created_at: 1781829888,
    id: '5808284d-ae14-9981-9289-73515f67ebda',
    model: 'grok-4.6',
    object: 'response',
    citations: [
      'https://x.ai/company',
      'https://x.ai/',
      'https://en.wikipedia.org/wiki/XAI_(company)',
      'https://xai.games/',
      'https://x.com/xai',
    ],
    output: [
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'xAI company' } },
      {
        content: [
          {
            type: 'output_text',
            text,
            logprobs: [],
            annotations: [
              { type: 'url_citation', url: 'https://x.ai/company', start_index: 208, end_index: 235, title: '1' },
              { type: 'url_citation', url: 'https://x.ai/', start_index: 585, end_index: 605, title: '2' },
              { type: 'url_citation', url: 'https://en.wikipedia.org/wiki/XAI_(company)', start_index: 972, end_index: 1022, title: '3' },
              { type: 'url_citation', url: 'https://xai.games/', start_index: 1555, end_index: 1580, title: '4' },
            ],
          },
        ],
        id: 'msg_5808284d-ae14-9981-9289-73515f67ebda',
        role: 'assistant',
        type: 'message',
        status: 'completed',
      },
    ],
  };

  it('replaces the links with markers; the label is not taken for a title, and uncited URLs are no sources', () => {
    const { text: out, sources } = fromXaiResponse(response);
    expect(out).toBe(
      text
        .replace('[[1]](https://x.ai/company)', '[1]')
        .replace('[[2]](https://x.ai/)', '[2]')
        .replace('[[3]](https://en.wikipedia.org/wiki/XAI_(company))', '[3]')
        .replace('[[4]](https://xai.games/)', '[4]'),
    );
    expect(out).toContain('human scientific discovery.[1]\n\n### Key Details');
    expect(out).toContain('Amazon Bedrock and Databricks).[3]\n');
    expect(sources).toEqual([
      { url: 'https://x.ai/company', title: 'x.ai' },
      { url: 'https://x.ai/', title: 'x.ai' },
      { url: 'https://en.wikipedia.org/wiki/XAI_(company)', title: 'en.wikipedia.org' },
      { url: 'https://xai.games/', title: 'xai.games' },
    ]);
  });

  it('reads offsets as code points (Python slices), finds a link its offsets miss, and leaves images alone', () => {
    const part = {
      type: 'output_text',
      text: 'Grok 4 is out 🚀 and fast.[[1]](https://x.ai/news/grok-4) Pricing is public.[[2]](https://docs.x.ai/pricing) Again fast.[[1]](https://x.ai/news/grok-4)\n![Grok logo](https://x.ai/logo.png)',
      annotations: [
        { type: 'url_citation', url: 'https://x.ai/news/grok-4', start_index: 25, end_index: 56, title: '1' },
        { type: 'url_citation', url: 'https://docs.x.ai/pricing', start_index: 75, end_index: 107, title: '2' },
        { type: 'url_citation', url: 'https://x.ai/news/grok-4', start_index: 3, end_index: 9, title: '1' },
        { type: 'url_citation', url: 'https://x.ai/logo.png', start_index: 151, end_index: 185, title: 'Grok logo' },
      ],
    };
    expect(fromXaiResponse(part)).toEqual({
      text: 'Grok 4 is out 🚀 and fast.[1] Pricing is public.[2] Again fast.[1]\n![Grok logo](https://x.ai/logo.png)',
      sources: [
        { url: 'https://x.ai/news/grok-4', title: 'x.ai' },
        { url: 'https://docs.x.ai/pricing', title: 'docs.x.ai' },
      ],
    });
  });

  it('takes malformed responses without throwing', () => {
    expect(fromXaiResponse(undefined)).toEqual({ text: '', sources: [] });
    expect(fromXaiResponse({ output: 'x' })).toEqual({ text: '', sources: [] });
    expect(fromXaiResponse({ output: [null, { content: [null, { type: 'output_text', text: 7 }] }] })).toEqual({ text: '', sources: [] });
    const withoutPositions = {
      output: [
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text: 'No links here.',
              annotations: [{ type: 'url_citation', url: 'https://x.ai/', title: '1' }, null, 3],
            },
          ],
        },
      ],
    };
    expect(fromXaiResponse(withoutPositions)).toEqual({ text: 'No links here.', sources: [] });
  });
});
