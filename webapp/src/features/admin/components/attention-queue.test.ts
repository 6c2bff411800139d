import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n';
import arAdmin from '@/locales/ar/admin.json';
import enAdmin from '@/locales/en/admin.json';

import { attentionLink, kindKey } from './attention-queue';
import { daysBetween } from './dashboard-insights';

describe('the dashboard', () => {
  it('lists every Cairo date of a period, both ends included, across a month and a daylight-saving change', () => {
    expect(daysBetween('2026-10-29', '2026-11-02')).toEqual(['2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-26', '2026-11-26')).toEqual(['2026-11-26']);
    expect(daysBetween('2026-11-01', '2026-11-30')).toHaveLength(30);
  });

  it('links each attention item to where staff settle it', () => {
    const since = '2026-11-26T09:00:00Z';
    expect(attentionLink({ kind: 'amount_mismatch', order_id: 'MSH-ABC234', amount: 1, since })).toBe('/admin/purchase_order?q=MSH-ABC234');
    expect(attentionLink({ kind: 'refund_requested', order_id: 'MSH-ABC234', amount: 0, since })).toBe('/admin/purchase_order?q=MSH-ABC234');
    expect(attentionLink({ kind: 'no_driver', order_id: 'MSH-ABC234', amount: 0, since, day: '2026-11-27' })).toBe('/admin/trip?date=2026-11-27');
    expect(attentionLink({ kind: 'driver_taken_off', order_id: 'MSH-ABC234', amount: 0, since, day: '2026-12-03' })).toBe('/admin/trip?date=2026-12-03');
    expect(attentionLink({ kind: 'stuck_step', step_id: 'j-1', amount: 0, since })).toBe('/admin/process-steps');
  });
});

describe('a start the office now refuses, in the needs-attention queue', () => {
  it.each(['quote_on_closed_day', 'trip_on_closed_day'])('names %s in words of its own, in English and Arabic', (kind) => {
    expect(kindKey(kind)).toBe(kind);
    const resources = { en: { translation: enAdmin }, ar: { translation: arAdmin } };
    for (const language of ['en', 'ar'] as const) {
      const words = createI18n(language, resources).t(`admin.dashboard.attention.kinds.${kind}`);
      expect(words).not.toContain('attention.kinds');
      expect(words).not.toBe(createI18n(language, resources).t('admin.dashboard.attention.kinds.other'));
    }
  });
});
