import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';

export type PlaceRow = { id: string; name: string; meta: ReactNode; icon: IconName };

type Remove = { isPending: boolean; variables?: string; mutateAsync: (id: string) => Promise<unknown> };

/**
 * A traveller's saved places (addresses, own pickup points) as one list: a row per place with its
 * name, what else is known of it, and a delete button that says which place it deletes.
 */
export function PlaceList({ label, rows, remove, deletedMessage }: { label: string; rows: PlaceRow[]; remove: Remove; deletedMessage: string }) {
  const { t } = useTranslation();
  return (
    <ul className="place-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className="place-list__item">
          <span className="place-list__icon" aria-hidden="true">
            <Icon name={row.icon} />
          </span>
          <div>
            <p className="place-list__name">{row.name}</p>
            <p className="place-list__meta">{row.meta}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('account.places.delete', { name: row.name })}
            icon={<Icon name="trash" size={16} />}
            loading={remove.isPending && remove.variables === row.id}
            onClick={() =>
              void remove
                .mutateAsync(row.id)
                .then(() => toast.success(deletedMessage))
                .catch((error: unknown) => toast.error(failureMessage(error, t('account.places.deleteFailed'))))
            }
          />
        </li>
      ))}
    </ul>
  );
}
