import { Suspense, useMemo } from 'react';

import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { lazyComponent } from '@/lib/lazy-component';
import { formatDate, formatNumber } from '@/utils/format';

import { useLivePosition, type LivePosition } from '../api/position';
import { useDispatchT } from './messages';

// Loaded again after a failure: a traveller following their car loses the connection now and then.
const LiveCarMap = lazyComponent(() => import('./live-car-map').then((module) => module.LiveCarMap));

/**
 * The car on the map while the trip runs, with the minutes to its next stop: for the traveller on
 * their order page and on /tripstatus. Shown only once the driver shares a position. driverTurn is the
 * trip's driver turn now (never the driver's id): after a hand-over (handedOver) the former driver's
 * car goes, and the page says the new driver's appears once they share.
 */
export function LiveCar({
  orderId,
  status,
  stop,
  driverTurn,
  handedOver = false,
}: {
  orderId: string;
  status: string;
  stop: number;
  driverTurn?: number;
  handedOver?: boolean;
}) {
  const position = useLivePosition(orderId, driverTurn);
  if (!position) return <LiveCarWaiting handedOver={handedOver} />;
  // A position sent before the trip's latest step heads for a stop already reached: its next stop
  // and minutes wait for the next position, the car stays on the map.
  const current = position.status === status && position.stop === stop;
  return <LiveCarView position={position} current={current} />;
}

function LiveCarWaiting({ handedOver }: { handedOver: boolean }) {
  const { t } = useDispatchT();
  return (
    <p className="muted small" data-testid="live-car-waiting">
      {handedOver ? t('tracking.waitingNewDriver') : t('tracking.waiting')}
    </p>
  );
}

function LiveCarView({ position, current }: { position: LivePosition; current: boolean }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const next = current ? position.next : undefined;
  const nextName = next ? (language === 'ar' && next.name_ar) || next.name_en : '';
  const nextLat = next?.lat;
  const nextLng = next?.lng;
  // Stable while the next stop stays the same, so the map only moves the car.
  const nextPoint = useMemo(
    () => (nextLat !== undefined && nextLng !== undefined ? { lat: nextLat, lng: nextLng, name: nextName } : undefined),
    [nextLat, nextLng, nextName],
  );
  const eta = position.eta_minutes;
  return (
    <div className="live-car stack" data-testid="live-car" data-lat={position.lat} data-lng={position.lng}>
      {next ? (
        <p className="live-car__eta" data-testid="live-car-eta">
          {eta === undefined
            ? t(`tracking.heading.${next.kind}`, { name: nextName })
            : eta === 0
              ? t(`tracking.arriving.${next.kind}`, { name: nextName })
              : t(`tracking.eta.${next.kind}`, { name: nextName, minutes: t('tracking.minutes', { count: eta, n: formatNumber(eta, language) }) })}
        </p>
      ) : null}
      <LoadFailureBoundary compact>
        <Suspense
          fallback={
            <div className="points-map-placeholder" style={{ height: 280 }} aria-busy="true">
              <Spinner />
            </div>
          }
        >
          <LiveCarMap car={position} next={nextPoint} label={t('tracking.mapLabel')} carLabel={t('tracking.car')} />
        </Suspense>
      </LoadFailureBoundary>
      <p className="muted small" data-testid="live-car-updated">
        {t('tracking.updated', { time: t('driver.cairoTime', { time: formatDate(position.at, language, { timeStyle: 'medium' }) }) })}
      </p>
    </div>
  );
}
