import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

import type { Cart } from '../api/get-cart';

/** Checkout needs more than one destination (spec section 4): until then the button stays disabled. */
export function CheckoutButton({ cart, onNavigate, block }: { cart: Cart; onNavigate?: () => void; block?: boolean }) {
  const { t } = useTranslation();
  const ready = cart.data.filter((item) => item.available).length > 1;
  return (
    <div className="stack">
      {ready ? (
        <ButtonLink to={paths.checkout} onClick={onNavigate} block={block} data-testid="checkout">
          {t('cart.checkout')}
        </ButtonLink>
      ) : (
        <Button disabled block={block} aria-describedby="checkout-needs-two" data-testid="checkout">
          {t('cart.checkout')}
        </Button>
      )}
      {!ready ? (
        <p id="checkout-needs-two" className="muted small">
          {t('cart.needTwo')}
        </p>
      ) : null}
    </div>
  );
}
