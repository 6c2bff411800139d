import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Icon } from '@/components/ui/icon';
import { Price } from '@/components/ui/money';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatHours, formatNumber } from '@/utils/format';

import type { Program } from '../api/types';

export function ProgramCard({ program }: { program: Program }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const stops = program.destinations.length;
  return (
    <article className="card card--program">
      <Link to={paths.programDetail(program.id)} className="card__media" tabIndex={-1} aria-hidden="true">
        <Photo src={program.photo ?? program.destinations[0]?.photo} alt="" seed={program.name} />
      </Link>
      <div className="card__body">
        <h2 className="card__title">
          <Link to={paths.programDetail(program.id)}>{program.name}</Link>
        </h2>
        {program.description ? <p className="card__text">{program.description}</p> : null}
        <div className="card__meta">
          {program.hours ? (
            <span className="meta">
              <Icon name="clock" size={16} /> {formatHours(program.hours, language)}
            </span>
          ) : null}
          {stops ? (
            <span className="meta">
              <Icon name="pin" size={16} /> {t('programs.stops', { count: stops, formatted: formatNumber(stops, language) })}
            </span>
          ) : null}
        </div>
        {program.price != null ? (
          <p className="card__price">
            <span className="muted small">{t('programs.from')}</span> <Price amount={program.price} />
          </p>
        ) : null}
      </div>
    </article>
  );
}
