import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { InputField, TextAreaField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

import { useSaveAdminRecord } from '../api/save-admin-record';

const SECTIONS = ['hero', 'topPrograms', 'mostVisited', 'fullDay', 'faq', 'openingHours'] as const;

export function AdminHomeOverview() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('admin.homeContent.title')}
        lead={t('admin.homeContent.lead')}
        actions={
          <ButtonLink to={paths.admin.homeEdit} icon={<Icon name="settings" size={18} />}>
            {t('admin.homeContent.edit')}
          </ButtonLink>
        }
      />
      <ul className="quick-links">
        {SECTIONS.map((section) => (
          <li key={section} className="quick-link quick-link--static">
            <span>{t(`admin.homeContent.sections.${section}`)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

type Values = { hero_title: string; hero_subtitle: string; full_day_title: string; full_day_description: string };

export function AdminHomeEdit({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAdminRecord();
  const form = useForm<Values>({ defaultValues: { hero_title: '', hero_subtitle: '', full_day_title: '', full_day_description: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ endpoint: '/api/admin/home', values });
      toast.success(t('admin.saved', { item: t('admin.homeContent.title') }));
      onSaved();
    } catch (error) {
      toast.error(isApiError(error) && error.status > 0 && error.status !== 404 ? error.message : t('admin.saveFailed'));
    }
  });
  return (
    <>
      <PageHeader title={t('admin.homeContent.edit')} lead={t('admin.homeContent.lead')} />
      <form className="form card card--plain" onSubmit={(event) => void onSubmit(event)} noValidate>
        <InputField label={t('admin.fields.hero_title')} {...form.register('hero_title')} />
        <TextAreaField label={t('admin.fields.hero_subtitle')} rows={2} {...form.register('hero_subtitle')} />
        <InputField label={t('admin.fields.full_day_title')} {...form.register('full_day_title')} />
        <TextAreaField label={t('admin.fields.full_day_description')} rows={3} {...form.register('full_day_description')} />
        <div className="button-row">
          <Button type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
          <ButtonLink to={paths.admin.home} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
        </div>
      </form>
    </>
  );
}
