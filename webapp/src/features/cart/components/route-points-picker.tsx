import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { PointsMap } from '@/components/ui/map';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/hooks/use-language';
import { useSettledSelect } from '@/hooks/use-settled-select';
import { toast } from '@/lib/toast';
import { formatCoordinates } from '@/utils/coordinates';

import { useChooseCartPoints, type PointChoice } from '../api/choose-cart-points';
import type { Cart, RoutePoint } from '../api/get-cart';
import { choiceOf, customChoice, nearestPlace, type KnownPlace } from '../utils/places';

type Which = 'start' | 'end';
type Mode = 'same' | 'different';

interface RoutePointsPickerProps {
  cart: Cart;
  /** The operator's pickup points. */
  pickupPoints: readonly KnownPlace[];
  /** The traveller's saved locations. */
  savedPlaces: readonly KnownPlace[];
}

const PICKUP = 'pickup:';
const SAVED = 'saved:';

function selectValue(point: RoutePoint | null | undefined, saved: readonly KnownPlace[]): string {
  if (!point || point.default) return '';
  if (point.kind === 'pickup' && point.pickup_point_id) return PICKUP + point.pickup_point_id;
  const match = saved.find((s) => s.name === point.name && Math.abs(s.lat - point.coordinates.lat) < 1e-5 && Math.abs(s.lng - point.coordinates.lng) < 1e-5);
  return match ? SAVED + match.id : '';
}

/**
 * The checkout's start and end: the same place or two different ones (the spec's two tabs), each a
 * pickup point, a saved location, a place clicked on the map or the browser's location, named after
 * the nearest known place. Every choice is written to the cart at once, so the trip is priced from
 * there and the order is placed with it.
 */
export function RoutePointsPicker({ cart, pickupPoints, savedPlaces }: RoutePointsPickerProps) {
  const { t } = useTranslation();
  const choose = useChooseCartPoints();
  const cartMode: Mode = cart.end_point && !cart.end_point.same_as_start ? 'different' : 'same';
  const [mode, setMode] = useState<Mode>(cartMode);
  const start = choiceOf(cart.start_point);
  const end = cart.end_point && !cart.end_point.same_as_start ? choiceOf(cart.end_point) : null;

  const write = (next: { start: PointChoice | null; end: PointChoice | null }) => {
    if (!next.start) return;
    choose.mutate(next, {
      onSuccess: (answer) => toast.success(answer.message || t('cart.pointsSaved')),
      onError: (error) => toast.error(error.message || t('cart.pointsFailed')),
    });
  };
  const set = (which: Which, choice: PointChoice) =>
    which === 'start' ? write({ start: choice, end: mode === 'same' ? null : end }) : write({ start, end: choice });

  return (
    <div className="stack" data-testid="route-points">
      <Tabs
        label={t('points.modeLabel')}
        tabs={[
          { key: 'same', label: t('points.same') },
          { key: 'different', label: t('points.different') },
        ]}
        value={mode}
        onChange={(next) => {
          setMode(next);
          // Back to one place: the trip ends where it starts again.
          if (next === 'same' && cartMode === 'different') write({ start, end: null });
        }}
      >
        <div className="stack">
          <PointField
            which="start"
            label={mode === 'same' ? t('points.pickupAndReturn') : t('points.start')}
            point={cart.start_point}
            pickupPoints={pickupPoints}
            savedPlaces={savedPlaces}
            knownPlaces={knownPlacesOf(cart, pickupPoints, savedPlaces)}
            busy={choose.isPending}
            onChoose={(choice) => set('start', choice)}
          />
          {mode === 'different' ? (
            <PointField
              which="end"
              label={t('points.end')}
              point={cart.end_point && !cart.end_point.same_as_start ? cart.end_point : null}
              pickupPoints={pickupPoints}
              savedPlaces={savedPlaces}
              knownPlaces={knownPlacesOf(cart, pickupPoints, savedPlaces)}
              busy={choose.isPending}
              disabled={!start}
              onChoose={(choice) => set('end', choice)}
            />
          ) : null}
        </div>
      </Tabs>
    </div>
  );
}

function knownPlacesOf(cart: Cart, pickupPoints: readonly KnownPlace[], savedPlaces: readonly KnownPlace[]): KnownPlace[] {
  const stops = cart.data.flatMap((item) =>
    item.destination?.coordinates ? [{ id: item.destination.id, name: item.destination.name, lat: item.destination.coordinates.lat, lng: item.destination.coordinates.lng }] : [],
  );
  return [...pickupPoints, ...savedPlaces, ...stops];
}

interface PointFieldProps {
  which: Which;
  label: string;
  point: RoutePoint | null | undefined;
  pickupPoints: readonly KnownPlace[];
  savedPlaces: readonly KnownPlace[];
  knownPlaces: readonly KnownPlace[];
  busy: boolean;
  disabled?: boolean;
  onChoose: (choice: PointChoice) => void;
}

function PointField({ which, label, point, pickupPoints, savedPlaces, knownPlaces, busy, disabled, onChoose }: PointFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [mapOpen, setMapOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const options = useMemo(
    () => [
      ...pickupPoints.map((p) => ({ value: PICKUP + p.id, label: p.name })),
      ...savedPlaces.map((p) => ({ value: SAVED + p.id, label: t('checkout.points.saved', { name: p.name }) })),
    ],
    [pickupPoints, savedPlaces, t],
  );
  const value = selectValue(point, savedPlaces);
  const custom = point && !point.default && point.kind === 'custom' && !value;
  // Each choice is saved and priced again: passing over options with the arrow keys saves only the
  // one the traveller settles on.
  const select = useSettledSelect(custom ? 'custom' : value, (chosen) => {
    setProblem(null);
    if (chosen.startsWith(PICKUP)) onChoose({ pickup_point_id: chosen.slice(PICKUP.length) });
    const saved = chosen.startsWith(SAVED) ? savedPlaces.find((p) => p.id === chosen.slice(SAVED.length)) : undefined;
    if (saved) onChoose(customChoice(saved.name, saved));
  });

  // A place of the traveller's own, named after the nearest known place.
  const chooseAt = (at: { lat: number; lng: number }, mine: boolean) => {
    const near = nearestPlace(knownPlaces, at);
    const coords = formatCoordinates(at.lat, at.lng, language);
    if (!near) setProblem(t('checkout.points.addressFailed'));
    const name = near
      ? t(mine ? 'checkout.points.myLocationNear' : 'checkout.points.near', { place: near.place.name })
      : t(mine ? 'checkout.points.myLocationAt' : 'checkout.points.at', { coords });
    onChoose(customChoice(name, at));
  };

  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(t('checkout.points.geolocationUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        chooseAt({ lat: position.coords.latitude, lng: position.coords.longitude }, true);
      },
      () => {
        setLocating(false);
        setProblem(t('checkout.points.locationFailed'));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const mapPoints = useMemo(
    () => [
      ...pickupPoints.map((p) => ({ id: PICKUP + p.id, name: p.name, lat: p.lat, lng: p.lng })),
      ...(point && !point.default ? [{ id: 'chosen', name: point.name, lat: point.coordinates.lat, lng: point.coordinates.lng, kind: 'start' as const }] : []),
    ],
    [pickupPoints, point],
  );

  return (
    <fieldset className="field stack" data-testid={`route-point-${which}`} disabled={disabled}>
      <SelectField
        label={label}
        options={custom ? [{ value: 'custom', label: point.name }, ...options] : options}
        placeholder={t('points.choose')}
        {...select}
      />
      {point && !point.default ? (
        <p className="muted small" data-testid={`route-point-${which}-chosen`}>
          {t('checkout.points.chosen', { name: point.name })}
        </p>
      ) : null}
      <div className="button-row">
        <Button variant="ghost" size="sm" icon={<Icon name="pin" size={16} />} loading={locating} disabled={busy} onClick={locate}>
          {t('checkout.points.useMyLocation')}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
          {mapOpen ? t('checkout.points.hideMap') : t('checkout.points.onMap')}
        </Button>
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {mapOpen ? (
        <PointsMap
          label={t('checkout.points.mapLabel', { point: label })}
          hint={t('checkout.points.mapHint')}
          points={mapPoints}
          height={280}
          onSelect={(id) => id.startsWith(PICKUP) && onChoose({ pickup_point_id: id.slice(PICKUP.length) })}
          onPick={(at) => {
            setProblem(null);
            chooseAt(at, false);
          }}
        />
      ) : null}
    </fieldset>
  );
}
