import { useTranslation } from 'react-i18next';

import { cx } from '@/utils/cx';

import { Icon } from './icon';

/** The chat link base (https://wa.me/<number>) with a first message typed in. */
export function whatsappUrl(base: string, message?: string): string {
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return `${base}${text}`;
}

/** A WhatsApp chat link; nothing while the business's number is not known. */
export function WhatsAppLink({ href, variant = 'link', label }: { href: string | null; variant?: 'link' | 'button' | 'icon'; label?: string }) {
  const { t } = useTranslation();
  if (!href) return null;
  const text = label ?? t('contact.whatsapp');
  return (
    <a
      className={cx(variant === 'button' && 'btn btn--whatsapp btn--md', variant === 'link' && 'whatsapp-link', variant === 'icon' && 'icon-button')}
      href={whatsappUrl(href, t('contact.whatsappGreeting'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={variant === 'icon' ? text : undefined}
    >
      <Icon name="whatsapp" size={variant === 'icon' ? 20 : 18} />
      {variant === 'icon' ? null : <span>{text}</span>}
    </a>
  );
}
