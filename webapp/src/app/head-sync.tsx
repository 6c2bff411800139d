import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { useLanguage } from '@/hooks/use-language';
import { applyPageHead, currentHeadLanguage, fetchPageHead, headAddress, titleChangeCount } from '@/lib/page-head';

/**
 * Keeps the search-engine tags of <head> those of the page shown: the server rendered them for the
 * first page; after every in-app navigation (or a change of language) they are asked of the server
 * for the new address and swapped in (lib/page-head.ts).
 */
export function HeadSync() {
  const { pathname, search } = useLocation();
  const language = useLanguage();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      // The server's head is this page's already, unless the app chose another language than it did.
      if (currentHeadLanguage(document) === language) return;
    }
    const controller = new AbortController();
    const titlesBefore = titleChangeCount();
    fetchPageHead(headAddress(pathname, search, language), controller.signal)
      .then((page) => applyPageHead(document, page.head, titleChangeCount() !== titlesBefore))
      .catch(() => {
        // Aborted by the next navigation, or offline: the tags stay as they were.
      });
    return () => controller.abort();
  }, [pathname, search, language]);

  return null;
}
