import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PART, SentenceWith } from './sentence-with';

describe('a sentence with one tagged value', () => {
  it('draws the value in the caller’s element between the words around it', () => {
    const { container } = render(
      <SentenceWith text={`الصفحة غير موجودة: <path>${PART}</path>`} tag="path">
        <bdi dir="ltr">/no/such</bdi>
      </SentenceWith>,
    );
    expect(container.innerHTML).toBe('الصفحة غير موجودة: <bdi dir="ltr">/no/such</bdi>');
  });

  it('never reads the value as markup', () => {
    const { container } = render(
      <SentenceWith text={`Page not found: <path>${PART}</path>`} tag="path">
        <bdi dir="ltr">{'/</path><img src=x onerror=alert(1)>'}</bdi>
      </SentenceWith>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('Page not found: /</path><img src=x onerror=alert(1)>');
  });

  it('places the value of a translation that lost its tag where the value is', () => {
    const { container } = render(
      <SentenceWith text={`Page not found: ${PART}`} tag="path">
        <bdi>/x</bdi>
      </SentenceWith>,
    );
    expect(container.innerHTML).toBe('Page not found: <bdi>/x</bdi>');
  });
});
