import { useTranslation } from 'react-i18next';

import { CONTACT } from '@/config/constants';
import { cx } from '@/utils/cx';

import { Icon } from './icon';

export function whatsappUrl(message?: string): string {
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return `https://wa.me/${CONTACT.whatsappNumber}${text}`;
}

export function WhatsAppLink({ variant = 'link', label }: { variant?: 'link' | 'button' | 'icon'; label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('contact.whatsapp');
  return (
    <a
      className={cx(variant === 'button' && 'btn btn--whatsapp btn--md', variant === 'link' && 'whatsapp-link', variant === 'icon' && 'icon-button')}
      href={whatsappUrl(t('contact.whatsappGreeting'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={variant === 'icon' ? text : undefined}
    >
      <Icon name="whatsapp" size={variant === 'icon' ? 20 : 18} />
      {variant === 'icon' ? null : <span>{text}</span>}
    </a>
  );
}
