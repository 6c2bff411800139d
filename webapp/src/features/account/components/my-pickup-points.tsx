import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { formResolver } from '@/lib/form-resolver';
import { applyServerErrors, failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useAddMyPickupPoint } from '../api/add-my-pickup-point';
import { useDeleteMyPickupPoint } from '../api/delete-my-pickup-point';
import { useMyPickupPoints } from '../api/get-my-pickup-points';

import { CoordinatesField, coordinatesIssue, parseCoordinates } from './coordinates-field';
import { PlaceList } from './place-list';

import './account.css';

const schema = z
  .object({
    name: z.string().trim().min(1, 'account.places.labelRequired').max(80),
    address: z.string().trim().max(300),
    notes: z.string().trim().max(300),
    coordinates: z.object({ lat: z.string(), lng: z.string() }),
  })
  .superRefine((values, ctx) => {
    const issue = coordinatesIssue(values.coordinates);
    if (issue) ctx.addIssue({ code: 'custom', path: ['coordinates'], message: issue });
  });
type Values = z.infer<typeof schema>;

/** The traveller's own pickup points (hotel, home), offered first when choosing where a trip starts. */
export function MyPickupPoints() {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const points = useMyPickupPoints();
  const add = useAddMyPickupPoint();
  const remove = useDeleteMyPickupPoint();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { name: '', address: '', notes: '', coordinates: { lat: '', lng: '' } },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const point = parseCoordinates(values.coordinates);
    try {
      await add.mutateAsync({ name: values.name, address: values.address, notes: values.notes, lat: point?.lat ?? null, lng: point?.lng ?? null });
      form.reset();
      toast.success(t('account.points.saved'));
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, { name: 'name', address: 'address', notes: 'notes', location: 'coordinates' });
      if (!placed) toast.error(failureMessage(error, t('account.points.saveFailed')));
    }
  });

  return (
    <div className="account-section">
      <QueryView
        query={points}
        loading={<SkeletonGrid count={2} variant="row" />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState compact icon="pin" title={t('account.pointsTitle')} description={t('account.points.emptyText')} />}
      >
        {(list) => (
          <PlaceList
            label={t('account.tabs.points')}
            rows={list.map((point) => ({ id: point.id, name: point.name, meta: [point.address, point.notes].filter(Boolean).join(separator), icon: 'pin' }))}
            remove={remove}
            deletedMessage={t('account.points.deleted')}
          />
        )}
      </QueryView>

      <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('account.points.add')}>
        <h2 className="account-section__title form__full">{t('account.points.add')}</h2>
        <InputField label={t('account.points.name')} error={errors.name?.message} {...form.register('name')} />
        <InputField label={t('account.places.address')} error={errors.address?.message} {...form.register('address')} />
        <InputField className="form__full" label={t('account.points.notes')} error={errors.notes?.message} {...form.register('notes')} />
        <div className="form__full">
          <Controller
            control={form.control}
            name="coordinates"
            render={({ field }) => <CoordinatesField value={field.value} onChange={field.onChange} error={errors.coordinates?.message} />}
          />
        </div>
        <div className="form__full">
          <Button type="submit" loading={add.isPending} icon={<Icon name="plus" size={18} />}>
            {t('account.points.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
