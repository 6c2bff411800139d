import { useMemo, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { useLanguage } from '@/hooks/use-language';
import { formatClock } from '@/utils/format';

/** A day's pickup times as the server offers them (the checkout's cart, or an order being exchanged). */
export interface OfferedTimes {
  date: string;
  status: 'available' | 'blocked' | 'out_of_range';
  times: ReadonlyArray<{ time: string }>;
  /** Why no time fits and what to do, when none does. */
  message?: string | undefined;
}

/** The pickup times offered for a day: only those at which the trip fits (the server judges each). */
export function timeOptions(pickup: OfferedTimes | undefined, format: (hhmm: string) => string): Array<{ value: string; label: string }> {
  return (pickup?.times ?? []).map(({ time }) => ({ value: time, label: format(time) }));
}

/** Whether the chosen day is open yet no time of it fits the trip (the one-day rule refuses every start). */
export function noTimeFitsOn(date: string, pickup: OfferedTimes | undefined): boolean {
  return Boolean(date) && pickup?.date === date && pickup.status === 'available' && pickup.times.length === 0;
}

type PickupTimeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  /** The chosen day ("YYYY-MM-DD", Cairo), '' until one is. */
  date: string;
  pickup: OfferedTimes | undefined;
  loading: boolean;
  error?: string | undefined;
  /** The times could not be fetched (the connection, the server): say so and offer to ask again. */
  failed?: boolean;
  onRetry?: () => void;
};

/**
 * The pickup-time picker, labelled Cairo time: only the times at which the trip fits the day plan and
 * the opening hours (the server's trip.FitOneDay for each), and why when none does.
 */
export function PickupTimeSelect({ date, pickup, loading, error, failed, onRetry, disabled, ...select }: PickupTimeSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const times = useMemo(() => timeOptions(pickup, (hhmm) => formatClock(hhmm, language)), [pickup, language]);
  const noTimeFits = noTimeFitsOn(date, pickup);
  // An empty list after a failed request would read as "no time fits": the failure is said instead.
  const unavailable = Boolean(date) && Boolean(failed) && !loading && pickup?.date !== date;
  return (
    <div className="form__full stack stack--tight">
      <SelectField
        label={t('checkout.timeCairo')}
        options={times}
        placeholder={
          date
            ? loading && !pickup
              ? t('checkout.timesLoading')
              : unavailable
                ? t('checkout.timesFailed')
                : noTimeFits
                  ? t('checkout.noTimeFits')
                  : t('checkout.chooseTime')
            : t('checkout.dateFirst')
        }
        disabled={Boolean(disabled) || !date || noTimeFits || unavailable}
        error={error}
        data-testid="pickup-time"
        {...select}
      />
      {unavailable ? (
        <div className="field__error button-row" role="alert" data-testid="pickup-times-failed">
          <span>{t('checkout.timesFailedHint')}</span>
          {onRetry ? (
            <Button type="button" variant="secondary" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
              {t('common.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {noTimeFits ? (
        <p className="field__error" role="alert" data-testid="no-pickup-time">
          {pickup?.message ?? t('checkout.noTimeFits')}
        </p>
      ) : null}
    </div>
  );
}
