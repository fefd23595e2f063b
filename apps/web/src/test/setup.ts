import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { defaultPreferences, usePreferences } from '@/features/preferences';
import { activateLanguage } from '@/i18n/languages';
import { noteConnection } from '@/lib/connection';
import { loadEveryScreen } from '@/app/page-routes';

// findBy/waitFor wait up to 10 s: on a loaded two-core machine a first render of a lazy screen can
// take seconds, and a wait that ends early fails a test that is right.
// A wait that is met ends at once, so this costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

// The lazy screens' code is loaded before any test's wait starts: a file whose first test opened a screen would
// otherwise wait for the screen to be compiled (seconds, on a busy machine) inside its findBy. Once per worker.
// Not in the files that replace a module (vi.mock, the web-isolated project): the screens would import the real one
// before the file's mock is in place.
if (!process.env.WEB_TESTS_MOCK_MODULES) await loadEveryScreen();

// A request of the previous test answered after its end (with nothing stubbed, it gets no answer) leaves this one
// connected.
beforeEach(() => noteConnection(true));

// Each test starts from empty browser storage, as a fresh visitor would.
afterEach(() => {
  // A test that faked the clock and failed before giving it back does not leave it to the next file.
  vi.useRealTimers();
  cleanup();
  // Files share their worker's modules (isolate: false): the preferences store, kept in memory, starts each test at
  // its defaults too, or a model one file picked becomes the next file's default.
  usePreferences.setState(defaultPreferences());
  // Likewise the language: a test that switched it leaves English to the next, and a switch still loading its
  // catalogue when the test ended is dropped (the last language asked for wins), not applied in the next test.
  void activateLanguage('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  window.localStorage.clear();
  window.sessionStorage.clear();
  // And the connection: a test whose requests got no answer leaves the next one connected.
  noteConnection(true);
});

// jsdom lacks a few browser APIs Radix menus and dialogs touch.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// A Radix modal sets `pointer-events: none` on <body> in one effect and re-enables its own content
// a render later; user-event in jsdom can land in between and refuse a click inside the dialog.
// Real browsers (the Playwright journeys) keep the lock; unit tests do not test outside clicks.
new MutationObserver(() => {
  if (document.body.style.pointerEvents === 'none') document.body.style.pointerEvents = '';
}).observe(document.body, { attributes: true, attributeFilter: ['style'] });
