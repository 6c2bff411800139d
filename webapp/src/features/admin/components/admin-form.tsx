import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

import { Button, ButtonLink } from '@/components/ui/button';
import { InputField, TextAreaField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import type { AdminSectionKey } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

import { useSaveAdminRecord } from '../api/save-admin-record';
import { ADMIN_SECTION_SPECS, type AdminField } from '../sections';

import { adminSectionPath } from './admin-section';

type Values = Record<string, string>;

function toPayload(fields: AdminField[], values: Values): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    out[field.name] = raw === '' ? null : field.type === 'number' ? Number(raw) : raw;
  }
  return out;
}

export function AdminRecordForm({ section, id, onSaved }: { section: AdminSectionKey; id?: string | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const spec = ADMIN_SECTION_SPECS[section];
  const save = useSaveAdminRecord();
  const editing = id !== undefined;
  const form = useForm<Values>({ defaultValues: Object.fromEntries(spec.fields.map((field) => [field.name, ''])) });
  const listPath = adminSectionPath(section);
  const item = t(`admin.sections.${section}.singular`);
  const title = editing ? t('admin.editTitle', { item }) : t('admin.create', { item });

  if (editing && !id) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState icon="grid" title={t('admin.pickRecord')} action={<ButtonLink to={listPath}>{t(`admin.sections.${section}.plural`)}</ButtonLink>} />
      </>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ endpoint: spec.writeEndpoint, id: id ?? undefined, values: toPayload(spec.fields, values) });
      toast.success(t('admin.saved', { item }));
      onSaved();
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (spec.fields.some((f) => f.name === field) && messages[0]) form.setError(field, { message: messages[0] });
        }
      }
      toast.error(isApiError(error) && error.status > 0 && error.status !== 404 ? error.message : t('admin.saveFailed'));
    }
  });

  const errorOf = (name: string) => {
    const error = form.formState.errors[name];
    if (!error) return undefined;
    return error.type === 'required' ? t('validation.required') : error.message;
  };

  return (
    <>
      <PageHeader title={title} lead={t(`admin.sections.${section}.lead`)} />
      <form className="form form--grid card card--plain" onSubmit={(event) => void onSubmit(event)} noValidate>
        {spec.fields.map((field) =>
          field.type === 'textarea' ? (
            <TextAreaField key={field.name} className="form__full" label={t(`admin.fields.${field.name}`)} rows={4} error={errorOf(field.name)} {...form.register(field.name)} />
          ) : (
            <InputField
              key={field.name}
              label={t(`admin.fields.${field.name}`)}
              type={field.type}
              dir={field.dir}
              step={field.type === 'number' ? 'any' : undefined}
              required={field.required}
              error={errorOf(field.name)}
              {...form.register(field.name, { required: field.required })}
            />
          ),
        )}
        <div className="form__full button-row">
          <Button type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
          <ButtonLink to={listPath} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
        </div>
      </form>
    </>
  );
}
