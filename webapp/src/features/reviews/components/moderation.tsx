import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatDate, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useModerate, useModerationList } from '../api/moderation';
import type { Review, ReviewStatus } from '../api/types';
import { Stars } from './stars';
import './reviews.css';

/** Staff's moderation of reviews: the pending queue (oldest first), and the approved and rejected ones. */
export function ReviewModeration() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const list = useModerationList(status);
  return (
    <>
      <PageHeader title={t('reviews.moderationTitle')} lead={t('reviews.moderationLead')} />
      <Tabs
        label={t('reviews.moderationTitle')}
        tabs={(['pending', 'approved', 'rejected'] as const).map((key) => ({ key, label: t(`reviews.tab.${key}`) }))}
        value={status}
        onChange={setStatus}
      >
        <QueryView query={list} loading={<Spinner />} isEmpty={(rows) => rows.length === 0} empty={<p className="muted">{t('reviews.moderationEmpty')}</p>}>
          {(rows) => (
            <ul className="reviews__list">
              {rows.map((review) => (
                <ModeratedReview key={review.order_id} review={review} />
              ))}
            </ul>
          )}
        </QueryView>
      </Tabs>
    </>
  );
}

function ModeratedReview({ review }: { review: Review }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const error = isApiError(moderate.error) ? moderate.error : null;
  const places = review.destinations.map((d) => (language === 'ar' && d.name_ar ? d.name_ar : d.name_en)).join(separator);
  return (
    <li className="card card--plain reviews__item" data-testid="moderated-review" data-order={review.order_id}>
      <Stars rating={review.rating} />
      {review.text ? (
        <p className="reviews__text" dir="auto">
          <bdi>{review.text}</bdi>
        </p>
      ) : null}
      <p className="muted small">
        <bdi>{review.author_name}</bdi>
        {separator}
        <Link to={paths.admin.purchaseOrdersFor(review.order_id)}>{isolate(review.order_id)}</Link>
        {separator}
        {formatDate(review.reviewed_at, language, { dateStyle: 'medium' })}
      </p>
      {places ? <p className="small">{places}</p> : null}
      {review.reason ? <p className="small">{t('reviews.rejectedFor', { reason: review.reason })}</p> : null}
      <div className="moderation__actions">
        {review.status !== 'approved' ? (
          <Button size="sm" loading={moderate.isPending} onClick={() => moderate.mutate({ orderId: review.order_id, action: 'approve' })} data-testid="approve-review">
            {t('reviews.approve')}
          </Button>
        ) : null}
        {review.status !== 'rejected' ? (
          <form
            className="moderation__actions"
            onSubmit={(event) => {
              event.preventDefault();
              moderate.mutate({ orderId: review.order_id, action: 'reject', reason });
            }}
          >
            <InputField label={t('reviews.reason')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} error={error?.firstError('reason')} />
            <Button size="sm" variant="secondary" type="submit" loading={moderate.isPending} data-testid="reject-review">
              {t('reviews.reject')}
            </Button>
          </form>
        ) : null}
      </div>
      {error && !error.firstError('reason') ? (
        <p className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}
