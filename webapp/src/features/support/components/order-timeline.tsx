import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import type { Field, Moment, RecordedEvent } from '../api/support';
import { diffFields } from '../utils/diff';

import { EventDiff } from './event-diff';
import { useSupportT } from './messages';

/** An entry of a timeline: an order's or its trip's (with `part`), or an event of one stream alone. */
export type TimelineEvent = RecordedEvent & Partial<Pick<Moment, 'part' | 'from_version'>>;

type Show = 'all' | 'order' | 'trip';

/**
 * Events in the order they were recorded, each numbered in its own stream from 1 ("Event 3"), said in
 * words with who did it. An order's timeline also holds its trip's events, tagged, and can show one
 * part only; an event after the replayed version (`upTo`, the order's) is greyed out, a trip event from
 * the order version the server says (`from_version`). `withChanges`: each order event shows what it
 * changed on the order's card, against the order event before it.
 */
export function Timeline({ events, upTo, withChanges = false }: { events: TimelineEvent[]; upTo: number; withChanges?: boolean }) {
  const { t } = useSupportT();
  const language = useLanguage();
  const [show, setShow] = useState<Show>('all');
  const merged = events.some((e) => e.part === 'trip');
  const rows = changesOf(events, withChanges);
  const shown = rows.filter(({ e }) => show === 'all' || (e.part ?? 'order') === show);
  return (
    <div className="stack">
      {merged ? (
        <div className="dispatch-actions" role="group" aria-label={t('show.label')}>
          {(['all', 'order', 'trip'] as const).map((s) => (
            <Button key={s} size="sm" variant={show === s ? 'primary' : 'ghost'} aria-pressed={show === s} onClick={() => setShow(s)}>
              {t(`show.${s}`)}
            </Button>
          ))}
        </div>
      ) : null}
      <ol className="support-timeline">
        {shown.map(({ e, changes }) => {
          const m = e.metadata;
          const str = (k: string) => (typeof m[k] === 'string' ? m[k] : '');
          const trip = e.part === 'trip';
          return (
            <li
              key={e.id}
              className={[(e.from_version ?? e.version) > upTo ? 'is-future' : '', trip ? 'is-trip' : ''].filter(Boolean).join(' ') || undefined}
              data-testid="support-event"
              data-type={e.type}
              data-part={e.part}
            >
              <div>
                {e.part ? <span className="support-part">{t(trip ? 'part.trip' : 'part.order')}</span> : null}
                <strong>
                  {t(trip ? 'tripEventNumber' : 'eventNumber', { n: e.version + 1 })} · {e.type_label}
                </strong>{' '}
                <time className="muted" dateTime={e.recorded_at}>
                  {t('recordedAt', { time: formatDate(e.recorded_at, language, { dateStyle: 'medium', timeStyle: 'medium' }) })}
                </time>
              </div>
              <p className="support-summary">{e.summary}</p>
              <p className="muted">
                {t('by', { who: e.actor.label })}
              </p>
              {changes ? (
                <div className="support-changes">
                  <h4>{t('diff.title')}</h4>
                  <EventDiff changes={changes} />
                </div>
              ) : null}
              <details>
                <summary>{t('metadata')}</summary>
                <div className="muted support-meta" dir="ltr">
                  {t('streamVersion', { stream: e.stream, version: e.version })} · {e.type} · {t('command', { id: str('command_id') })}
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
    </div>
  );
}

/** Each event with what it changed on the order's card against the order event before it (null: not an order event, or not asked). */
function changesOf(events: TimelineEvent[], withChanges: boolean) {
  const out: { e: TimelineEvent; changes: ReturnType<typeof diffFields> | null }[] = [];
  let before: Field[] | undefined;
  for (const e of events) {
    out.push({ e, changes: withChanges && e.fields ? diffFields(before, e.fields) : null });
    if (e.fields) before = e.fields;
  }
  return out;
}
