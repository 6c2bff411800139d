import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatNumber, isolate } from '@/utils/format';

import { useOrderMail, type OrderMail } from '../api/support';

import { useSupportT } from './messages';

/**
 * The e-mails recorded about an order, oldest first: to whom, the subject, and whether it went (when,
 * in Cairo time), so "I never got it" can be answered. Whatever version the history is replayed at,
 * this is the mail as it stands.
 */
export function OrderMailList({ id }: { id: string }) {
  const { t } = useSupportT();
  const mail = useOrderMail(id);
  return (
    <section className="card card--plain stack" data-testid="support-mail">
      <h3>{t('mail.title')}</h3>
      <p className="muted small">{t('mail.hint')}</p>
      <QueryView
        query={mail}
        compact
        errorTitle={t('mail.loadError')}
        loading={<SkeletonGrid count={2} variant="row" />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState compact icon="mail" title={t('mail.none')} />}
      >
        {(list) => (
          <ol className="support-mail">
            {list.map((m) => (
              <MailLine key={m.id} mail={m} />
            ))}
          </ol>
        )}
      </QueryView>
    </section>
  );
}

function MailLine({ mail }: { mail: OrderMail }) {
  const { t } = useSupportT();
  const language = useLanguage();
  const when = (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
  const attempts = formatNumber(mail.attempts, language);
  const state =
    mail.status === 'sent' && mail.sent_at
      ? t('mail.sent', { time: when(mail.sent_at) })
      : mail.status === 'failed'
        ? t('mail.failed', { attempts, error: isolate(mail.last_error ?? '') })
        : t('mail.pending', { attempts });
  return (
    <li className={`support-mail__line support-mail__line--${mail.status}`} data-status={mail.status}>
      <strong>
        <bdi>{mail.subject}</bdi>
      </strong>
      <span className="muted small support-mail__to">{t('mail.to', { to: isolate(mail.to) })}</span>
      <span className="small">{state}</span>
    </li>
  );
}
