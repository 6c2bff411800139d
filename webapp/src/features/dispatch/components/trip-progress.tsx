import { useEffect } from 'react';

import { useLanguage } from '@/hooks/use-language';
import { live } from '@/lib/live';
import { cairoToday } from '@/utils/cairo-day';
import { formatDate } from '@/utils/format';
import { formatPlate } from '@/utils/plate';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { RUNNING } from '../api/position';
import { useOwnTripProgress, useTripProgress, type TripProgress } from '../api/progress';
import { LiveCar } from './live-car';
import { useDispatchT } from './messages';
import './dispatch.css';

/** The traveller's progress strip: pickup, each stop, done; refetched whenever the trip's room says it moved. */
export function TripProgressStrip({ tripNumber, email }: { tripNumber: string; email: string }) {
  const progress = useTripProgress(tripNumber, email);
  const { refetch } = progress;
  useEffect(() => {
    const off = live.subscribe('trip.progress', (event) => {
      if (event.order_id.toUpperCase() === tripNumber.toUpperCase()) void refetch();
    });
    // A step taken before the trip's room was joined (or while the socket was away) sent its notice to
    // nobody here: read the progress again once the room is (re)joined.
    const offJoined = live.onJoined((request) => {
      if (request.room === 'trip' && request.params?.tripNumber?.toUpperCase() === tripNumber.toUpperCase()) void refetch();
    });
    return () => {
      off();
      offJoined();
    };
  }, [tripNumber, refetch]);
  if (!progress.data) return null;
  return <ProgressView progress={progress.data} />;
}

/**
 * The signed-in traveller's progress on their order page: the driver, car, plate and class once
 * assigned and every step, refetched whenever their room says the trip moved (and after the socket
 * comes back, since a notice sent while it was away is lost).
 */
export function OwnTripProgress({ orderId }: { orderId: string }) {
  const progress = useOwnTripProgress(orderId);
  const { refetch } = progress;
  useEffect(() => {
    const off = live.subscribe('trip.progress', (event) => {
      if (event.order_id.toUpperCase() === orderId.toUpperCase()) void refetch();
    });
    const offStatus = live.onStatus((status) => {
      if (status === 'connected') void refetch();
    });
    return () => {
      off();
      offStatus();
    };
  }, [orderId, refetch]);
  if (!progress.data) return null;
  return <ProgressView progress={progress.data} />;
}

export function ProgressView({ progress }: { progress: TripProgress }) {
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  const points = [t('steps.pickup'), ...progress.stops, t('status.completed')];
  const today = cairoToday();
  // How many points of the strip are reached: the pick-up, each stop, the end.
  const reached =
    progress.status === 'completed' ? points.length : progress.status === 'picked_up' ? 1 : progress.status === 'at_stop' ? 1 + progress.stop : 0;
  const name = progress.stop > 0 ? progress.stops[progress.stop - 1] : '';
  return (
    <section className="card card--plain trip-progress stack" data-testid="trip-progress" data-status={progress.status} aria-live="polite">
      <p className="eyebrow">{t('progress.title')}</p>
      <p className="trip-progress__status">{t(`status.${progress.status}`, { stop: progress.stop, name })}</p>
      {progress.driver ? (
        <p className="muted" data-testid="trip-driver">
          {/* The car (in Arabic when the catalogue names it so) and the plate are isolated, so they do not
              reorder the text around them; the plate is always written left to right. */}
          {(language === 'ar' && progress.driver.name_ar) || progress.driver.name}
          {separator}
          <bdi>{(language === 'ar' && progress.driver.vehicle_ar) || progress.driver.vehicle}</bdi>
          {separator}
          <bdi dir="auto">{formatPlate(progress.driver.plate, language)}</bdi>
          {progress.driver.phone ? (
            <>
              {separator}
              <a href={`tel:${progress.driver.phone}`} dir="ltr">
                {progress.driver.phone}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {progress.class ? (
        <p className="muted small" data-testid="trip-class">
          {t('driver.carClass', { name: (language === 'ar' && progress.class.name_ar) || progress.class.name })}
        </p>
      ) : null}
      {RUNNING.has(progress.status) ? (
        <LiveCar
          orderId={progress.order_id}
          status={progress.status}
          stop={progress.stop}
          driverTurn={progress.driver_turn}
          handedOver={progress.steps.some((step) => step.type === 'TripHandedOver')}
        />
      ) : null}
      <ol className="trip-progress__strip">
        {points.map((point, i) => (
          <li key={`${i}-${point}`} className={i < reached ? 'is-done' : i === reached ? 'is-next' : undefined}>
            {point}
          </li>
        ))}
      </ol>
      {progress.steps.length > 0 ? (
        <ol className="timeline">
          {progress.steps.map((step) => (
            <li key={`${step.type}-${step.at}-${step.stop ?? 0}`} className="timeline__item">
              <span className="timeline__what">{t(`events.${step.type}`, { name: step.name, driver: step.driver, defaultValue: step.type })}</span>
              <time className="timeline__when muted" dateTime={step.at}>
                {/* A step of another day (a driver assigned days before) says its date too. */}
                {t('driver.cairoTime', {
                  time: formatDate(step.at, language, cairoToday(new Date(step.at)) === today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }),
                })}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
