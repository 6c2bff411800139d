import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { InputField, useFieldMessage } from '@/components/ui/field';
import { SERVICE_AREA } from '@/config/constants';

export interface Coordinates {
  lat: string;
  lng: string;
}

/**
 * Latitude and longitude with a "use my current location" button. The spec's messages cover the
 * browser saying no: 'Geolocation is not supported by this browser', 'Failed to get current location'.
 */
export function CoordinatesField({ value, onChange, error: message }: { value: Coordinates; onChange: (next: Coordinates) => void; error?: string }) {
  const { t } = useTranslation();
  const error = useFieldMessage()(message, t('account.places.location'));
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(t('account.places.geolocationUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({ lat: position.coords.latitude.toFixed(6), lng: position.coords.longitude.toFixed(6) });
      },
      () => {
        setLocating(false);
        setProblem(t('account.places.locationFailed'));
      },
      { timeout: 10000, maximumAge: 60000 },
    );
  };

  return (
    <fieldset className="coordinates">
      <legend className="field__label">{t('account.places.location')}</legend>
      <div className="form form--grid">
        <InputField label={t('account.places.lat')} inputMode="decimal" dir="ltr" value={value.lat} onChange={(event) => onChange({ ...value, lat: event.target.value })} />
        <InputField label={t('account.places.lng')} inputMode="decimal" dir="ltr" value={value.lng} onChange={(event) => onChange({ ...value, lng: event.target.value })} />
      </div>
      <Button variant="ghost" size="sm" icon={<Icon name="pin" size={16} />} loading={locating} onClick={locate}>
        {t('account.places.useMyLocation')}
      </Button>
      {problem ?? error ? (
        <p className="field__error" role="alert">
          {problem ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Parses the two inputs; null when either is empty or not a number. */
export function parseCoordinates(value: Coordinates): { lat: number; lng: number } | null {
  if (!value.lat.trim() || !value.lng.trim()) return null;
  const lat = Number(value.lat);
  const lng = Number(value.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

export function inServiceArea({ lat, lng }: { lat: number; lng: number }): boolean {
  const area = SERVICE_AREA;
  return lat >= area.minLat && lat <= area.maxLat && lng >= area.minLng && lng <= area.maxLng;
}

/** The message key for a place that cannot be saved (no location, or outside Cairo); null when fine. */
export function coordinatesIssue(value: Coordinates): string | null {
  const point = parseCoordinates(value);
  if (!point) return 'account.places.locationRequired';
  return inServiceArea(point) ? null : 'account.places.outsideArea';
}
