import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

import { Hero } from '@/features/home/components/home-sections';
import { createI18n } from '@/lib/i18n';
import arCore from '@/locales/ar/core.json';
import enCore from '@/locales/en/core.json';

import { renderFirstScreens } from './first-screens';

/** What the server writes: the screen with its slots filled, escaped (httpapi/web/screens.go). */
function fill(html: string, values: Record<string, string>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
  return html.replace(/\{\{([a-z]+)\}\}/g, (_, key: string) => escape(values[key] ?? ''));
}

describe('the first screens the server writes before the app runs', () => {
  const screens = renderFirstScreens();

  it('are the app’s own home hero in each language, filled as the app draws it with and without the catalogue’s text', () => {
    for (const [language, core] of [['en', enCore], ['ar', arCore]] as const) {
      const i18n = createI18n(language, { [language]: { translation: core } });
      const app = (title?: string) =>
        renderToStaticMarkup(
          <I18nextProvider i18n={i18n}>
            <MemoryRouter>
              <Hero title={title} subtitle={title ? 'Nile & pyramids' : undefined} />
            </MemoryRouter>
          </I18nextProvider>,
        );
      const home = screens[language].home;
      expect(fill(home.html, home.defaults ?? {})).toBe(app());
      expect(fill(home.html, { title: 'Giza <by night>', subtitle: 'Nile & pyramids' })).toBe(app('Giza <by night>'));
    }
  });

  it('give checkout its heading in the page’s language', () => {
    expect(screens.en.checkout.html).toContain('<h1 class="page-header__title">Checkout</h1>');
    expect(screens.ar.checkout.html).toContain('<h1 class="page-header__title">إتمام الحجز</h1>');
  });
});
