import { DEFAULT_SHORTLIST } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { createPreferencesStore } from './preferences-store';

describe('preferences store', () => {
  it("keeps a guest's default system prompt in this browser, bounded in length", () => {
    const store = createPreferencesStore();
    expect(store.getState().defaultSystemPrompt).toBe('');
    store.getState().setDefaultSystemPrompt('Answer in haiku.');
    expect(localStorage.getItem('defaultSystemPrompt')).toBe('Answer in haiku.');
    expect(createPreferencesStore().getState().defaultSystemPrompt).toBe('Answer in haiku.');
    store.getState().setDefaultSystemPrompt('x'.repeat(30_000));
    expect(createPreferencesStore().getState().defaultSystemPrompt).toHaveLength(20_000);
    localStorage.removeItem('defaultSystemPrompt');
  });

  it('starts from the spec defaults on a first visit', () => {
    const s = createPreferencesStore().getState();
    expect(s).toMatchObject({
      theme: 'dark',
      accentColor: '#007AFF',
      textOnPrimary: '#ffffff',
      fontSize: 16,
      bodyFont: 'Poppins',
      headlineFont: 'Libre Baskerville',
      modelShortlist: [...DEFAULT_SHORTLIST],
      selectedTextModel: 'grok-3-mini-fast-latest',
      selectedImageModel: 'flux',
      messageType: 'text',
      aspectRatio: 'square',
      aiSettings: { image: { aspectRatio: 'square', dimensions: { width: 1024, height: 1024 } } },
    });
  });

  it('saves each change under its own local storage key', () => {
    const store = createPreferencesStore();
    store.getState().setTheme('light');
    store.getState().setAccentColor('#FFD60A');
    store.getState().setFontSize(30);
    store.getState().setAspectRatio('16:9');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem('accentColor')).toBe('#FFD60A');
    expect(localStorage.getItem('textOnPrimary')).toBe('#998006');
    expect(localStorage.getItem('fontSize')).toBe('20');
    expect(localStorage.getItem('aspectRatio')).toBe('wide');
    expect(JSON.parse(localStorage.getItem('aiSettings') ?? '{}')).toEqual({
      image: { aspectRatio: 'wide', dimensions: { width: 1792, height: 1024 } },
    });
  });

  it('reads stored values back, repairing bad ones and accepting the 1:1 aspect-ratio form', () => {
    localStorage.setItem('theme', 'light');
    localStorage.setItem('fontSize', '9');
    localStorage.setItem('accentColor', 'not-a-colour');
    localStorage.setItem('bodyFont', '"Ovo"');
    localStorage.setItem('aspectRatio', '9:16');
    localStorage.setItem('selectedTextModel', 'no-such-model');
    const s = createPreferencesStore().getState();
    expect(s.theme).toBe('light');
    expect(s.fontSize).toBe(12);
    expect(s.accentColor).toBe('#007AFF');
    expect(s.bodyFont).toBe('Ovo');
    expect(s.aspectRatio).toBe('tall');
    expect(s.selectedTextModel).toBe('grok-3-mini-fast-latest');
  });

  it('migrates a stored shortlist and writes the result back', () => {
    localStorage.setItem('modelShortlist', JSON.stringify(['gpt-4o', 'grok-2-latest']));
    const s = createPreferencesStore().getState();
    expect(s.modelShortlist).toEqual(['gpt-4o', 'grok-3-mini-fast-latest', 'grok-2-latest']);
    expect(JSON.parse(localStorage.getItem('modelShortlist') ?? '[]')).toEqual(['gpt-4o', 'grok-3-mini-fast-latest', 'grok-2-latest']);
  });

  it('switching message type restores the last model of that type, or the first shortlisted one', () => {
    const store = createPreferencesStore();
    store.getState().selectModel('sdxl');
    expect(store.getState()).toMatchObject({ messageType: 'image', selectedImageModel: 'sdxl' });
    store.getState().setMessageType('text');
    store.getState().setMessageType('image');
    expect(store.getState().selectedImageModel).toBe('sdxl');
    store.getState().toggleShortlisted('sdxl');
    expect(store.getState().selectedImageModel).toBe('dall-e-3');
  });

  it('refuses to select an unknown model', () => {
    const store = createPreferencesStore();
    expect(store.getState().selectModel('gpt-99')).toBe(false);
    expect(store.getState().selectedTextModel).toBe('grok-3-mini-fast-latest');
  });
});
