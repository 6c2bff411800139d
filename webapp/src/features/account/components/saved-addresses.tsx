import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { formResolver } from '@/lib/form-resolver';
import { applyServerErrors, failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useDeleteLocation } from '../api/delete-location';
import { useSavedLocations } from '../api/get-saved-locations';
import { useSaveLocation } from '../api/save-location';

import { CoordinatesField, coordinatesIssue, parseCoordinates } from './coordinates-field';
import { PlaceList } from './place-list';

import './account.css';

const schema = z
  .object({
    label: z.string().trim().max(80),
    address: z.string().trim().max(300),
    kind: z.enum(['start', 'end', 'any']),
    coordinates: z.object({ lat: z.string(), lng: z.string() }),
  })
  .superRefine((values, ctx) => {
    // Spec section 5: 'Save location needs a selected source or end location'.
    const issue = coordinatesIssue(values.coordinates);
    if (issue) ctx.addIssue({ code: 'custom', path: ['coordinates'], message: issue });
    if (!values.label && !values.address) ctx.addIssue({ code: 'custom', path: ['label'], message: 'account.places.labelRequired' });
  });
type Values = z.infer<typeof schema>;

export function SavedAddresses() {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const locations = useSavedLocations();
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { label: '', address: '', kind: 'any', coordinates: { lat: '', lng: '' } },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const point = parseCoordinates(values.coordinates);
    try {
      await save.mutateAsync({ label: values.label, address: values.address, kind: values.kind, lat: point?.lat ?? null, lng: point?.lng ?? null });
      form.reset();
      toast.success(t('account.places.saved'));
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, { label: 'label', address: 'address', kind: 'kind', location: 'coordinates' });
      if (!placed) toast.error(failureMessage(error, t('account.places.saveFailed')));
    }
  });

  const kinds = [
    { value: 'any', label: t('account.places.kindAny') },
    { value: 'start', label: t('account.places.kindStart') },
    { value: 'end', label: t('account.places.kindEnd') },
  ];

  return (
    <div className="account-section">
      <QueryView
        query={locations}
        loading={<SkeletonGrid count={2} variant="row" />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState compact icon="pin" title={t('account.addressesEmpty')} description={t('account.addressesText')} />}
      >
        {(list) => (
          <PlaceList
            label={t('account.tabs.addresses')}
            rows={list.map((location) => ({
              id: location.id,
              name: location.label,
              meta: [location.address, t(`account.places.kind_${location.kind}`)].filter(Boolean).join(separator),
              icon: location.kind === 'end' ? 'home' : 'pin',
            }))}
            remove={remove}
            deletedMessage={t('account.places.deleted')}
          />
        )}
      </QueryView>

      <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('account.places.addAddress')}>
        <h2 className="account-section__title form__full">{t('account.places.addAddress')}</h2>
        <InputField label={t('account.places.label')} error={errors.label?.message} {...form.register('label')} />
        <SelectField label={t('account.places.kind')} options={kinds} {...form.register('kind')} />
        <InputField className="form__full" label={t('account.places.address')} autoComplete="street-address" error={errors.address?.message} {...form.register('address')} />
        <div className="form__full">
          <Controller
            control={form.control}
            name="coordinates"
            render={({ field }) => <CoordinatesField value={field.value} onChange={field.onChange} error={errors.coordinates?.message} />}
          />
        </div>
        <div className="form__full">
          <Button type="submit" loading={save.isPending} icon={<Icon name="plus" size={18} />}>
            {t('account.places.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
