import { useTranslation } from 'react-i18next';

import { OPENING_HOURS } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useNow } from '@/hooks/use-now';
import { formatClock, localeTag, weekdayName } from '@/utils/format';
import { listFormat } from '@/utils/intl-formatters';
import { closedDays, groupOpeningDays, isOpenAt, type OpeningSchedule } from '@/utils/opening-hours';

/** The published schedule by default; the app passes the one the admin set when it has loaded. */
interface ScheduleProps {
  schedule?: OpeningSchedule;
}

export function OpenNowBadge({ schedule = OPENING_HOURS }: ScheduleProps) {
  const { t } = useTranslation();
  const open = isOpenAt(schedule, useNow());
  return (
    <span className={open ? 'badge badge--open' : 'badge badge--closed'}>
      <span className="badge__dot" aria-hidden="true" />
      {open ? t('hours.openNow') : t('hours.closedNow')}
    </span>
  );
}

export function OpeningHours({ showStatus = true, schedule = OPENING_HOURS }: ScheduleProps & { showStatus?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groups = groupOpeningDays(schedule);
  const closed = closedDays(schedule);
  const dayRange = (from: number, to: number) =>
    from === to ? weekdayName(from, language) : t('hours.range', { from: weekdayName(from, language), to: weekdayName(to, language) });

  return (
    <div className="opening-hours">
      {showStatus ? <OpenNowBadge schedule={schedule} /> : null}
      <dl className="opening-hours__list">
        {groups.map((group) => (
          <div key={group.from} className="opening-hours__row">
            <dt>{dayRange(group.from, group.to)}</dt>
            <dd>
              {t('hours.span', { opens: formatClock(group.opens, language), closes: formatClock(group.closes, language) })}
            </dd>
          </div>
        ))}
        {closed.length ? (
          <div className="opening-hours__row">
            <dt>{listFormat(localeTag(language), { type: 'conjunction' }).format(closed.map((d) => weekdayName(d, language)))}</dt>
            <dd>{t('hours.closed')}</dd>
          </div>
        ) : null}
      </dl>
      <p className="opening-hours__note">{t('hours.holidays')}</p>
    </div>
  );
}
