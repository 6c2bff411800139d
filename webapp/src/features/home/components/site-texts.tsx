import type { ReactNode } from 'react';

import { useHome } from '../api/get-home';

/**
 * A text the admin edits on the home content screen (about, terms, privacy), in the UI language,
 * one paragraph per line; the fallback shows until it loads or when the admin has written nothing.
 */
export function SiteText({ page, fallback }: { page: 'about' | 'terms' | 'privacy'; fallback: ReactNode }) {
  const home = useHome();
  const text = home.data?.[page]?.trim();
  if (!text) return <>{fallback}</>;
  return (
    <div className="prose narrow">
      {text.split(/\n+/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
