import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

import { DestinationOpening } from '@/features/destinations/components/destination-opening';
import { Hero } from '@/features/home/components/home-sections';
import { ProgramOpening } from '@/features/programs/components/program-opening';
import { createI18n } from '@/lib/i18n';
import arCore from '@/locales/ar/core.json';
import enCore from '@/locales/en/core.json';
import enSite from '@/locales/en/site.json';

import { renderFirstScreens } from './first-screens';

/** What the server writes: the screen with its slots filled, escaped (httpapi/web/screens.go, which writes quotes as numeric entities: the same text). */
function fill(html: string, values: Record<string, string>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  return html.replace(/\{\{([a-z]+)\}\}/g, (_, key: string) => {
    const value = values[key] ?? '';
    return escape(key.endsWith('url') ? encodeURIComponent(value) : value);
  });
}

describe('the first screens the server writes before the app runs', () => {
  const screens = renderFirstScreens();

  it('are the app’s own home hero in each language, filled as the app draws it with and without the catalogue’s text and picture', () => {
    for (const [language, core] of [['en', enCore], ['ar', arCore]] as const) {
      const i18n = createI18n(language, { [language]: { translation: core } });
      const app = (title?: string, photo?: string) =>
        renderToStaticMarkup(
          <I18nextProvider i18n={i18n}>
            <MemoryRouter>
              <Hero title={title} subtitle={title ? 'Nile & pyramids' : undefined} photo={photo} />
            </MemoryRouter>
          </I18nextProvider>,
        ).replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
      const home = screens[language].home;
      expect(fill(home.html, home.defaults ?? {})).toBe(app());
      expect(fill(home.html, { title: 'Giza <by night>', subtitle: 'Nile & pyramids' })).toBe(app('Giza <by night>'));
      // With the operator's picture, for a server that fills its slot.
      const photo = '/uploads/3f2a-detail.jpg';
      const withPhoto = screens[language]['home-photo'];
      expect(fill(withPhoto.html, { ...withPhoto.defaults, photo })).toBe(app(undefined, photo));
      expect(fill(withPhoto.html, { title: 'Giza <by night>', subtitle: 'Nile & pyramids', photo })).toBe(app('Giza <by night>', photo));
    }
  });

  it('open a destination and a program as the app draws them, in the shape the record has', () => {
    const i18n = createI18n('en', {});
    for (const part of [enCore, enSite]) i18n.addResourceBundle('en', 'translation', part, true, false);
    const app = (node: React.ReactNode) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <article className="detail">{node}</article>
          </MemoryRouter>
        </I18nextProvider>,
      ).replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
    const place = { name: 'Giza <Pyramids>', photo: '/art/giza.svg' };
    expect(fill(screens.en.destination.html, { ...place, category: 'Ancient & old', categoryurl: 'ancient-egypt' })).toBe(
      app(<DestinationOpening place={{ ...place, category: { id: 'c1', slug: 'ancient-egypt', name: 'Ancient & old' } }} />),
    );
    expect(fill(screens.en['destination-plain'].html, place)).toBe(app(<DestinationOpening place={{ ...place, category: null }} />));
    expect(fill(screens.en.program.html, { ...place, summary: 'A day & a night' })).toBe(app(<ProgramOpening {...place} summary="A day & a night" />));
    expect(fill(screens.en['program-plain'].html, place)).toBe(app(<ProgramOpening {...place} />));
  });

  it('give checkout its heading in the page’s language', () => {
    expect(screens.en.checkout.html).toContain('<h1 class="page-header__title">Checkout</h1>');
    expect(screens.ar.checkout.html).toContain('<h1 class="page-header__title">إتمام الحجز</h1>');
  });
});
