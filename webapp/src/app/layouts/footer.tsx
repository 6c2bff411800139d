import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { OpeningHours } from '@/components/ui/opening-hours';
import { WhatsAppLink } from '@/components/ui/whatsapp-link';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { useContact } from '@/features/home/api/contact';

import { useOpeningSchedule } from '../use-opening-schedule';

import { Logo } from './header';

export function SiteFooter() {
  const { t } = useTranslation();
  const language = useLanguage();
  const schedule = useOpeningSchedule();
  const contact = useContact();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p>{t('footer.about')}</p>
          <WhatsAppLink href={contact.whatsappUrl} variant="button" />
        </div>
        <nav aria-label={t('footer.explore')}>
          <h2 className="site-footer__title">{t('footer.explore')}</h2>
          <ul className="site-footer__links">
            <li><Link to={paths.destinations}>{t('nav.destinations')}</Link></li>
            <li><Link to={paths.categories}>{t('nav.categories')}</Link></li>
            <li><Link to={paths.programs}>{t('nav.programs')}</Link></li>
            <li><Link to={paths.rates}>{t('nav.rates')}</Link></li>
            <li><Link to={paths.points}>{t('nav.points')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.help')}>
          <h2 className="site-footer__title">{t('footer.help')}</h2>
          <ul className="site-footer__links">
            <li><Link to={paths.tripStatus}>{t('nav.tripStatus')}</Link></li>
            <li><Link to={paths.about}>{t('nav.about')}</Link></li>
            <li><Link to={paths.terms}>{t('nav.terms')}</Link></li>
            <li><Link to={paths.privacy}>{t('nav.privacy')}</Link></li>
            {contact.email ? <li><a href={`mailto:${contact.email}`}>{contact.email}</a></li> : null}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">{t('hours.title')}</h2>
          <OpeningHours schedule={schedule} />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright', { year: formatNumber(new Date().getFullYear(), language, { useGrouping: false }) })}</p>
        <p>{t('brand.serviceArea')}</p>
      </div>
    </footer>
  );
}
