import { describe, expect, it } from 'vitest';
import { EnvelopeError, clearHandoff, peekHandoff } from './handoff';

describe('peekHandoff', () => {
  it('reads the envelope, guessing an image type from the model id', () => {
    sessionStorage.setItem(
      'messageEnvelope',
      JSON.stringify({ prompt: ' a fox ', model: 'V_2A_TURBO', threadId: '8', metadata: { aspectRatio: '16:9' }, timestamp: 1 }),
    );
    expect(peekHandoff()).toEqual({
      prompt: 'a fox',
      model: 'V_2A_TURBO',
      type: 'image',
      aspectRatio: 'wide',
      threadId: 8,
      generatedImage: false,
    });
  });

  it('reads the pending keys when there is no envelope, and nothing after clearing', () => {
    sessionStorage.setItem('pendingPrompt', 'Hello');
    sessionStorage.setItem('pendingModel', 'gpt-4o');
    sessionStorage.setItem('pendingThreadId', '3');
    expect(peekHandoff()).toMatchObject({ prompt: 'Hello', model: 'gpt-4o', type: 'text', threadId: 3, aspectRatio: null });
    clearHandoff();
    expect(peekHandoff()).toBeNull();
  });

  it('refuses an unreadable or empty envelope', () => {
    sessionStorage.setItem('messageEnvelope', '{oops');
    expect(() => peekHandoff()).toThrow(EnvelopeError);
    sessionStorage.setItem('messageEnvelope', JSON.stringify({ prompt: '  ' }));
    expect(() => peekHandoff()).toThrow(EnvelopeError);
  });
});
