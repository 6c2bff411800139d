import { useMemo } from 'react';

import { OPENING_HOURS } from '@/config/constants';
import { useHome } from '@/features/home/api/get-home';
import type { OpeningSchedule } from '@/utils/opening-hours';

/** The schedule the admin published (GET /api/home), or the built-in one until it loads. */
export function useOpeningSchedule(): OpeningSchedule {
  const home = useHome();
  const hours = home.data?.opening_hours;
  return useMemo(() => {
    if (!hours || hours.weekly.length === 0) return OPENING_HOURS;
    return {
      timeZone: hours.time_zone,
      days: hours.weekly.map((d) => ({ day: d.day, opens: d.open, closes: d.close })),
      holidays: hours.holidays.map((h) => h.date),
    };
  }, [hours]);
}
