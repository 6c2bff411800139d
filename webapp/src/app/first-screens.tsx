// The first screens the server writes into a page's HTML before the app's code has arrived, rendered
// here by the app's own components at build time (scripts/first-screens.mjs), never in the browser.
// On a phone the app's JavaScript takes seconds to download and run; a page whose opening block is in
// its HTML shows it as soon as the stylesheet is there. The app's first render replaces it with the
// same markup, so nothing moves and the visitor reads from the first paint.
//
// A screen's text that comes from the catalogue is a slot ({{name}}), which the server fills
// (httpapi/web/screens.go), escaped (a slot whose name ends in "url" as part of an address);
// `defaults` are what the app shows when the catalogue has none. A screen that differs in shape with
// the catalogue's data (a destination with or without a category) comes in one variant per shape; the
// server picks the one the record needs.

import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

import { CheckoutHeader } from '@/app/routes/booking';
import { LANGUAGES, type Language } from '@/config/constants';
import { DestinationOpening } from '@/features/destinations/components/destination-opening';
import { Hero } from '@/features/home/components/home-sections';
import { ProgramOpening } from '@/features/programs/components/program-opening';
import { createI18n } from '@/lib/i18n';
import arCore from '@/locales/ar/core.json';
import arSite from '@/locales/ar/site.json';
import enCore from '@/locales/en/core.json';
import enSite from '@/locales/en/site.json';

export interface FirstScreen {
  html: string;
  defaults?: Record<string, string>;
}

const WORDS: Record<Language, object[]> = { en: [enCore, enSite], ar: [arCore, arSite] };

/** The slot the server fills with the value it names. */
export const slot = (name: string): string => `{{${name}}}`;

/** The screens, by name; which page opens with which is the server's choice (screenPages). */
interface FirstScreens {
  home: FirstScreen;
  /** The home page with the operator's picture behind the hero's text (a `photo` slot). */
  'home-photo': FirstScreen;
  checkout: FirstScreen;
  destination: FirstScreen;
  'destination-plain': FirstScreen;
  program: FirstScreen;
  'program-plain': FirstScreen;
}

/** Each language's first screens. */
export function renderFirstScreens(): Record<Language, FirstScreens> {
  const screens = {} as Record<Language, FirstScreens>;
  for (const language of LANGUAGES) {
    const i18n = createI18n(language, {});
    for (const part of WORDS[language]) i18n.addResourceBundle(language, 'translation', part, true, false);
    const render = (node: ReactNode) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>{node}</MemoryRouter>
        </I18nextProvider>,
      )
        // A slot inside an address the app escapes.
        .replace(/%7B%7B([a-z]+)%7D%7D/g, '{{$1}}')
        // React hoists a preload of a high-priority photo; the page's head already has it (the catalogue's Meta.LeadImage).
        .replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
    const article = (node: ReactNode) => render(<article className="detail">{node}</article>);
    const place = { name: slot('name'), photo: slot('photo') };
    screens[language] = {
      home: {
        html: render(<Hero title={slot('title')} subtitle={slot('subtitle')} />),
        defaults: { title: i18n.t('home.heroTitle'), subtitle: i18n.t('home.heroLead') },
      },
      'home-photo': {
        html: render(<Hero title={slot('title')} subtitle={slot('subtitle')} photo={slot('photo')} />),
        defaults: { title: i18n.t('home.heroTitle'), subtitle: i18n.t('home.heroLead') },
      },
      checkout: { html: render(<CheckoutHeader />) },
      destination: { html: article(<DestinationOpening place={{ ...place, category: { id: slot('categoryurl'), name: slot('category') } }} />) },
      'destination-plain': { html: article(<DestinationOpening place={{ ...place, category: null }} />) },
      program: { html: article(<ProgramOpening {...place} summary={slot('summary')} />) },
      'program-plain': { html: article(<ProgramOpening {...place} />) },
    };
  }
  return screens;
}
