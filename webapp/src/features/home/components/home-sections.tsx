import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Price } from '@/components/ui/money';
import { Photo } from '@/components/ui/photo';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { WhatsAppLink } from '@/components/ui/whatsapp-link';
import { DAILY_PLAN_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatHours, formatNumber } from '@/utils/format';

import { useHome, type HomeCard } from '../api/get-home';
import './home.css';

/**
 * The home page's opening block; the server writes it before the app runs (src/app/first-screens.tsx).
 * With the operator's picture (Admin → Home content) it fills the block behind the text, in place of
 * the drawing, in the same box: swapping one for the other moves nothing.
 */
export function Hero({ title, subtitle, photo }: { title?: string | null; subtitle?: string | null; photo?: string | null }) {
  const { t } = useTranslation();
  return (
    <section className={photo ? 'hero hero--photo' : 'hero'}>
      <div className="hero__text">
        <p className="eyebrow eyebrow--light">{t('home.heroEyebrow')}</p>
        <h1 className="hero__title">{title ?? t('home.heroTitle')}</h1>
        <p className="hero__lead">{subtitle ?? t('home.heroLead')}</p>
        <div className="button-row">
          <ButtonLink to={paths.destinations} size="lg" variant="accent">
            {t('home.heroPrimary')}
          </ButtonLink>
          <ButtonLink to={paths.programs} size="lg" variant="ghost" className="btn--on-dark">
            {t('home.heroSecondary')}
          </ButtonLink>
        </div>
      </div>
      {photo ? (
        // The page's largest paint on a phone: fetched at once and first, never lazily. Its size is the
        // block's (home.css), never the picture's, so it cannot shift the page. Only the upload's detail
        // size (at most 1600 × 1200) is offered: the list size (640 × 427) is too small to cover a block
        // 520 px high on any phone. Decorative: the text over it says what the page is.
        <img className="hero__photo" src={photo} alt="" fetchPriority="high" loading="eager" />
      ) : (
        <svg className="hero__art" viewBox="0 0 600 320" aria-hidden="true" preserveAspectRatio="xMaxYMax slice">
          <circle cx="470" cy="90" r="46" className="hero__sun" />
          <path d="M250 300 L360 150 L470 300 Z" className="hero__pyramid hero__pyramid--back" />
          <path d="M360 300 L470 130 L580 300 Z" className="hero__pyramid" />
          <path d="M150 300 L225 200 L300 300 Z" className="hero__pyramid hero__pyramid--small" />
          <path d="M0 300 C120 275 260 292 380 280 C470 272 540 286 600 278 L600 320 L0 320 Z" className="hero__nile" />
          <path d="M40 300 q30 -8 60 0" className="hero__wave" />
          <path d="M420 296 q30 -8 60 0" className="hero__wave" />
        </svg>
      )}
    </section>
  );
}

function Highlights() {
  const { t } = useTranslation();
  const items = [
    { icon: 'route' as const, title: t('home.pointBuild'), text: t('home.pointBuildText') },
    { icon: 'wallet' as const, title: t('home.pointPrice'), text: t('home.pointPriceText') },
    { icon: 'shield' as const, title: t('home.pointDriver'), text: t('home.pointDriverText') },
  ];
  return (
    <section className="highlights" aria-label={t('home.whyLabel')}>
      {items.map((item) => (
        <div key={item.title} className="highlight">
          <span className="highlight__icon">
            <Icon name={item.icon} size={24} />
          </span>
          <div>
            <h2 className="highlight__title">{item.title}</h2>
            <p className="highlight__text">{item.text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

function CardRow({ cards, to }: { cards: HomeCard[]; to: (id: string) => string }) {
  const language = useLanguage();
  return (
    <div className="card-grid">
      {cards.map((card) => (
        <article key={card.id} className="card">
          <Link to={to(card.id)} className="card__media" tabIndex={-1} aria-hidden="true">
            <Photo src={card.photo} alt="" seed={card.name} />
          </Link>
          <div className="card__body">
            <h3 className="card__title">
              <Link to={to(card.id)}>{card.name}</Link>
            </h3>
            {card.description ? <p className="card__text">{card.description}</p> : null}
            <div className="card__meta">
              {card.hours ? (
                <span className="meta">
                  <Icon name="clock" size={16} /> {formatHours(card.hours, language)}
                </span>
              ) : null}
              {card.price != null ? <Price amount={card.price} /> : null}
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}

function Section({ title, lead, link, children }: { title: string; lead?: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="section">
      <div className="section__head">
        <div>
          <h2 className="section-title">{title}</h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </div>
        {link ? (
          <Link className="section__link" to={link.to}>
            {link.label} <Icon name="arrowEnd" size={16} className="flip-rtl" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function HomeSections() {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = useHome();
  const content = home.data;
  const faq = content?.faq.length ? content.faq : (t('home.faq', { returnObjects: true }) as Array<{ question: string; answer: string }>);

  const cards = (list: HomeCard[] | null | undefined, to: (id: string) => string, emptyTitle: string) => {
    if (home.isPending) return <SkeletonGrid count={3} />;
    if (!list?.length) return <EmptyState compact icon="compass" title={emptyTitle} />;
    return <CardRow cards={list.slice(0, 6)} to={to} />;
  };

  return (
    <>
      <Hero title={content?.hero?.title} subtitle={content?.hero?.subtitle} photo={content?.hero?.photo} />
      <Highlights />
      <Section title={t('home.topPrograms')} lead={t('home.topProgramsLead')} link={{ to: paths.programs, label: t('programs.all') }}>
        {cards(content?.top_programs, paths.programDetail, t('programs.emptyTitle'))}
      </Section>
      <Section title={t('home.mostVisited')} lead={t('home.mostVisitedLead')} link={{ to: paths.destinations, label: t('destinations.browseAll') }}>
        {cards(content?.most_visited, paths.destinationDetail, t('destinations.emptyTitle'))}
      </Section>
      <section className="feature-band">
        <div className="feature-band__text">
          <p className="eyebrow">{t('home.fullDayEyebrow')}</p>
          <h2 className="section-title">{content?.full_day?.title ?? t('home.fullDayTitle', { hours: formatNumber(DAILY_PLAN_HOURS, language) })}</h2>
          <p>{content?.full_day?.description ?? t('home.fullDayText', { hours: formatNumber(DAILY_PLAN_HOURS, language) })}</p>
          <div className="button-row">
            <ButtonLink to={content?.full_day?.program ? paths.programDetail(content.full_day.program) : paths.rates}>{t('home.fullDayAction')}</ButtonLink>
            {content?.full_day?.price != null ? (
              <span className="feature-band__price">
                {t('programs.from')} <Price amount={content.full_day.price} />
              </span>
            ) : null}
          </div>
        </div>
        <div className="feature-band__clock" aria-hidden="true">
          <span className="feature-band__hours">{formatNumber(content?.full_day?.hours ?? DAILY_PLAN_HOURS, language)}</span>
          <span className="feature-band__unit">{t('home.hoursUnit')}</span>
        </div>
      </section>
      <Section title={t('home.faqTitle')}>
        <div className="faq">
          {faq.map((item) => (
            <details key={item.question} className="faq__item">
              <summary className="faq__question">
                {item.question}
                <Icon name="chevronDown" size={18} />
              </summary>
              <p className="faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
      </Section>
      <section className="cta">
        <div>
          <h2 className="cta__title">{t('home.ctaTitle')}</h2>
          <p className="cta__text">{t('home.ctaText')}</p>
        </div>
        <WhatsAppLink href={content?.whatsapp_url ?? null} variant="button" />
      </section>
    </>
  );
}
