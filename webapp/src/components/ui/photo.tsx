import { useState } from 'react';

import { cx } from '@/utils/cx';

interface PhotoProps {
  src?: string | null;
  alt: string;
  sizes?: string;
  className?: string;
  /** Seed for the painted fallback so each place keeps its own colours. */
  seed?: string;
  /**
   * The page's main photo, on screen as it opens (a detail page's): fetched at once and first, not
   * lazily after layout, since the page is not drawn until it is.
   */
  priority?: boolean;
}

const TONES = ['sand', 'nile', 'dusk', 'palm', 'clay'] as const;

function toneFor(seed: string): (typeof TONES)[number] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length] ?? 'sand';
}

/** Lazy-loaded photo; when there is none (or it fails) a painted placeholder keeps the layout. */
export function Photo({ src, alt, sizes = '(max-width: 760px) 100vw, 33vw', className, seed, priority = false }: PhotoProps) {
  const [failed, setFailed] = useState(false);
  const tone = toneFor(seed ?? alt);
  if (!src || failed) {
    return (
      <div className={cx('photo', 'photo--placeholder', `photo--${tone}`, className)} role="img" aria-label={alt}>
        <svg viewBox="0 0 120 60" aria-hidden="true" className="photo__art" preserveAspectRatio="xMidYMax slice">
          <circle cx="92" cy="18" r="8" className="photo__sun" />
          <path d="M0 60 L30 28 L52 50 L70 34 L98 60 Z" className="photo__dune" />
          <path d="M0 60 C30 50 60 56 120 46 L120 60 Z" className="photo__river" />
        </svg>
      </div>
    );
  }
  return (
    <img
      className={cx('photo', className)}
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'auto' : 'async'}
      sizes={sizes}
      onError={() => setFailed(true)}
    />
  );
}
