import '@/lib/zod-config';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { bootstrap } from '@/app/bootstrap';
import { loadLanguage } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';

import './styles/index.css';

bootstrap();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The first render waits for the language's translations (one small chunk), so the first paint is
// already in that language. Should they fail to load, the app still starts.
loadLanguage(useLocaleStore.getState().language).then(
  () => render(root),
  () => render(root),
);
