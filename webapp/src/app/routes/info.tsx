import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { OpeningHours } from '@/components/ui/opening-hours';
import { PageHeader } from '@/components/ui/page-header';
import { WhatsAppLink } from '@/components/ui/whatsapp-link';
import { paths } from '@/config/paths';
import { useTravellerPlaces } from '@/features/account/api/traveller-places';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { RoutePointsPicker } from '@/features/cart/components/route-points-picker';
import { SiteText } from '@/features/home/components/site-texts';
import { usePickupPoints } from '@/features/pickup-points/api/get-pickup-points';
import { PickupPointsList, StartEndPicker, type StartEndChoice } from '@/features/pickup-points/components/pickup-points';
import { safeReturnPath, withPickup } from '@/features/pickup-points/utils/return-path';
import { useContact } from '@/features/home/api/contact';

import { useAppCart } from '../session';

export function AboutRoute() {
  const { t } = useTranslation();
  const contact = useContact();
  return (
    <>
      <PageHeader title={t('about.title')} eyebrow={t('brand.name')} lead={t('about.lead')} />
      <div className="split split--wide">
        <div className="prose">
          <h2>{t('about.storyTitle')}</h2>
          <SiteText
            page="about"
            fallback={
              <>
                <p>{t('about.story1')}</p>
                <p>{t('about.story2')}</p>
              </>
            }
          />
          <h2>{t('about.howTitle')}</h2>
          <ol>
            <li>{t('about.how1')}</li>
            <li>{t('about.how2')}</li>
            <li>{t('about.how3')}</li>
          </ol>
        </div>
        <aside className="card card--plain stack" aria-labelledby="contact-title">
          <h2 id="contact-title" className="section-title">{t('contact.title')}</h2>
          {contact.phone ? <p className="meta"><Icon name="phone" size={18} /> <a href={`tel:${contact.phone}`} dir="ltr">{contact.phone}</a></p> : null}
          {contact.email ? <p className="meta"><Icon name="mail" size={18} /> <a href={`mailto:${contact.email}`}>{contact.email}</a></p> : null}
          {contact.address ? <p className="meta"><Icon name="pin" size={18} /> <span>{contact.address}</span></p> : null}
          <WhatsAppLink href={contact.whatsappUrl} variant="button" />
          <h3 className="subheading">{t('hours.title')}</h3>
          <OpeningHours />
        </aside>
      </div>
    </>
  );
}

function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`${page}.sections`, { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <>
      <PageHeader title={t(`${page}.title`)} lead={t(`${page}.lead`)} />
      <SiteText
        page={page}
        fallback={
          <div className="prose narrow">
            {sections.map((section) => (
              <section key={section.title}>
                <h2>{section.title}</h2>
                <p>{section.body}</p>
              </section>
            ))}
          </div>
        }
      />
    </>
  );
}

export const TermsRoute = () => <LegalPage page="terms" />;
export const PrivacyRoute = () => <LegalPage page="privacy" />;

export function PointsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('return'));
  return (
    <>
      <PageHeader title={back ? t('points.selectTitle') : t('points.title')} lead={back ? t('points.selectLead') : t('points.lead')} />
      {back ? <PickupSelection back={back} /> : null}
      <PickupPointsList />
    </>
  );
}

/** The pickup selection page of a form (the enquiry): the choice goes back to the form with the traveller. */
function PickupSelection({ back }: { back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<StartEndChoice>({ mode: 'same', start: '', end: '' });
  const end = choice.mode === 'different' ? choice.end : choice.start;
  return (
    <section className="card card--plain stack narrow section" data-testid="pickup-selection">
      <StartEndPicker value={choice} onChange={setChoice} />
      <div className="button-row">
        <Button disabled={!choice.start || !end} onClick={() => void navigate(withPickup(back, choice.start, end))}>
          {t('points.useChoice')}
        </Button>
        <ButtonLink to={back} variant="ghost">
          {t('points.backToForm')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Where the trip starts and ends: the same place, or two different ones. */
export function StartRoute() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<StartEndChoice>({ mode: 'same', start: '', end: '' });
  // Signed in, the choice is the trip's own (written to the cart, priced and ordered from there).
  const signedIn = useAuthStore(selectIsAuthenticated);
  const cart = useAppCart();
  const pickupPoints = usePickupPoints();
  const ownPlaces = useTravellerPlaces(signedIn);
  return (
    <>
      <PageHeader title={t('start.title')} lead={t('start.lead')} />
      <div className="card card--plain stack narrow">
        {signedIn && cart.data ? (
          <RoutePointsPicker
            cart={cart.data}
            pickupPoints={pickupPoints.data ?? []}
            savedPlaces={ownPlaces}
          />
        ) : (
          <StartEndPicker value={choice} onChange={setChoice} />
        )}
        <div className="button-row">
          <ButtonLink to={paths.destinations}>{t('start.next')}</ButtonLink>
          <ButtonLink to={paths.points} variant="ghost">{t('start.seePoints')}</ButtonLink>
        </div>
      </div>
    </>
  );
}
