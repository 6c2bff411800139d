import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';

import type { Language } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatClock, formatDate, formatMoney, formatNumber, weekdayName } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useHistory, type HistoryEntry } from '../api/get-history';
import { useReferenced, type Referenced } from '../api/referenced';
import type { FieldKind, FieldSpec } from '../kinds';
import { asString, asText, formatBasisPoints } from '../values';

/** The section a home content's group of fields is edited under (its fields' labels are each their own). */
const GROUPS: Readonly<Record<string, string>> = {
  hero: 'adminCatalogue.heroSection',
  full_day_ride: 'adminCatalogue.rideSection',
  contact: 'adminCatalogue.contactSection',
  faq: 'adminCatalogue.faqSection',
};

/** A changed field's name as its form labels it (a pickup point's kind is its "Type of place", an offer's its "Discount type"). */
function fieldLabel(field: string, spec: FieldSpec | undefined, t: TFunction): string {
  const group = GROUPS[field];
  if (group) return t(group);
  return t(`adminCatalogue.fields.${spec?.labelKey ?? field}`, { defaultValue: field.split('.').at(-1) ?? field });
}

/** The collections each kind of reference field names a record of. */
const REFERENCES: Partial<Record<FieldKind, string>> = {
  category: '/api/admin/categories',
  program: '/api/admin/programs',
  programs: '/api/admin/programs',
  destinations: '/api/admin/destinations',
  ratePlans: '/api/admin/rate-plans',
};

const NO_RECORD = '00000000-0000-0000-0000-000000000000';

/** How a history's values are read: in which language, and what a referenced record is called. */
interface Reading {
  language: Language;
  t: TFunction;
  /** The collection a field (by its path: "full_day_ride.program_id") names records of. */
  references: Readonly<Record<string, string>>;
  referenced: (endpoint: string, id: string) => Referenced;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isBilingual(v: unknown): v is Record<'en' | 'ar', unknown> {
  return isRecord(v) && 'en' in v && 'ar' in v;
}

/** A bilingual name in the page's language (the other one when it has none). */
function inLanguage(v: Record<'en' | 'ar', unknown>, language: Language): string {
  const own = v[language];
  const other = v[language === 'ar' ? 'en' : 'ar'];
  return (typeof own === 'string' && own) || (typeof other === 'string' ? other : '');
}

/** A referenced record by its name in the page's language; one the server no longer has is said to be removed, never shown by its id. */
function referenceName(endpoint: string, id: string, r: Reading): string {
  if (id === '' || id === NO_RECORD) return '—';
  const found = r.referenced(endpoint, id);
  if (found.state === 'loading') return r.t('common.loading');
  if (found.state === 'missing') return r.t('adminCatalogue.removedRecord');
  const name = inLanguage(asText(found.record.name ?? found.record.title), r.language) || asString(found.record.slug) || r.t('adminCatalogue.removedRecord');
  return found.record.archived ? r.t('adminCatalogue.archivedRecord', { name }) : name;
}

/** The ids of referenced records a value holds, with their collections (a list of ids, one id, or one inside a group). */
function referencesIn(v: unknown, path: string, references: Readonly<Record<string, string>>, out: Array<{ endpoint: string; id: string }>) {
  const endpoint = references[path];
  if (endpoint) {
    for (const id of typeof v === 'string' ? [v] : Array.isArray(v) ? v : []) {
      if (typeof id === 'string' && id !== '' && id !== NO_RECORD && !out.some((x) => x.endpoint === endpoint && x.id === id)) out.push({ endpoint, id });
    }
    return;
  }
  if (isRecord(v) && !isBilingual(v)) for (const [key, inner] of Object.entries(v)) referencesIn(inner, `${path}.${key}`, references, out);
}

/**
 * A changed value as people read it: a choice by its name in the page's language, a share in basis
 * points as a percent, working days by name, a referenced record by its name, yes or no; the rest as it is.
 */
function shown(field: string, v: unknown, spec: FieldSpec | undefined, r: Reading): string {
  if (field === 'percent_basis_points' && typeof v === 'number') return formatBasisPoints(v, r.language);
  if (spec?.kind === 'choice' && typeof v === 'string' && v !== '') return r.t(`adminCatalogue.choices.${spec.name}.${v}`, { defaultValue: v });
  if (spec?.kind === 'weekdays' && Array.isArray(v) && v.every((d) => typeof d === 'number'))
    return v.length ? v.map((d: number) => weekdayName(d, r.language)).join(r.language === 'ar' ? '، ' : ', ') : '—';
  return clip(readable(v, field, r));
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Words in the page's language: a list item by item, a referenced record by its name, a holiday by
 * its date and name, opening hours by day and clock, a group of fields (the home page's full-day
 * ride) field by field.
 */
function readable(v: unknown, path: string, r: Reading): string {
  const { language, t } = r;
  const list = language === 'ar' ? '، ' : ', ';
  if (v === null || v === undefined || v === '') return '—';
  const endpoint = r.references[path];
  if (endpoint) {
    // The server may have named the record itself (the default pickup point): in the page's language.
    if (isBilingual(v)) return inLanguage(v, language);
    if (typeof v === 'string') return referenceName(endpoint, v, r);
    if (Array.isArray(v)) return v.length ? v.map((id) => (typeof id === 'string' ? referenceName(endpoint, id, r) : readable(id, '', r))).join(list) : '—';
  }
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v, language);
  if (typeof v === 'boolean') return t(v ? 'adminCatalogue.yes' : 'adminCatalogue.no');
  if (Array.isArray(v)) return v.length ? v.map((item) => readable(item, `${path}.item`, r)).join(list) : '—';
  if (isBilingual(v)) return `${String(v.en)} / ${String(v.ar)}`;
  if (isRecord(v) && typeof v.minor === 'number') return formatMoney(v.minor / 100, 'EGP', language);
  if (isRecord(v) && typeof v.date === 'string' && isRecord(v.name)) {
    const name = v.name[language] ?? v.name.en;
    return `${formatCalendarDate(v.date, language)} ${typeof name === 'string' ? name : ''}`.trim();
  }
  if (isRecord(v) && typeof v.day === 'number' && typeof v.open === 'string' && typeof v.close === 'string')
    return `${weekdayName(v.day, language)} ${formatClock(v.open, language)}–${formatClock(v.close, language)}`;
  if (isRecord(v)) {
    const parts = Object.entries(v).map(([key, inner]) => `${fieldLabel(`${path}.${key}`, undefined, t)}: ${readable(inner, `${path}.${key}`, r)}`);
    return parts.join(language === 'ar' ? '؛ ' : '; ');
  }
  return JSON.stringify(v);
}

/**
 * Who changed what and when, from the record's events. fields are the form's fields of the record's
 * type: each change is named and its values read as that type's form shows them, a referenced
 * record (a program's destinations, an offer's rate plans) by its name. references names the
 * collections of reference fields that are not a form's (the settings' default pickup point).
 */
// A change the system made (the demo data, an automatic step) is recorded under a fixed actor id
// with the role "system": named in the page's language, not by the name the server gives it.
function actorName(actor: HistoryEntry['actor'], t: TFunction): string {
  if (actor.role === 'system') return t(`adminCatalogue.systemActors.${actor.id}`, { defaultValue: t('adminCatalogue.systemActors.system') });
  return actor.name || actor.id;
}

export function HistoryPanel({ path, fields, references: extra }: { path: string; fields?: readonly FieldSpec[]; references?: Readonly<Record<string, string>> }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const history = useHistory(path);
  const language = useLanguage();
  const references: Record<string, string> = { ...extra };
  for (const f of fields ?? []) {
    const endpoint = REFERENCES[f.kind];
    if (endpoint) references[f.name] = endpoint;
  }
  const ids: Array<{ endpoint: string; id: string }> = [];
  for (const entry of history.data ?? []) for (const c of entry.changes ?? []) for (const v of [c.from, c.to]) referencesIn(v, c.field, references, ids);
  const referenced = useReferenced(ids);
  const reading: Reading = { language, t, references, referenced };
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
              <strong>{t(`adminCatalogue.actions.${entry.action}`, { defaultValue: entry.action })}</strong>{separator}<bdi>{actorName(entry.actor, t)}</bdi>{' '}
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
                            <bdi>{shown(change.field, change.from, spec, reading)}</bdi>
                          </del> →{' '}
                        </>
                      )}
                      <ins>
                        {/* A recorded value as it was typed (a phone number, an address): isolated, in its own direction. */}
                        <bdi>{shown(change.field, change.to, spec, reading)}</bdi>
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
