import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '@/components/ui/icon';
import './cart.css';

interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** Side drawer for the cart: a modal dialog that closes on Escape and on the backdrop. */
export function CartDrawer({ open, onClose, children }: CartDrawerProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby="cart-drawer-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer__sheet">
        <header className="drawer__header">
          <h2 id="cart-drawer-title" className="drawer__title">
            {t('cart.title')}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </header>
        <div className="drawer__body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
