import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Icon } from '@/components/ui/icon';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatHours } from '@/utils/format';

import type { Destination } from '../api/types';

export function DestinationCard({ destination, action }: { destination: Destination; action?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article className="card">
      <Link to={paths.destinationDetail(destination.id)} className="card__media" tabIndex={-1} aria-hidden="true">
        <Photo src={destination.photo} alt="" seed={destination.name} />
      </Link>
      <div className="card__body">
        {destination.category ? <p className="card__eyebrow">{destination.category.name}</p> : null}
        <h2 className="card__title">
          <Link to={paths.destinationDetail(destination.id)}>{destination.name}</Link>
        </h2>
        {destination.summary ?? destination.description ? (
          <p className="card__text">{destination.summary ?? destination.description}</p>
        ) : null}
        <div className="card__meta">
          {destination.visit_hours ? (
            <span className="meta">
              <Icon name="clock" size={16} />
              {t('destinations.visitFor', { hours: formatHours(destination.visit_hours, language) })}
            </span>
          ) : null}
          {action}
        </div>
      </div>
    </article>
  );
}
