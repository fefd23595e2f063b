import { describe, expect, it } from 'vitest';
import { createBlockSplitter, splitMarkdownBlocks } from './block-splitter';

describe('splitMarkdownBlocks', () => {
  it('cuts at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst para\nstill first\n\nSecond')).toEqual(['# Title', 'First para\nstill first', 'Second']);
  });

  it('keeps a fenced code block with blank lines whole', () => {
    const text = 'Intro\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(text)).toEqual(['Intro', '```js\nconst a = 1;\n\n\nconst b = 2;\n```', 'After']);
  });

  it('keeps a loose list and indented continuations in one block', () => {
    const text = '1. one\n\n2. two\n\n   more of two\n\nDone';
    expect(splitMarkdownBlocks(text)).toEqual(['1. one\n\n2. two\n\n   more of two', 'Done']);
  });

  it('skips leading blank lines', () => {
    expect(splitMarkdownBlocks('\n\n\nHello')).toEqual(['Hello']);
  });
});

describe('createBlockSplitter', () => {
  it('keeps finished blocks identical while the text grows, and only the last block changes', () => {
    const splitter = createBlockSplitter();
    const full = 'Para one\n\n```py\nprint(1)\n\nprint(2)\n```\n\nLast words here';
    let previous: string[] = [];
    for (let n = 1; n <= full.length; n += 3) {
      const blocks = splitter.split(full.slice(0, n));
      for (let i = 0; i < previous.length - 1; i++) expect(blocks[i]).toBe(previous[i]);
      previous = blocks;
    }
    expect(splitter.split(full)).toEqual(splitMarkdownBlocks(full));
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = createBlockSplitter();
    splitter.split('A\n\nB\n\nC');
    expect(splitter.split('X\n\nY')).toEqual(['X', 'Y']);
  });
});
