import { useTranslation } from 'react-i18next';

import { Icon } from '@/components/ui/icon';

import type { TripCalculations } from '../api/get-cart';

import './cart.css';

/** What checkout would refuse about this trip at this start (the server's one-day rule), or null when it fits. */
export function dayFitBlock(calculations: TripCalculations | null | undefined): string | null {
  const fit = calculations?.day_fit;
  if (!fit || fit.fits) return null;
  return fit.message ?? fit.reason ?? null;
}

/**
 * Says, before any payment, that the trip cannot be booked as one day at this start, why and what to
 * do about it (move stops to a second trip, start earlier, another day).
 */
export function DayFitNotice({ calculations, id }: { calculations: TripCalculations | null | undefined; id?: string }) {
  const { t } = useTranslation();
  const fit = calculations?.day_fit;
  if (!fit || fit.fits) return null;
  return (
    <div className="day-fit" role="alert" id={id} data-testid="day-fit" data-misfit={fit.misfit ?? ''}>
      <p className="day-fit__title">
        <Icon name="alert" size={16} /> {t('trip.notOneDay')}
      </p>
      {fit.reason ? <p className="day-fit__reason">{fit.reason}</p> : null}
      {fit.suggestion ? <p className="day-fit__suggestion" data-testid="day-fit-suggestion">{fit.suggestion}</p> : null}
    </div>
  );
}
