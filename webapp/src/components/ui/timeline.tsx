import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import './timeline.css';

/** A history, oldest first: what happened, each with when (Cairo time, labelled). */
export function Timeline({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ol className="timeline" data-testid={testId}>
      {children}
    </ol>
  );
}

interface TimelineItemProps {
  /** What happened, in the page's language. */
  what: string;
  /** When, an instant (ISO 8601). */
  at: string;
  /**
   * Details after what happened (an amount, a reason), in order; empty ones are left out. Each follows
   * the language's separator (common.detailSeparator): never a bare "·" in Arabic, where it reads as
   * the digit zero beside Arabic digits.
   */
  details?: ReadonlyArray<ReactNode>;
  type?: string;
}

export function TimelineItem({ what, at, details = [], type }: TimelineItemProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const separator = t('common.detailSeparator');
  return (
    <li className="timeline__item" data-type={type}>
      <span className="timeline__text">
        <span className="timeline__what">{what}</span>
        {details
          .filter((detail) => detail !== null && detail !== undefined && detail !== false && detail !== '')
          .map((detail, index) => (
            <Fragment key={index}>
              {separator}
              {detail}
            </Fragment>
          ))}
      </span>{' '}
      <time className="timeline__when muted small" dateTime={at}>
        {t('common.cairoTime', { time: formatDate(at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </time>
    </li>
  );
}

/**
 * What an order's or an enquiry's event is called (orders.timeline.<type>). An event the app has no
 * words for yet (a server newer than the app) reads as a neutral "Trip updated", never its type.
 */
export function useEventName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => t(`orders.timeline.${type}`, { defaultValue: t('orders.timelineOther') });
}
