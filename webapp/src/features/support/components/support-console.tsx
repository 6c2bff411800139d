import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InputField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { live } from '@/lib/live';
import { toast } from '@/lib/toast';
import { formatDate, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useOrderHistory, useOrderSearch, useProjections, useRebuild, useStream, type Field, type OrderHistory, type RecordedEvent } from '../api/support';
import { diffFields } from '../utils/diff';

import { EventDiff } from './event-diff';
import { useSupportT } from './messages';
import './support.css';

/** /admin/support: order search, the event timeline with metadata, time travel, and read-model rebuilds. */
export function SupportConsole() {
  const { t } = useSupportT();
  const separator = useDetailSeparator();
  const [q, setQ] = useState('');
  const [orderId, setOrderId] = useState('');
  const hits = useOrderSearch(q);
  const language = useLanguage();
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="support-grid">
        <div className="stack support-side">
          <InputField
            label={t('search')}
            hint={t('searchHint')}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            error={hits.isError ? (isApiError(hits.error) ? hits.error.message : String(hits.error)) : undefined}
            data-testid="support-search"
          />
          {hits.data ? (
            hits.data.data.length === 0 ? (
              <EmptyState compact icon="search" title={t('noHits')} />
            ) : (
              <>
                {hits.data.total > hits.data.data.length ? <p className="muted">{t('hits', { count: hits.data.total, shown: hits.data.data.length })}</p> : null}
                <ul className="support-hits" data-testid="support-hits">
                  {hits.data.data.map((h) => (
                    <li key={h.id}>
                      <button type="button" className={h.id === orderId ? 'is-active' : undefined} onClick={() => setOrderId(h.id)} data-testid="support-hit">
                        <span>
                          <strong dir="ltr">{h.id}</strong>
                          {separator}
                          {h.status_label}
                          {separator}
                          {formatDate(`${h.day}T12:00:00Z`, language, { dateStyle: 'medium' })}
                        </span>
                        <span>
                          <bdi>{h.customer}</bdi>
                        </span>
                        <span className="muted support-contact">
                          <bdi>{h.email}</bdi>{separator}<bdi dir="ltr">{h.phone}</bdi>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : null}
        </div>
        {orderId ? <OrderHistoryView key={orderId} id={orderId} /> : null}
      </div>
      <Projections />
    </>
  );
}

function OrderHistoryView({ id }: { id: string }) {
  const { t } = useSupportT();
  const [at, setAt] = useState<number | undefined>(undefined);
  const history = useOrderHistory(id, at);
  const [related, setRelated] = useState('');
  // While another version loads, the slider keeps the last state on screen.
  const [shown, setShown] = useState<OrderHistory | undefined>(undefined);
  if (history.data && history.data !== shown) setShown(history.data);
  const h = history.data ?? shown;
  if (!h) return null;
  return (
    <div className="stack" data-testid="support-history">
      <section className="card card--plain stack">
        <label className="support-slider">
          <span>{t('version', { at: h.at, last: h.version })}</span>
          <input type="range" min={0} max={h.version} value={h.at} onChange={(e) => setAt(Number(e.target.value))} data-testid="version-slider" />
        </label>
        <h3>{t('state')}</h3>
        <OrderCard fields={h.card} />
        <h3>{t('driver')}</h3>
        <OrderCard fields={h.driver} testId="support-driver" />
      </section>
      <section className="stack">
        <h3>{t('timeline')}</h3>
        <Timeline events={h.events} upTo={h.at} withChanges />
      </section>
      <section className="card card--plain stack">
        <h3>{t('actions')}</h3>
        <p>
          <Link to="/admin/purchase_order">{t('actionsNote')}</Link>
        </p>
        <h3>{t('related')}</h3>
        <div className="dispatch-actions support-related">
          {h.related_streams.map((s) => (
            <Button key={s} size="sm" variant="ghost" onClick={() => setRelated(s)}>
              <span dir="ltr">{s}</span>
            </Button>
          ))}
        </div>
        {related ? <RelatedStream stream={related} /> : null}
      </section>
    </div>
  );
}

function RelatedStream({ stream }: { stream: string }) {
  const events = useStream(stream);
  if (events.isError) return <p className="muted">{isApiError(events.error) ? events.error.message : String(events.error)}</p>;
  return events.data ? <Timeline events={events.data} upTo={Number.MAX_SAFE_INTEGER} /> : null;
}

/** The order's state at one version, line by line, as the server says it in the page's language. */
function OrderCard({ fields, testId = 'support-card' }: { fields: Field[]; testId?: string }) {
  return (
    <dl className="support-card" data-testid={testId}>
      {fields.map((f) => (
        <div key={f.key} data-key={f.key}>
          <dt>{f.label}</dt>
          <dd>
            <bdi>{f.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ events, upTo, withChanges = false }: { events: RecordedEvent[]; upTo: number; withChanges?: boolean }) {
  const { t } = useSupportT();
  const language = useLanguage();
  return (
    <ol className="support-timeline">
      {events.map((e, i) => {
        const m = e.metadata;
        const str = (k: string) => (typeof m[k] === 'string' ? m[k] : '');
        return (
          <li key={e.id} className={e.version > upTo ? 'is-future' : undefined} data-testid="support-event" data-type={e.type}>
            <div>
              <strong>
                {t('eventVersion', { version: e.version })} {e.type_label}
              </strong>{' '}
              <time className="muted" dateTime={e.recorded_at}>
                {t('recordedAt', { time: formatDate(e.recorded_at, language, { dateStyle: 'medium', timeStyle: 'medium' }) })}
              </time>
            </div>
            <p className="support-summary">{e.summary}</p>
            <p className="muted">{t('by', { who: e.actor.label })}</p>
            {withChanges && e.fields ? (
              <div className="support-changes">
                <h4>{t('diff.title')}</h4>
                <EventDiff changes={diffFields(events[i - 1]?.fields, e.fields)} />
              </div>
            ) : null}
            <details>
              <summary>{t('metadata')}</summary>
              <div className="muted support-meta" dir="ltr">
                {e.type} · {t('command', { id: str('command_id') })}
                {str('correlation_id') ? ` · ${t('correlation', { id: str('correlation_id') })}` : ''}
                {str('client_ip') ? ` · ${t('ip', { ip: str('client_ip') })}` : ''} · {t('position', { ...e.position })}
              </div>
              <pre className="support-json" dir="ltr">
                {JSON.stringify(e.data, null, 2)}
              </pre>
            </details>
          </li>
        );
      })}
    </ol>
  );
}

/** A read model's or a process's name in the page's words; one this page does not know yet, isolated as the server names it. */
function readModelName(t: (key: string, options: { defaultValue: string }) => string, name: string): string {
  const words = t(`readModel.${name}`, { defaultValue: '' });
  return words || isolate(name);
}

function Projections() {
  const { t } = useSupportT();
  const list = useProjections();
  const rebuild = useRebuild();
  const [asking, setAsking] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const { refetch } = list;
  useEffect(
    () =>
      live.subscribe('projection.rebuild', (event) => {
        const name = readModelName(t, event.projection);
        if (event.phase === 'failed') {
          toast.error(t('failed', { name, error: event.error ?? '' }));
        } else if (event.phase === 'done') {
          toast.success(t('rebuilt', { name }));
          void refetch();
        }
        setProgress((p) => ({ ...p, [event.projection]: event.phase === 'done' ? 100 : Math.round(event.percent ?? 0) }));
      }),
    [refetch, t],
  );
  return (
    <section className="stack support-projections">
      <h3>{t('projections')}</h3>
      <ul className="support-hits">
        {list.data?.map((p) => (
          <li key={p.name} className="dispatch-actions" data-testid={`projection-${p.name}`}>
            <strong>{readModelName(t, p.name)}</strong>
            <span className="muted">{t('lag', { events: p.events_processed, lag: p.lag_events })}</span>
            {p.rebuilding || (progress[p.name] ?? 100) < 100 ? (
              <span>{t('rebuilding', { percent: progress[p.name] ?? 0 })}</span>
            ) : null}
            {p.rebuildable ? (
              <Button size="sm" variant="ghost" loading={rebuild.isPending && rebuild.variables === p.name} onClick={() => setAsking(p.name)}>
                {t('rebuild')}
              </Button>
            ) : (
              <span className="muted small">{t('processNote')}</span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t('rebuildTitle', { name: asking ? readModelName(t, asking) : '' })}
        confirmLabel={t('rebuild')}
        cancelLabel={t('keep')}
        loading={rebuild.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          rebuild.mutate(asking, {
            onSettled: () => setAsking(null),
            onError: (error) => toast.error(isApiError(error) ? error.message : String(error)),
          });
        }}
      >
        <p>{t('rebuildText')}</p>
      </ConfirmDialog>
    </section>
  );
}
