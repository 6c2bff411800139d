import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { toast } from '@/lib/toast';

import { useChooseCartPoints } from '../api/choose-cart-points';
import type { Cart } from '../api/get-cart';

export interface PickupOption {
  id: string;
  name: string;
}

/**
 * Where the trip starts and ends: a pickup point for the start (or the
 * default one), and the same place or another pickup point for the end.
 * The options come from the app, which owns the pickup points' list.
 */
export function PointsEditor({ cart, pickupPoints }: { cart: Cart; pickupPoints: readonly PickupOption[] }) {
  const { t } = useTranslation();
  const choose = useChooseCartPoints();
  const start = cart.start_point;
  const end = cart.end_point;
  const [startId, setStartId] = useState(start && !start.default ? (start.pickup_point_id ?? '') : '');
  const [sameEnd, setSameEnd] = useState(end?.same_as_start ?? true);
  const [endId, setEndId] = useState(end && !end.same_as_start ? (end.pickup_point_id ?? '') : '');
  if (pickupPoints.length === 0) return null;
  const options = pickupPoints.map((p) => ({ value: p.id, label: p.name }));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    choose.mutate(
      {
        start: startId ? { pickup_point_id: startId } : null,
        end: sameEnd || !endId ? null : { pickup_point_id: endId },
      },
      {
        onSuccess: (answer) => toast.success(answer.message || t('cart.pointsSaved')),
        onError: (error) => toast.error(error.message || t('cart.pointsFailed')),
      },
    );
  };
  return (
    <form className="stack" onSubmit={submit} aria-labelledby="points-title">
      <h3 id="points-title" className="section-title">
        {t('cart.pointsTitle')}
      </h3>
      <SelectField
        label={t('cart.pickupPoint')}
        value={startId}
        onChange={(event) => setStartId(event.target.value)}
        placeholder={t('cart.defaultPickup')}
        options={options}
      />
      <fieldset className="field">
        <legend className="field__label">{t('cart.endChoice')}</legend>
        <label className="check">
          <input type="radio" name="end" checked={sameEnd} onChange={() => setSameEnd(true)} /> {t('cart.endSame')}
        </label>
        <label className="check">
          <input type="radio" name="end" checked={!sameEnd} onChange={() => setSameEnd(false)} /> {t('cart.endDifferent')}
        </label>
      </fieldset>
      {!sameEnd ? (
        <SelectField
          label={t('cart.endPoint')}
          value={endId}
          onChange={(event) => setEndId(event.target.value)}
          placeholder={t('cart.endPoint')}
          options={options}
          required
        />
      ) : null}
      <Button type="submit" variant="secondary" loading={choose.isPending}>
        {t('cart.savePoints')}
      </Button>
    </form>
  );
}
