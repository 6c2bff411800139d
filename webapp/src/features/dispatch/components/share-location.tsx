import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import { live } from '@/lib/live';

import { sendPosition } from '../api/position';
import { useDispatchT } from './messages';

type Sharing = 'off' | 'asking' | 'on' | 'denied' | 'unavailable';

// The browser's geolocation fires as often as the phone likes; the server keeps one a second.
const MIN_INTERVAL_MS = 1_100;

/**
 * The driver's "share my location" switch on a running trip. Off until the driver turns it on (the
 * browser then asks for consent); while on, each new fix is sent over the live channel; it stops when
 * turned off, when the trip ends (the component leaves the page) or when the page closes.
 */
export function ShareLocation({ orderId }: { orderId: string }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const [sharing, setSharing] = useState<Sharing>('off');
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lastSent = useRef(0);

  const active = sharing === 'asking' || sharing === 'on';
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: GeolocationPosition | null = null;
    // The fix last sent without an answer (not connected, or no answer in time): the socket may still
    // deliver it once the connection is back, so it is sent again then, and its answer says whether
    // the driver's location reaches the traveller — a parked car may give no new fix for a while.
    let heldBack: GeolocationPosition | null = null;
    const deliver = (fix: GeolocationPosition, again: boolean) => {
      lastSent.current = Date.now();
      sendPosition(orderId, fix)
        .then((reply) => {
          // Sent again: "too often" means the held-back one has just reached the traveller.
          if (reply.ok || (again && reply.code === 'tracking.too_often')) {
            if (heldBack === fix) heldBack = null;
            setRefusal(null);
            setSentAt(new Date().toISOString());
          } else if (reply.code !== 'tracking.too_often') {
            setRefusal(reply.message ?? t('tracking.failed'));
          }
        })
        .catch(() => {
          heldBack = fix;
          setRefusal(t('tracking.offline'));
          // No answer in time though connected again by now (the connection came back while it
          // waited): no reconnection will come to send it again, so it goes now, once.
          if (!again && live.status === 'connected') deliver(fix, true);
        });
    };
    const send = () => {
      timer = undefined;
      if (!latest) return;
      const fix = latest;
      latest = null;
      heldBack = null;
      deliver(fix, false);
    };
    const offStatus = live.onStatus((status) => {
      // Back online: the fix held back goes again, unless a newer one is on its way.
      if (status !== 'connected' || !heldBack || latest) return;
      deliver(heldBack, true);
    });
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setSharing('on');
        // The newest fix goes at once, or as soon as a second has passed since the last one sent.
        latest = fix;
        const wait = MIN_INTERVAL_MS - (Date.now() - lastSent.current);
        if (wait <= 0) send();
        else timer ??= setTimeout(send, wait);
      },
      (error) => {
        // A refusal ends sharing; a fix the phone cannot get now (no signal) does not: it keeps trying.
        if (error.code === error.PERMISSION_DENIED) setSharing('denied');
        else setRefusal(t('tracking.unavailable'));
      },
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      offStatus();
      if (timer) clearTimeout(timer);
    };
  }, [active, orderId, t]);

  const on = active;
  return (
    <div className="share-location" data-testid="share-location" data-sharing={sharing}>
      <Button
        // Never the colour of the trip's next step, the button the driver comes for.
        variant="secondary"
        block
        aria-pressed={on}
        data-testid="share-location-toggle"
        onClick={() => {
          setRefusal(null);
          setSharing(on ? 'off' : 'geolocation' in navigator ? 'asking' : 'unavailable');
        }}
      >
        {on ? t('tracking.stop') : t('tracking.share')}
      </Button>
      <p className="muted small" role="status" data-testid="share-location-status">
        {sharing === 'on' && refusal
          ? t('tracking.notReaching')
          : sharing === 'on'
          ? sentAt
            ? t('tracking.sharingSince', { time: t('driver.cairoTime', { time: formatDate(sentAt, language, { timeStyle: 'medium' }) }) })
            : t('tracking.sharing')
          : sharing === 'asking'
            ? t('tracking.asking')
            : sharing === 'denied'
              ? t('tracking.denied')
              : sharing === 'unavailable'
                ? t('tracking.unavailable')
                : t('tracking.off')}
      </p>
      {refusal ? (
        <p className="share-location__error" role="alert" data-testid="share-location-error">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
