import './admin-catalogue.css';

import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ADMIN_SECTIONS, type AdminSectionKey } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';

import { useRecord } from '../api/get-record';
import type { AdminRecord } from '../api/list-records';
import { useSaveRecord } from '../api/save-record';
import { hoursErrorsByDay, useRevealFirstError } from '../form-errors';
import { sameValues, useHeldWhileEdited, type Held } from '../held';
import { KINDS, type KindSpec, type Values } from '../kinds';
import { recordName, type Saved } from '../saved';
import { flatErrors, recordSchema } from '../schemas';
import { toApiValues, toFormValues } from '../values';

import { RecordField, visible } from './fields';
import { HistoryPanel } from './history-panel';
import { NewerVersionNotice } from './newer-version-notice';

function moneyFields(kind: KindSpec): string[] {
  return kind.fields.filter((f) => f.kind === 'money').map((f) => f.name);
}

function percentFields(kind: KindSpec): string[] {
  return kind.fields.filter((f) => f.kind === 'percent').map((f) => f.name);
}

export function RecordForm({ section, id, onSaved }: { section: AdminSectionKey; id?: string; onSaved: (saved: Saved) => void }) {
  const kind = KINDS[section];
  const record = useRecord(kind.endpoint, id);
  const { t } = useTranslation();
  if (id && record.isPending) return <PageSpinner />;
  // A refetch that failed keeps the record loaded (and what the operator typed over it).
  if (id && record.isError && !record.data) {
    return isApiError(record.error) && record.error.status === 404 ? (
      <EmptyState icon="compass" title={t('adminCatalogue.notFound')} />
    ) : (
      <ErrorState onRetry={() => void record.refetch()} />
    );
  }
  return <HeldRecord section={section} id={id} latest={record.data} onSaved={onSaved} />;
}

// The record as loaded when the operator started changing it stays in the form while a newer one
// comes (held.ts); an unchanged form follows the newest.
function HeldRecord({ section, id, latest, onSaved }: { section: AdminSectionKey; id?: string; latest?: AdminRecord; onSaved: (saved: Saved) => void }) {
  const kind = KINDS[section];
  const held = useHeldWhileEdited(latest);
  const shown = held.shown;
  const initial = shown ? toFormValues(shown, moneyFields(kind), percentFields(kind)) : { ...kind.defaults };
  return <RecordEditor key={shown?.version ?? 'new'} section={section} id={id} version={shown?.version} archived={shown?.archived} initial={initial} held={held} onSaved={onSaved} />;
}

function RecordEditor({ section, id, version, archived, initial, held, onSaved }: { section: AdminSectionKey; id?: string; version?: number; archived?: boolean; initial: Values; held: Held<AdminRecord>; onSaved: (saved: Saved) => void }) {
  const { t, i18n } = useTranslation();
  const kind = KINDS[section];
  const meta = ADMIN_SECTIONS.find((s) => s.key === section);
  const schema = useMemo(() => recordSchema(kind, t('adminCatalogue.required')), [kind, t]);
  // Checked when sent, as the server does; what is sent is the values as typed (raw), not the
  // schema's reading of them.
  const form = useForm<Values>({ defaultValues: initial, resolver: formResolver(schema, { raw: true }), reValidateMode: 'onSubmit' });
  const values = useWatch({ control: form.control });
  // The form's own checks' faults, as they stood at the last save (reValidateMode onSubmit: they
  // change only when Save is pressed again), and the server's.
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string>();
  const save = useSaveRecord();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const revealFirstError = useRevealFirstError(formRef, messageRef);
  // "New …" is one phrase per section: an Arabic adjective agrees with its noun (وجهة جديدة, سعر جديد).
  const title = id ? t('adminCatalogue.editTitle', { item: t(`admin.sections.${section}.singular`) }) : t(`admin.sections.${section}.new`);
  const errors = { ...clientErrors, ...serverErrors };
  // The server names an hours entry by its place in the list sent: said on its weekday's row instead.
  const byDay = (serverSaid: Record<string, string[]>, sent: Values) =>
    kind.fields.filter((f) => f.kind === 'hours').reduce((acc, f) => hoursErrorsByDay(acc, f.name, sent[f.name]), serverSaid);

  const change = (name: string, v: unknown) => {
    form.setValue(name, v);
    held.edited(!sameValues(form.getValues(), initial));
  };

  const submit = form.handleSubmit(
    (sent) => {
      setClientErrors({});
      setServerErrors({});
      setMessage(undefined);
      // A second click or a retry of the same values is the same save (one Idempotency-Key); values
      // corrected after a refusal are a new one. The promise, not mutate's callbacks: the saved record reloads and this editor remounts, and
      // callbacks of an unmounted observer never run.
      save.mutateAsync({ endpoint: kind.endpoint, id, version, values: toApiValues(sent, percentFields(kind)) }).then(
        (record) => {
          // A new record's form has no id to edit it by: it stays as it was until the page leaves
          // (saved, with nothing to show: the page's move to the list does not ask).
          held.saved(id ? record : undefined);
          onSaved({ name: recordName(kind, record, i18n.language), created: !id, id: record.id });
        },
        (error: unknown) => {
          if (isApiError(error)) {
            setServerErrors(byDay(error.errors, sent));
            setMessage(error.message);
          } else {
            setMessage(t('adminCatalogue.saveFailed'));
          }
          revealFirstError();
        },
      );
    },
    (invalid) => {
      setClientErrors(flatErrors(invalid));
      setServerErrors({});
      setMessage(t('adminCatalogue.fixFields'));
      revealFirstError();
    },
  );

  return (
    <>
      <PageHeader
        title={title}
        eyebrow={t(`admin.sections.${section}.plural`)}
        lead={archived ? t('adminCatalogue.archivedNote') : undefined}
      />
      <form ref={formRef} className="form stack admin-record" noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        {message ? (
          <p ref={messageRef} className="form__message form__message--error" role="alert" tabIndex={-1}>
            {message}
          </p>
        ) : null}
        {held.newer ? <NewerVersionNotice onReload={held.reload} /> : null}
        {kind.fields
          .filter((f) => visible(f, values))
          .map((f) => (
            <RecordField key={f.name} spec={f} value={values[f.name]} errors={errors} onChange={(v) => change(f.name, v)} />
          ))}
        <div className="button-row">
          <Button type="submit" loading={save.isPending}>
            {t('adminCatalogue.save')}
          </Button>
          {meta ? (
            <Link className="btn btn--ghost" to={meta.path}>
              {t('adminCatalogue.cancel')}
            </Link>
          ) : null}
        </div>
      </form>
      {id ? <HistoryPanel path={`${kind.endpoint}/${encodeURIComponent(id)}/history`} fields={kind.fields} /> : null}
    </>
  );
}
