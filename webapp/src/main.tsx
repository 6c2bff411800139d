import '@/lib/zod-config';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { bootstrap } from '@/app/bootstrap';
import { currenciesQueryOptions } from '@/features/currencies/api/get-currencies';
import { homeQueryOptions } from '@/features/home/api/get-home';
import { loadLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import './styles/index.css';

bootstrap();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const language = useLocaleStore.getState().language;

// The first render is a transition: React builds the page in slices and lets the browser run between
// them, so a phone's slow CPU is never held by one long task while the whole page is drawn.
function render(container: HTMLElement): void {
  const reactRoot = createRoot(container);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

// Every page's first render shows the home content (the header's opening hours; the home page is made
// of it) and prices in the chosen currency, and a destination's or a program's page its own record:
// answers the HTML has already preloaded (httpapi/web/preload.go). Waiting a moment for them makes the
// first render the page with its data, instead of placeholders and then a second render (which, as a
// query's update, React draws in one long task, not in slices); a slow answer never holds the page back
// longer.
const FIRST_ANSWERS_WAIT_MS = 800;

// The record a destination's or a program's page shows, read from its address as the router and the
// server's preload (detailPage) read it; only plain ids and slugs, which the address carries as they
// are. Its query module is part of the page's route code, fetched beside the entry.
const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

function pageAnswer(): Promise<unknown> {
  const { pathname, search } = window.location;
  const params = new URLSearchParams(search);
  const destination = pathname === '/destination' ? (params.get('id') ?? params.get('slug')) : null;
  if (destination && PLAIN_ID.test(destination)) {
    return import('@/features/destinations/api/get-destination').then((m) => queryClient.query(m.destinationQueryOptions(destination, language)));
  }
  const program = pathname === '/program' ? params.get('id') : /^\/program\/([^/]+)$/.exec(pathname)?.[1];
  if (program && PLAIN_ID.test(program)) {
    return import('@/features/programs/api/get-program').then((m) => queryClient.query(m.programQueryOptions(program, language)));
  }
  return Promise.resolve();
}

function firstAnswers(): Promise<unknown> {
  const answers = Promise.allSettled([queryClient.query(homeQueryOptions(language)), queryClient.query(currenciesQueryOptions()), pageAnswer()]);
  return Promise.race([answers, new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS))]);
}

// The first render also waits for the language's translations (one small chunk), so the first paint is
// already in that language. Should they fail to load, the app still starts.
void Promise.allSettled([loadLanguage(language), firstAnswers()]).then(() => render(root));
