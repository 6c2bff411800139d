import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import type { Language } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDate, formatNumber } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { stuckCount, useRetryJob, useStuckJobs, type StuckJob } from '../api/jobs';
import { jobSubject, kindKey } from '../utils/describe-job';
import './process-steps.css';

/** A moment on Cairo's clock, said as such (staff may sit anywhere). */
function cairoTime(value: string, language: Language): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Process steps: the jobs of the process managers that failed or keep failing (a refund the provider
 * refuses, a payment page that does not open), with a retry for admins once the cause is fixed.
 */
export function ProcessSteps({ canRetry }: { canRetry: boolean }) {
  const { t } = useTranslation();
  const jobs = useStuckJobs();
  return (
    <>
      <PageHeader title={t('processSteps.title')} lead={t('processSteps.lead')} />
      {canRetry ? null : <p className="muted small" data-testid="retry-admins-only">{t('processSteps.adminsRetry')}</p>}
      <QueryView
        query={jobs}
        loading={<SkeletonGrid count={3} variant="row" />}
        errorTitle={t('processSteps.loadFailed')}
        isEmpty={(d) => d.stuck.length === 0}
        empty={<EmptyState icon="check" title={t('processSteps.empty')} description={t('processSteps.emptyText')} />}
      >
        {(d) => (
          <ul className="job-list" data-testid="stuck-jobs" data-count={stuckCount(d)}>
            {d.stuck.map((job) => (
              <JobRow key={job.id} job={job} canRetry={canRetry} />
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

function JobRow({ job, canRetry }: { job: StuckJob; canRetry: boolean }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const retry = useRetryJob();
  const key = kindKey(job.kind);
  const { orderId, step } = jobSubject(job.payload);
  const failed = job.status === 'failed';
  return (
    <li className="job-list__item" data-testid={`job-${job.id}`} data-kind={job.kind} data-status={job.status}>
      <div className="job-list__head">
        <strong className="job-list__kind">{key ? t(key) : job.kind}</strong>
        <span className={`badge badge--status ${failed ? 'badge--cancelled' : ''}`}>{t(failed ? 'processSteps.failed' : 'processSteps.retrying')}</span>
      </div>
      <dl className="job-list__facts">
        {orderId ? (
          <>
            <dt>{t('processSteps.order')}</dt>
            <dd data-testid="job-order">
              <Link to={paths.admin.purchaseOrdersFor(orderId)}>
                <bdi>{orderId}</bdi>
              </Link>
              {step ? `${separator}${t(`processSteps.steps.${step}`, { defaultValue: step })}` : ''}
            </dd>
          </>
        ) : null}
        <dt>{t('processSteps.attempts')}</dt>
        <dd>{formatNumber(job.attempts, language)}</dd>
        <dt>{t('processSteps.lastError')}</dt>
        <dd className="job-list__error" data-testid="job-error" dir="ltr">{job.last_error || t('processSteps.noError')}</dd>
        <dt>{t('processSteps.nextTry')}</dt>
        <dd>{job.next_attempt_at && !failed ? t('processSteps.cairo', { time: cairoTime(job.next_attempt_at, language) }) : t('processSteps.noNextTry')}</dd>
        <dt>{t('processSteps.since')}</dt>
        <dd>{t('processSteps.cairo', { time: cairoTime(job.created_at, language) })}</dd>
      </dl>
      {canRetry ? (
        <div className="button-row">
          <Button
            size="sm"
            className="btn--wrap"
            icon={<Icon name="refresh" size={16} />}
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(job.id, {
                onSuccess: () => toast.success(t('processSteps.retried')),
                onError: (error) => toast.error(isApiError(error) ? error.message : t('processSteps.retryFailed')),
              })
            }
          >
            {t('processSteps.retry')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The dashboard's figure: how many steps are stuck, a link to them when there are any. */
export function StuckJobsStat({ to }: { to: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const jobs = useStuckJobs();
  if (!jobs.data) return null;
  const n = stuckCount(jobs.data);
  const body = (
    <>
      <span className={`stat__icon ${n > 0 ? 'stat__icon--alert' : ''}`} aria-hidden="true">
        <Icon name={n > 0 ? 'alert' : 'check'} size={22} />
      </span>
      <span className="stat__label">{t('processSteps.stuckStat')}</span>
      <span className="stat__value">{formatNumber(n, language)}</span>
    </>
  );
  return n > 0 ? (
    <Link to={to} className="stat stat--link" data-testid="stuck-jobs-stat" data-count={n}>
      {body}
    </Link>
  ) : (
    <div className="stat" data-testid="stuck-jobs-stat" data-count={0}>
      {body}
    </div>
  );
}
