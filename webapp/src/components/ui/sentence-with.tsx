import type { ReactNode } from 'react';

/** What a caller passes as the tagged value to `t`, so the sentence can be split around it. */
export const PART = '\uE000';

/**
 * A translated sentence with one tagged value ("Page not found: <path>{{path}}</path>") drawn inside
 * an element of the caller's (a left-to-right <bdi> for a path or an address in Arabic). The caller
 * translates with PART as the value and passes the value's element as children: the sentence is split
 * at the tag, so nothing in the value (a path typed in the address bar) is ever read as markup.
 * react-i18next's <Trans> does this by parsing HTML, and weighs 4 KB of the home page's JavaScript.
 */
export function SentenceWith({ text, tag, children }: { text: string; tag: string; children: ReactNode }) {
  const tagged = `<${tag}>${PART}</${tag}>`;
  // A translation that lost its tag still places the value where it is.
  const [before, after] = text.split(text.includes(tagged) ? tagged : PART);
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
