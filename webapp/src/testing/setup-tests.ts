import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { loadLanguage, loadMessages } from '@/lib/i18n';

const browserLike = typeof window !== 'undefined';

// Whole-app renders load their screens lazily; on a busy 2-core machine (other builds beside the tests)
// the first screen took over 5 s to appear. A find* waits up to 20 s, inside the 30 s test timeout.
configure({ asyncUtilTimeout: 20_000 });

if (browserLike) {
  afterEach(() => {
    cleanup();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
    localStorage.clear();
  });

  // jsdom has no matchMedia; the shell asks it whether the viewport is a phone.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    });
  }
  window.scrollTo = () => undefined;
}

// The app loads one language's translations before its first render, the parts a screen needs with
// it, and another language when switched to; tests render and switch synchronously, so every part of
// both is there from the start.
await loadMessages('site', 'admin');
await Promise.all([loadLanguage('en'), loadLanguage('ar')]);
