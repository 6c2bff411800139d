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

import { useOrderHistory, useOrderSearch, useProjections, useRebuild, useStream, type OrderHistory } from '../api/support';

import { useSupportT } from './messages';
import { OrderCard } from './order-card';
import { OrderMailList } from './order-mail';
import { Timeline } from './order-timeline';
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
  // People count an order's events from 1; the server's versions (and `at`) from 0.
  const replay = t('replayAt', { n: h.at + 1, count: h.version + 1, label: h.events.find((e) => e.version === h.at)?.type_label ?? '' });
  const streams = h.related ?? h.related_streams.map((stream) => ({ stream, kind: '', label: stream }));
  return (
    <div className="stack" data-testid="support-history">
      <section className="card card--plain stack">
        <label className="support-slider">
          <span>{replay}</span>
          <input
            type="range"
            min={0}
            max={h.version}
            value={h.at}
            aria-valuetext={replay}
            onChange={(e) => setAt(Number(e.target.value))}
            data-testid="version-slider"
          />
          <span className="muted small">{t('replayHint')}</span>
        </label>
        <h3>{t('state')}</h3>
        <OrderCard fields={h.card} />
        <h3>{t('driver')}</h3>
        <OrderCard fields={h.driver} testId="support-driver" />
      </section>
      <section className="stack">
        <h3>{t(h.timeline ? 'timelineMerged' : 'timeline')}</h3>
        <Timeline events={h.timeline ?? h.events} upTo={h.at} withChanges />
      </section>
      <OrderMailList id={id} />
      <section className="card card--plain stack">
        <h3>{t('actions')}</h3>
        <p>
          <Link to="/admin/purchase_order">{t('actionsNote')}</Link>
        </p>
        <h3>{t('related')}</h3>
        <p className="muted small">{t('relatedHint')}</p>
        <div className="dispatch-actions support-related">
          {streams.map((s) => (
            <Button key={s.stream} size="sm" variant={related === s.stream ? 'primary' : 'ghost'} aria-pressed={related === s.stream} onClick={() => setRelated(s.stream)}>
              <span className="support-related__name">
                <span>{s.label}</span>
                {s.label !== s.stream ? (
                  <small className="muted" dir="ltr">
                    {s.stream}
                  </small>
                ) : null}
              </span>
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
