import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { isApiError } from '@/lib/api-client';
import { PaymentPageTimeout } from '@/lib/payment-page';
import { toast } from '@/lib/toast';
import { formatCalendarDate, formatClock, formatDate, formatMoney, isolate } from '@/utils/format';

import { useEnquiryByLink, usePayEnquiryByLink, type LinkedEnquiry } from '../api/enquiry-link';
import './enquiries.css';

/**
 * /enquiry/{trip number}?key={secret}: the enquiry its e-mailed link opens, for a traveller with or
 * without an account. Under review it says so; quoted, it shows the price and pays it (the payment
 * page then comes back to /payments/{trip number}); never a sign-in page.
 */
export function EnquiryLink({ tripNumber, token }: { tripNumber: string; token: string }) {
  const { t } = useTranslation();
  const enquiry = useEnquiryByLink(tripNumber, token);
  if (!token) {
    return <EmptyState icon="alert" title={t('enquiryLink.badTitle')} description={t('enquiryLink.badText')} action={<ButtonLink to={paths.tripStatus}>{t('tripStatus.title')}</ButtonLink>} />;
  }
  if (enquiry.isPending) return <SkeletonGrid count={2} variant="row" />;
  if (enquiry.isError) {
    const message = isApiError(enquiry.error) && enquiry.error.status === 429 ? enquiry.error.message : t('enquiryLink.badText');
    return <EmptyState icon="alert" title={t('enquiryLink.badTitle')} description={message} action={<ButtonLink to={paths.tripStatus}>{t('tripStatus.title')}</ButtonLink>} />;
  }
  return <EnquiryCard enquiry={enquiry.data} token={token} />;
}

function EnquiryCard({ enquiry, token }: { enquiry: LinkedEnquiry; token: string }) {
  const arrow = useRouteArrow();
  const { t } = useTranslation();
  const language = useLanguage();
  const pay = usePayEnquiryByLink();
  const trip = enquiry.trip;
  const quote = enquiry.quote;
  // A quote on a day the office has since closed (a holiday added): not payable, and the traveller has
  // no date to change; the office gives it a new one.
  const newDate = enquiry.status === 'quoted' && enquiry.needs_new_date === true;
  const status = newDate ? 'needs_new_date' : enquiry.status;
  return (
    <div className="narrow stack" data-testid="enquiry-link" data-status={status}>
      <div className="card card--plain stack">
        <p className="muted">{t('enquiryLink.tripNumber', { number: isolate(enquiry.trip_number) })}</p>
        <h2 className="section-title" data-testid="enquiry-link-status">{t(`enquiryLink.status.${status}`, { defaultValue: status })}</h2>
        <dl className="enquiry-facts">
          <dt>{t('enquiryLink.about')}</dt>
          <dd>{enquiry.about === 'program' && trip.program ? trip.program : trip.stops.map((stop) => stop.name).join(arrow)}</dd>
          <dt>{t('enquiryLink.when')}</dt>
          <dd>
            {trip.date ? `${formatCalendarDate(trip.date, language, { dateStyle: 'full' })}${language === 'ar' ? '، ' : ', '}${formatClock(trip.time, language)} ${t('enquiryLink.cairoTime')}` : t('enquiryLink.whenOpen')}
          </dd>
          {trip.pickup.name ? (
            <>
              <dt>{t('enquiryLink.pickup')}</dt>
              <dd>{trip.pickup.name}</dd>
            </>
          ) : null}
          <dt>{t('enquiryLink.rate')}</dt>
          <dd>{trip.rate_plan.name}</dd>
          {enquiry.travellers ? (
            <>
              <dt>{t('enquiryLink.group')}</dt>
              <dd data-testid="enquiry-link-group">{t('enquiryLink.groupSize', { count: enquiry.travellers })}</dd>
            </>
          ) : null}
          {enquiry.comments?.trim() ? (
            <>
              <dt>{t('enquiryLink.comments')}</dt>
              {/* The traveller's own words, as text (never markup), their line breaks kept by the style. */}
              <dd className="enquiry-comments" data-testid="enquiry-link-comments">{enquiry.comments.trim()}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {enquiry.status === 'quoted' && quote ? (
        <div className="card card--plain stack" data-testid="enquiry-quote">
          <h2 className="section-title">{t('enquiryLink.quoteTitle')}</h2>
          <p className="enquiry-price" data-testid="enquiry-quote-amount">{formatMoney(quote.amount.amount, 'EGP', language)}</p>
          {quote.note ? <p>{quote.note}</p> : null}
          <p className="muted">
            {t('enquiryLink.validUntil', { when: `${formatDate(quote.valid_until, language, { dateStyle: 'medium', timeStyle: 'short' })} ${t('enquiryLink.cairoTime')}` })}
          </p>
          {newDate ? (
            <>
              <p data-testid="enquiry-needs-new-date">{t('enquiryLink.needsNewDate')}</p>
              <ButtonLink to={paths.about} variant="secondary">
                {t('enquiryLink.contactUs')}
              </ButtonLink>
            </>
          ) : (
          /* A lapsed offer is the server's to say (409), when paying is tried. */
          <Button
              block
              loading={pay.isPending}
              data-testid="enquiry-pay"
              onClick={() =>
                pay.mutate(
                  { tripNumber: enquiry.trip_number, token },
                  {
                    onSuccess: (url) => window.location.assign(url),
                    onError: (error) => toast.error(error instanceof PaymentPageTimeout ? t('orders.payPageSlow') : isApiError(error) && error.message ? error.message : t('enquiryLink.payFailed')),
                  },
                )
              }
            >
              {t('payments.payNow')}
            </Button>
          )}
        </div>
      ) : null}
      {enquiry.status === 'submitted' ? <p className="muted" data-testid="enquiry-under-review">{t('enquiryLink.underReview')}</p> : null}
      {enquiry.status === 'declined' ? <p className="muted">{t('enquiryLink.declined')}</p> : null}
      {enquiry.status === 'converted' ? (
        <ButtonLink to={`${paths.tripStatus}?trip=${encodeURIComponent(enquiry.trip_number)}`}>{t('enquiryLink.followTrip')}</ButtonLink>
      ) : null}
    </div>
  );
}
