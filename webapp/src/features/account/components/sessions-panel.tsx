import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonGrid } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { toast } from '@/lib/toast';
import { formatDate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useEndOtherSessions } from '../api/end-other-sessions';
import { useSessions } from '../api/get-sessions';

import './account.css';

/** The devices signed in to this account, and a way to sign out all the others. */
export function SessionsPanel() {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  // Cairo's clock, labelled, as every time the site shows: the browser's own zone may be another.
  const format = (iso: string) => t('common.cairoTime', { time: formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' }) });

  return (
    <section className="account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="account-section__title">
        {t('account.sessions.title')}
      </h2>
      <QueryView query={sessions} loading={<SkeletonGrid count={2} variant="row" />}>
        {(list) => (
          <>
            <ul className="place-list">
              {list.map((session) => (
                <li key={session.id} className="place-list__item">
                  <span className="place-list__icon" aria-hidden="true">
                    <Icon name={session.current ? 'check' : 'globe'} />
                  </span>
                  <div>
                    <p className="place-list__name">{session.current ? t('account.sessions.thisDevice') : session.user_agent || t('account.sessions.otherDevice')}</p>
                    <p className="place-list__meta">
                      {t('account.sessions.lastSeen', { time: format(session.last_seen_at) })}
                      {session.ip ? `${separator}${session.ip}` : ''}
                    </p>
                  </div>
                  <span />
                </li>
              ))}
            </ul>
            {list.some((session) => !session.current) ? (
              <Button
                variant="secondary"
                loading={endOthers.isPending}
                icon={<Icon name="logout" size={18} />}
                onClick={() =>
                  void endOthers
                    .mutateAsync()
                    .then((result) => toast.success(t('account.sessions.ended', { count: result.sessions_ended })))
                    .catch(() => toast.error(t('account.sessions.endFailed')))
                }
              >
                {t('account.sessions.endOthers')}
              </Button>
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
