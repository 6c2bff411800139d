import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { Field } from '../api/support';

import { OrderCard } from './order-card';

// A cancelled order's card as the server says it (commands/support, the "cancelled" line right under the status).
const cards: Record<'en' | 'ar', Field[]> = {
  en: [
    { key: 'status', label: 'Status', value: 'Cancelled' },
    { key: 'cancelled', label: 'Cancellation', value: 'Cancelled by the traveller on Wed 2 Dec 2026, 08:04 Cairo time — the business kept EGP 385.20' },
    { key: 'price', label: 'Price', value: 'EGP 770.40' },
  ],
  ar: [
    { key: 'status', label: 'الحالة', value: 'ملغى' },
    { key: 'cancelled', label: 'الإلغاء', value: 'ألغته الشركة في الأربعاء ٢ ديسمبر ٢٠٢٦، ٨:٠٤ ص بتوقيت القاهرة — احتفظت الشركة بـ٠٫٠٠ ج.م' },
    { key: 'price', label: 'السعر', value: '٧٧٠٫٤٠ ج.م' },
  ],
};

describe("a cancelled order's card in the support console", () => {
  beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

  for (const lang of ['en', 'ar'] as const) {
    it(`says who cancelled it, when and what the business kept, labelled, on a line across the card (${lang})`, () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      const { container } = render(<OrderCard fields={cards[lang]} />);
      const card = screen.getByTestId('support-card');
      const line = container.querySelector<HTMLElement>('[data-key="cancelled"]');
      expect(line).not.toBeNull();
      const cancelled = cards[lang][1] as Field;
      expect(within(line as HTMLElement).getByRole('term')).toHaveTextContent(cancelled.label);
      expect(within(line as HTMLElement).getByRole('definition')).toHaveTextContent(cancelled.value);
      // The sentence spans the card, apart from the narrow cells; the others stay cells.
      expect(line).toHaveClass('support-card__sentence');
      expect(card.querySelector('[data-key="price"]')).not.toHaveClass('support-card__sentence');
      // It follows the status, as the server orders it.
      expect([...card.children].map((el) => el.getAttribute('data-key'))).toEqual(['status', 'cancelled', 'price']);
    });
  }
});
