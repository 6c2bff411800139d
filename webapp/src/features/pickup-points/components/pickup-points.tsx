import { useTranslation } from 'react-i18next';

import { PointsMap } from '@/components/ui/map';
import { QueryView } from '@/components/ui/query-view';
import { SelectField } from '@/components/ui/field';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { usePickupPoints, type PickupPoint } from '../api/get-pickup-points';
import './pickup-points.css';

export function PickupPointsList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const points = usePickupPoints();
  return (
    <QueryView
      query={points}
      loading={<SkeletonGrid count={4} variant="row" />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon="pin" title={t('points.emptyTitle')} description={t('points.emptyText')} />}
    >
      {(list) => (
        <div className="stack">
          <PointsMap
            label={t('catalogue.pointsMap')}
            points={list.map((point, index) => ({ id: point.id, name: point.name, lat: point.lat, lng: point.lng, label: formatNumber(index + 1, language), kind: point.default ? 'start' : 'default' }))}
            height={420}
          />
          <ol className="point-list">
            {list.map((point, index) => (
              <li key={point.id} className="point-list__item">
                <span className="point-list__icon" aria-hidden="true">
                  {formatNumber(index + 1, language)}
                </span>
                <div>
                  <p className="point-list__name">
                    {point.name}
                    {point.default ? <span className="badge"> {t('catalogue.defaultPoint')}</span> : null}
                  </p>
                  {point.kind ? <p className="muted small">{t(`catalogue.pointKind.${point.kind}`)}</p> : null}
                  {point.address ? <p className="muted small">{point.address}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
    </QueryView>
  );
}

export type StartEndMode = 'same' | 'different';
export interface StartEndChoice {
  mode: StartEndMode;
  start: string;
  end: string;
}

/** Start and end points: the same place, or two different ones (the checkout's two tabs). */
export function StartEndPicker({ value, onChange }: { value: StartEndChoice; onChange: (value: StartEndChoice) => void }) {
  const { t } = useTranslation();
  const points = usePickupPoints();
  const options = (points.data ?? []).map((point: PickupPoint) => ({ value: point.id, label: point.name }));
  const placeholder = points.isPending ? t('common.loading') : options.length ? t('points.choose') : t('points.emptyTitle');
  return (
    <Tabs
      label={t('points.modeLabel')}
      tabs={[
        { key: 'same', label: t('points.same') },
        { key: 'different', label: t('points.different') },
      ]}
      value={value.mode}
      onChange={(mode) => onChange({ ...value, mode, end: mode === 'same' ? value.start : value.end })}
    >
      <div className="form form--grid">
        <SelectField
          label={value.mode === 'same' ? t('points.pickupAndReturn') : t('points.start')}
          options={options}
          placeholder={placeholder}
          value={value.start}
          onChange={(event) => onChange({ ...value, start: event.target.value, end: value.mode === 'same' ? event.target.value : value.end })}
        />
        {value.mode === 'different' ? (
          <SelectField label={t('points.end')} options={options} placeholder={placeholder} value={value.end} onChange={(event) => onChange({ ...value, end: event.target.value })} />
        ) : null}
      </div>
    </Tabs>
  );
}
