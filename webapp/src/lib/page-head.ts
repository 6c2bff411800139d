// The page's head after navigating inside the app. The server renders the head (title, description,
// canonical, hreflang, Open Graph, JSON-LD) of the page first loaded; after each in-app navigation the
// app asks the new address for its head (Accept: HEAD_MEDIA_TYPE, answered by httpapi/web from the
// same code that renders a fresh load) and swaps the search-engine tags for the answer's. One source
// of truth: the app never builds these tags itself.

/** What the app puts in Accept to get a page's head instead of the page (httpapi/web.HeadMediaType). */
export const HEAD_MEDIA_TYPE = 'application/vnd.mishwar.head+json';

/** The tags the server renders per page; everything else in <head> (styles, scripts, icons) stays. */
export const MANAGED_HEAD_TAGS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'script[type="application/ld+json"]',
].join(', ');

export interface PageHead {
  status: number;
  lang: string;
  dir: string;
  head: string;
}

function isPageHead(v: unknown): v is PageHead {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.status === 'number' && typeof o.lang === 'string' && typeof o.dir === 'string' && typeof o.head === 'string';
}

/** The address whose head to ask for: the page's own, in the language the app shows. */
export function headAddress(pathname: string, search: string, language: string): string {
  const params = new URLSearchParams(search);
  params.set('lang', language);
  return `${pathname}?${params.toString()}`;
}

export async function fetchPageHead(address: string, signal?: AbortSignal): Promise<PageHead> {
  const res = await fetch(address, { headers: { Accept: HEAD_MEDIA_TYPE }, credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`page head: ${res.status}`);
  const body: unknown = await res.json();
  if (!isPageHead(body)) throw new Error('page head: unexpected answer');
  return body;
}

/**
 * Replaces the document's search-engine tags by those of head (the server's rendering). The title is
 * set only when keepTitle is false: a screen that names itself (useDocumentTitle) keeps its name, as
 * it does on a fresh load.
 */
export function applyPageHead(doc: Document, head: string, keepTitle: boolean): void {
  const parsed = new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
  for (const old of Array.from(doc.head.querySelectorAll(MANAGED_HEAD_TAGS))) old.remove();
  for (const tag of Array.from(parsed.head.querySelectorAll(MANAGED_HEAD_TAGS))) doc.head.appendChild(doc.importNode(tag, true));
  const title = parsed.querySelector('title')?.textContent;
  if (!keepTitle && title) doc.title = title;
}

/** The language of the head the document carries now (its og:locale), e.g. "ar" for ar_EG. */
export function currentHeadLanguage(doc: Document): string | undefined {
  return doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')?.split('_')[0];
}

// Screens name themselves with useDocumentTitle; the head sync must not undo that name.
let titleChanges = 0;

export function noteTitleSet(): void {
  titleChanges += 1;
}

export function titleChangeCount(): number {
  return titleChanges;
}
