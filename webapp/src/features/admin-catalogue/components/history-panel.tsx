import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';

import { useHistory } from '../api/get-history';

function short(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v.length > 80 ? `${v.slice(0, 80)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && 'en' in v && 'ar' in v) return short(`${String(v.en)} / ${String(v.ar)}`);
  if (typeof v === 'object' && 'minor' in v && typeof v.minor === 'number') return `${(v.minor / 100).toFixed(2)} EGP`;
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** Who changed what and when, from the record's events. */
export function HistoryPanel({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const history = useHistory(path);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
              <strong>{t(`adminCatalogue.actions.${entry.action}`, { defaultValue: entry.action })}</strong> · {entry.actor.name || entry.actor.id}{' '}
              <span className="muted small">({entry.actor.role})</span> · <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
            </p>
            {entry.changes?.length ? (
              <ul className="history__changes">
                {entry.changes.map((change) => (
                  <li key={change.field} className="small">
                    <span className="history__field">{t(`adminCatalogue.fields.${change.field}`, { defaultValue: change.field })}</span>:{' '}
                    {entry.action === 'created' ? null : (
                      <>
                        <del dir="auto">{short(change.from)}</del> →{' '}
                      </>
                    )}
                    <ins dir="auto">{short(change.to)}</ins>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
