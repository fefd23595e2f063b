import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypewriter } from './use-typewriter';

// Animation frames run only when the test says so.
let frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
function runFrame() {
  const due = [...frames.values()];
  frames = new Map();
  for (const callback of due) callback(performance.now());
}
beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

describe('the typing effect', () => {
  it('types a streaming reply to its end, even when text arrives in the frame that caught up', () => {
    const { result, rerender } = renderHook(({ text }) => useTypewriter(text, true), { initialProps: { text: '' } });
    rerender({ text: 'abcd' });
    act(() => runFrame());
    expect(result.current.shown).toBe('ab');
    // The frame that reaches the end of the text so far, and more text, land in one render.
    act(() => {
      runFrame();
      rerender({ text: 'abcdefghij' });
    });
    for (let i = 0; i < 10; i++) act(() => runFrame());
    expect(result.current).toMatchObject({ shown: 'abcdefghij', typing: false });
  });

  it('shows a finished reply at once when it is not being typed, and Skip shows all', () => {
    const still = renderHook(() => useTypewriter('hello there', false));
    expect(still.result.current).toMatchObject({ shown: 'hello there', typing: false });
    const typed = renderHook(() => useTypewriter('hello there', true));
    act(() => runFrame());
    expect(typed.result.current.typing).toBe(true);
    act(() => typed.result.current.skip());
    expect(typed.result.current).toMatchObject({ shown: 'hello there', typing: false });
  });
});
