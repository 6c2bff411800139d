import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/lib/toast';

import type { Cart } from '../api/get-cart';
import { useOptimiseCart, type Proposal } from '../api/optimise-cart';
import { useReorderCart } from '../api/reorder-cart';

import './cart.css';

/**
 * "Optimise order": asks the server for the stop order with the least driving
 * (start and end stay), shows it with what it saves, and lets the traveller
 * use it or keep their own order.
 */
export function OptimisePanel({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const optimise = useOptimiseCart();
  const reorder = useReorderCart();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  // A proposal is for the cart it was made for; once the cart changes it is stale.
  const current = proposal && proposal.version === cart.version ? proposal : null;
  const available = cart.data.filter((item) => item.available).length;
  if (available < 2) return null;

  const ask = () =>
    optimise.mutate(undefined, {
      onSuccess: (p) => {
        setProposal(p);
        if (!p.improves) toast.info(p.message || t('trip.alreadyOptimal'));
      },
      onError: () => toast.error(t('trip.optimiseFailed')),
    });
  const accept = (p: Proposal) =>
    reorder.mutate(
      { itemIds: p.order, reason: 'optimised' },
      {
        onSuccess: () => {
          setProposal(null);
          toast.success(t('trip.accepted'));
        },
        onError: (error) => toast.error(error.message || t('cart.moveFailed')),
      },
    );

  if (current?.improves) {
    const names = new Map(current.proposed.data.map((item) => [item.id, item.destination?.name ?? t('cart.unknownStop')]));
    return (
      <section className="proposal" aria-labelledby="proposal-title" data-testid="proposal">
        <h3 id="proposal-title" className="section-title">
          {t('trip.proposal')}
        </h3>
        <p>{t('trip.saves', { minutes: current.saves_minutes, km: current.saves_km })}</p>
        <ol>
          {current.order.map((id) => (
            <li key={id}>{names.get(id)}</li>
          ))}
        </ol>
        <div className="button-row">
          <Button onClick={() => accept(current)} loading={reorder.isPending}>
            {t('trip.accept')}
          </Button>
          <Button variant="secondary" onClick={() => setProposal(null)}>
            {t('trip.keep')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="stack">
      <Button variant="secondary" icon={<Icon name="route" size={18} />} onClick={ask} loading={optimise.isPending}>
        {t('trip.optimise')}
      </Button>
      <p className="muted small">{current && !current.improves ? t('trip.alreadyOptimal') : t('trip.optimiseLead')}</p>
    </div>
  );
}
