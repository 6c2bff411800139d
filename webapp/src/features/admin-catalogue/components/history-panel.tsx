import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';

import type { Language } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatClock, formatDate, formatMoney, formatNumber, weekdayName } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useHistory } from '../api/get-history';
import type { FieldSpec } from '../kinds';
import { formatBasisPoints } from '../values';

/** A changed field's name as its form labels it (a pickup point's kind is its "Type of place", an offer's its "Discount type"). */
function fieldLabel(field: string, spec: FieldSpec | undefined, t: TFunction): string {
  return t(`adminCatalogue.fields.${spec?.labelKey ?? field}`, { defaultValue: field });
}

/**
 * A changed value as people read it: a choice by its name in the page's language, a share in basis
 * points as a percent, working days by name, yes or no; the rest as it is.
 */
function shown(field: string, v: unknown, spec: FieldSpec | undefined, language: Language, t: TFunction): string {
  if (field === 'percent_basis_points' && typeof v === 'number') return formatBasisPoints(v, language);
  if (spec?.kind === 'choice' && typeof v === 'string' && v !== '') return t(`adminCatalogue.choices.${spec.name}.${v}`, { defaultValue: v });
  if (spec?.kind === 'weekdays' && Array.isArray(v) && v.every((d) => typeof d === 'number'))
    return v.length ? v.map((d: number) => weekdayName(d, language)).join(language === 'ar' ? '، ' : ', ') : '—';
  return clip(readable(v, language, t));
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Words in the page's language: a list item by item, a holiday by its date and name, opening hours by day and clock. */
function readable(v: unknown, language: Language, t: TFunction): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v, language);
  if (typeof v === 'boolean') return t(v ? 'adminCatalogue.yes' : 'adminCatalogue.no');
  if (Array.isArray(v)) return v.length ? v.map((item) => readable(item, language, t)).join(language === 'ar' ? '، ' : ', ') : '—';
  if (isRecord(v) && 'en' in v && 'ar' in v) return `${String(v.en)} / ${String(v.ar)}`;
  if (isRecord(v) && typeof v.minor === 'number') return formatMoney(v.minor / 100, 'EGP', language);
  if (isRecord(v) && typeof v.date === 'string' && isRecord(v.name)) {
    const name = v.name[language] ?? v.name.en;
    return `${formatCalendarDate(v.date, language)} ${typeof name === 'string' ? name : ''}`.trim();
  }
  if (isRecord(v) && typeof v.day === 'number' && typeof v.open === 'string' && typeof v.close === 'string')
    return `${weekdayName(v.day, language)} ${formatClock(v.open, language)}–${formatClock(v.close, language)}`;
  return JSON.stringify(v);
}

/**
 * Who changed what and when, from the record's events. fields are the form's fields of the record's
 * type: each change is named and its values read as that type's form shows them.
 */
export function HistoryPanel({ path, fields }: { path: string; fields?: readonly FieldSpec[] }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const history = useHistory(path);
  const language = useLanguage();
  return (
    <section className="card card--plain stack history" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        {t('adminCatalogue.history')}
      </h2>
      {history.isPending ? <Spinner label={t('common.loading')} /> : null}
      {history.isError ? <p className="field__error">{t('adminCatalogue.historyFailed')}</p> : null}
      <ol className="history__list">
        {(history.data ?? []).map((entry) => (
          <li key={entry.version} className="history__entry">
            <p>
              <strong>{t(`adminCatalogue.actions.${entry.action}`, { defaultValue: entry.action })}</strong>{separator}<bdi>{entry.actor.name || entry.actor.id}</bdi>{' '}
              <span className="muted small">({t(`admin.roles.${entry.actor.role}`, { defaultValue: entry.actor.role })})</span>{separator}<time dateTime={entry.at}>{t('common.cairoTime', { time: formatDate(entry.at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}</time>
            </p>
            {entry.changes?.length ? (
              <ul className="history__changes">
                {entry.changes.map((change) => {
                  const spec = fields?.find((f) => f.name === change.field);
                  return (
                    <li key={change.field} className="small">
                      <span className="history__field">{fieldLabel(change.field, spec, t)}</span>:{' '}
                      {entry.action === 'created' ? null : (
                        <>
                          <del>
                            <bdi>{shown(change.field, change.from, spec, language, t)}</bdi>
                          </del> →{' '}
                        </>
                      )}
                      <ins>
                        {/* A recorded value as it was typed (a phone number, an address): isolated, in its own direction. */}
                        <bdi>{shown(change.field, change.to, spec, language, t)}</bdi>
                      </ins>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
