import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cx } from '@/utils/cx';
import { formatDate, formatNumber } from '@/utils/format';

import { useMail } from '../api/get-mail';
import { MAILBOX_PAGE, useMailbox, type MailboxFilter } from '../api/get-mailbox';
import { useRetryMail } from '../api/retry-mail';

import './mailbox.css';

export const mailboxPath = '/admin/mailbox';
export const mailPath = (id: string) => `${mailboxPath}/${encodeURIComponent(id)}`;

/** An instant as the UI language writes it, on Cairo's clock and saying so. */
function useDateFormat() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (iso: string | null | undefined) => (iso ? t('common.cairoTime', { time: formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' }) }) : '—');
}

/** Who an e-mail went to: the name (in its own direction) and the address, each isolated so neither moves the other's brackets. */
function Recipient({ name, address }: { name: string; address: string }) {
  if (!name) return <bdi dir="ltr">{address}</bdi>;
  return (
    <>
      <bdi>{name}</bdi> <bdi dir="ltr">&lt;{address}&gt;</bdi>
    </>
  );
}

/** Every e-mail Mishwar recorded: with no SMTP server configured, this is where mail is delivered. */
export function Mailbox() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [filter, setFilter] = useState<MailboxFilter>({ status: '', offset: 0 });
  const mailbox = useMailbox(filter);
  const statuses = [
    { value: '', label: t('mailbox.all') },
    { value: 'pending', label: t('mailbox.status.pending') },
    { value: 'sent', label: t('mailbox.status.sent') },
    { value: 'failed', label: t('mailbox.status.failed') },
  ];
  const offset = filter.offset ?? 0;
  return (
    <div className="mailbox">
      <PageHeader title={t('mailbox.title')} lead={t('mailbox.lead')} />
      <div className="mailbox__filters">
        <SelectField
          label={t('mailbox.statusLabel')}
          options={statuses}
          value={filter.status ?? ''}
          onChange={(event) => setFilter({ status: event.target.value as MailboxFilter['status'], offset: 0 })}
        />
      </div>
      <QueryView
        query={mailbox}
        loading={<SkeletonGrid count={4} variant="row" />}
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyState icon="mail" title={t('mailbox.empty')} description={t('mailbox.emptyText')} />}
      >
        {(page) => (
          <>
            <ul className="mailbox__list">
              {page.data.map((mail) => (
                <li key={mail.id}>
                  <Link className="mailbox__item" to={mailPath(mail.id)}>
                    <span className="mailbox__subject" dir="auto">
                      {mail.subject}
                    </span>
                    <span className={cx('mailbox__status', `mailbox__status--${mail.status}`)}>{t(`mailbox.status.${mail.status}`)}</span>
                    <span className="mailbox__meta">
                      <Recipient name={mail.to_name} address={mail.to} />
                    </span>
                    <span className="mailbox__meta">{format(mail.created_at)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mailbox__filters">
              <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setFilter({ ...filter, offset: Math.max(0, offset - MAILBOX_PAGE) })}>
                {t('mailbox.newer')}
              </Button>
              <span className="mailbox__meta">{t('mailbox.range', { from: offset + 1, to: offset + page.data.length, total: page.total })}</span>
              <Button variant="secondary" size="sm" disabled={offset + page.data.length >= page.total} onClick={() => setFilter({ ...filter, offset: offset + MAILBOX_PAGE })}>
                {t('mailbox.older')}
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </div>
  );
}

/** One e-mail: its delivery state, the HTML part in a sandboxed frame, and the text part. */
export function MailMessage({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useDateFormat();
  const mail = useMail(id);
  const retry = useRetryMail();
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <div className="mailbox">
      <ButtonLink to={mailboxPath} variant="ghost" size="sm">
        {t('mailbox.back')}
      </ButtonLink>
      <QueryView query={mail} loading={<SkeletonGrid count={1} variant="card" />} errorTitle={t('mailbox.notFound')}>
        {(message) => (
          <>
            <PageHeader title={message.subject} lead={<Recipient name={message.to_name} address={message.to} />} />
            <dl className="facts">
              <div>
                <dt>{t('mailbox.statusLabel')}</dt>
                <dd>{t(`mailbox.status.${message.status}`)}</dd>
              </div>
              <div>
                <dt>{t('mailbox.created')}</dt>
                <dd>{format(message.created_at)}</dd>
              </div>
              <div>
                <dt>{t('mailbox.sent')}</dt>
                <dd>
                  {message.sent_at ? (
                    <>
                      {format(message.sent_at)}
                      {message.sent_via ? (
                        <>
                          {' '}
                          ({message.sent_via === 'smtp' ? <bdi dir="ltr">SMTP</bdi> : t(`mailbox.via.${message.sent_via}`, { defaultValue: message.sent_via })})
                        </>
                      ) : null}
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('mailbox.attempts')}</dt>
                <dd>{formatNumber(message.attempts, language)}</dd>
              </div>
              {message.last_error ? (
                <div>
                  <dt>{t('mailbox.lastError')}</dt>
                  <dd dir="ltr">{message.last_error}</dd>
                </div>
              ) : null}
            </dl>
            {message.status === 'failed' ? (
              <Button
                loading={retry.isPending}
                onClick={() =>
                  void retry
                    .mutateAsync(message.id)
                    .then((result) => toast.success(result.message))
                    .catch((error: unknown) => toast.error(isApiError(error) ? error.message : t('mailbox.retryFailed')))
                }
              >
                {t('mailbox.retry')}
              </Button>
            ) : null}
            <Tabs
              label={t('mailbox.parts')}
              tabs={[
                { key: 'html', label: t('mailbox.html') },
                { key: 'text', label: t('mailbox.text') },
              ]}
              value={message.html ? part : 'text'}
              onChange={setPart}
            >
              {message.html && part === 'html' ? (
                // sandbox="" : the mail's HTML cannot run script or reach this page.
                <iframe className="mailbox__frame" title={message.subject} sandbox="" srcDoc={message.html} />
              ) : (
                <pre className="mailbox__text" dir="auto">
                  {message.text}
                </pre>
              )}
            </Tabs>
          </>
        )}
      </QueryView>
    </div>
  );
}
