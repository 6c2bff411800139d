import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { DayPicker } from '@/components/ui/day-picker';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { typedNumber, westernDigits } from '@/lib/digits';
import { weekdayName } from '@/utils/format';

import { useAllRecords } from '../api/list-records';
import { useUploadPhoto } from '../api/upload-photo';
import { hoursDayKey } from '../form-errors';
import type { FieldSpec, Values } from '../kinds';
import { asHours, asNumbers, asString, asStrings, asText, type Bilingual } from '../values';

// One form field of a catalogue record, by kind. Bilingual fields show English and Arabic side by
// side, the Arabic one right to left.

interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  errors: Record<string, string[]>;
  onChange: (value: unknown) => void;
}

function first(errors: Record<string, string[]>, key: string): string | undefined {
  return errors[key]?.[0];
}

function useLabel(spec: FieldSpec): string {
  const { t } = useTranslation();
  return spec.label ?? t(`adminCatalogue.fields.${spec.labelKey ?? spec.name}`);
}

export function BilingualField({ spec, value, errors, onChange, area }: FieldProps & { area?: boolean }) {
  const { t } = useTranslation();
  const label = useLabel(spec);
  const text = asText(value);
  const set = (lang: keyof Bilingual, v: string) => onChange({ ...text, [lang]: v });
  const Comp = area ? TextAreaField : InputField;
  return (
    <fieldset className="bilingual">
      <legend className="field__label">
        {label}
        {spec.required ? ' *' : ''}
      </legend>
      <div className="bilingual__pair">
        <Comp
          label={t('adminCatalogue.english')}
          name={`${spec.name}.en`}
          lang="en"
          dir="ltr"
          value={text.en}
          error={first(errors, `${spec.name}.en`) ?? first(errors, spec.name)}
          onChange={(e: { target: { value: string } }) => set('en', e.target.value)}
        />
        <Comp
          label={t('adminCatalogue.arabic')}
          name={`${spec.name}.ar`}
          lang="ar"
          dir="rtl"
          value={text.ar}
          error={first(errors, `${spec.name}.ar`)}
          onChange={(e: { target: { value: string } }) => set('ar', e.target.value)}
        />
      </div>
    </fieldset>
  );
}

function joined(errors: Record<string, string[]>, name: string): string | undefined {
  const list = Object.entries(errors).flatMap(([key, messages]) => (key === name || key.startsWith(`${name}.`) ? messages : []));
  return list.length ? Array.from(new Set(list)).join(' ') : undefined;
}

export function RecordField(props: FieldProps) {
  const { spec, value, errors, onChange } = props;
  const { t } = useTranslation();
  const label = useLabel(spec) + (spec.required ? ' *' : '');
  const error = joined(errors, spec.name);
  switch (spec.kind) {
    case 'text2':
      return <BilingualField {...props} />;
    case 'textarea2':
      return <BilingualField {...props} area />;
    case 'date':
      // The app's own day picker: the browser's date box writes its own format (11/23/2026 on an
      // Arabic page). Nothing is shown as chosen until a day is picked.
      return (
        <DayPicker
          label={label}
          value={asString(value)}
          onChange={onChange}
          testId={`field-${spec.name}`}
          placeholder={t(spec.required ? 'dayPicker.chooseDay' : 'dayPicker.noDay')}
          error={error}
        />
      );
    case 'text':
      return (
        <InputField
          label={label}
          name={spec.name}
          dir={spec.ltr ? 'ltr' : undefined}
          value={asString(value)}
          error={error}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'money':
      return (
        <InputField
          label={spec.kind === 'money' ? `${label} (${t('adminCatalogue.egp')})` : label}
          name={spec.name}
          // A text box, not type="number": that one drops Arabic-Indic digits («١٢») without a word.
          // What is typed is read with Western digits (westernDigits); a count that reads as a whole
          // number is held as one, anything else as typed, for the form's check to refuse.
          type="text"
          inputMode={spec.kind === 'number' && spec.step === 1 ? 'numeric' : 'decimal'}
          dir="ltr"
          value={asString(value)}
          error={error}
          onChange={(e) => onChange(spec.kind === 'money' ? westernDigits(e.target.value) : typedNumber(e.target.value))}
        />
      );
    case 'percent':
      // A percent as typed ("12.5"); record-form turns it into the API's basis points.
      return (
        <InputField
          label={label}
          name={spec.name}
          type="text"
          inputMode="decimal"
          dir="ltr"
          value={asString(value)}
          error={error}
          onChange={(e) => onChange(westernDigits(e.target.value))}
        />
      );
    case 'bool':
      return (
        <CheckboxField
          label={label}
          name={spec.name}
          checked={value === true}
          error={error}
          hint={spec.hintKey ? t(spec.hintKey) : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'choice':
      return (
        <SelectField
          label={label}
          name={spec.name}
          value={asString(value)}
          error={error}
          options={(spec.options ?? []).map((o) => ({ value: o, label: t(`adminCatalogue.choices.${spec.name}.${o}`) }))}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'category':
      return <RefSelect endpoint="/api/admin/categories" label={label} name={spec.name} value={asString(value)} error={error} onChange={onChange} />;
    case 'program':
      return <RefSelect endpoint="/api/admin/programs" label={label} name={spec.name} value={asString(value)} error={error} onChange={onChange} />;
    case 'destinations':
      return <OrderedRefs endpoint="/api/admin/destinations" label={label} value={asStrings(value)} error={error} onChange={onChange} />;
    case 'programs':
      return <RefChecklist endpoint="/api/admin/programs" label={label} value={asStrings(value)} error={error} onChange={onChange} />;
    case 'ratePlans':
      return <RefChecklist endpoint="/api/admin/rate-plans" label={label} value={asStrings(value)} error={error} onChange={onChange} />;
    case 'hours':
      return <HoursEditor label={label} value={value} errors={errors} name={spec.name} onChange={onChange} />;
    case 'weekdays':
      return <WeekdaysField label={label} value={asNumbers(value)} error={error} onChange={onChange} />;
    case 'photos':
      return <PhotosField label={label} value={asStrings(value)} error={error} onChange={onChange} />;
    case 'photo':
      return <PhotosField label={label} value={asString(value) ? [asString(value)] : []} error={error} single onChange={(v) => onChange(asStrings(v)[0] ?? '')} />;
  }
}

function recordName(r: Record<string, unknown>, language: string): string {
  const n = asText(r.name ?? r.title);
  return (language === 'ar' && n.ar) || n.en || asString(r.slug) || asString(r.id);
}

function RefSelect({ endpoint, label, name, value, error, onChange }: { endpoint: string; label: string; name: string; value: string; error?: string; onChange: (v: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const list = useAllRecords(endpoint);
  const options = (list.data?.data ?? []).map((r) => ({ value: r.id, label: recordName(r, i18n.language) }));
  return (
    <SelectField label={label} name={name} value={value} error={error} placeholder={list.isPending ? t('common.loading') : t('adminCatalogue.choose')} options={options} onChange={(e) => onChange(e.target.value)} />
  );
}

function OrderedRefs({ endpoint, label, value, error, onChange }: { endpoint: string; label: string; value: string[]; error?: string; onChange: (v: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const list = useAllRecords(endpoint);
  const byId = new Map((list.data?.data ?? []).map((r) => [r.id, r]));
  const id = useId();
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="field refs">
      <legend className="field__label">{label}</legend>
      <ol className="refs__list">
        {value.map((ref, index) => {
          const r = byId.get(ref);
          return (
            <li key={ref} className="refs__item">
              <span>{r ? recordName(r, i18n.language) : ref}</span>
              <span className="refs__actions">
                <Button size="sm" variant="ghost" type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('adminCatalogue.moveUp')}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" type="button" disabled={index === value.length - 1} onClick={() => move(index, index + 1)} aria-label={t('adminCatalogue.moveDown')}>
                  ↓
                </Button>
                <Button size="sm" variant="ghost" type="button" onClick={() => onChange(value.filter((x) => x !== ref))} aria-label={t('adminCatalogue.remove')}>
                  ✕
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <label htmlFor={id} className="visually-hidden">
        {t('adminCatalogue.addStop')}
      </label>
      <select
        id={id}
        className="input"
        value=""
        onChange={(e) => {
          if (e.target.value) onChange([...value, e.target.value]);
        }}
      >
        <option value="">{t('adminCatalogue.addStop')}</option>
        {(list.data?.data ?? [])
          .filter((r) => !value.includes(r.id))
          .map((r) => (
            <option key={r.id} value={r.id}>
              {recordName(r, i18n.language)}
            </option>
          ))}
      </select>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RefChecklist({ endpoint, label, value, error, onChange }: { endpoint: string; label: string; value: string[]; error?: string; onChange: (v: unknown) => void }) {
  const { i18n } = useTranslation();
  const list = useAllRecords(endpoint);
  return (
    <fieldset className="field">
      <legend className="field__label">{label}</legend>
      {(list.data?.data ?? []).map((r) => (
        <CheckboxField
          key={r.id}
          label={recordName(r, i18n.language)}
          checked={value.includes(r.id)}
          onChange={(e) => onChange(e.target.checked ? [...value, r.id] : value.filter((x) => x !== r.id))}
        />
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const WEEK = [6, 0, 1, 2, 3, 4, 5];

export function HoursEditor({ label, value, errors, name, onChange }: { label: string; value: unknown; errors: Record<string, string[]>; name: string; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hours = asHours(value);
  // A fault of one weekday's entry (keyed by its day: hoursErrorsByDay) is said on that day's row;
  // anything else under the whole field.
  const dayKeys = WEEK.map((day) => hoursDayKey(name, day));
  const error = joined(
    Object.fromEntries(Object.entries(errors).filter(([key]) => !dayKeys.some((k) => key === k || key.startsWith(`${k}.`)))),
    name,
  );
  const set = (day: number, next: { open: string; close: string } | null) => {
    const rest = hours.filter((h) => h.day !== day);
    onChange(next ? [...rest, { day, ...next }].sort((a, b) => a.day - b.day) : rest);
  };
  // The times are Cairo's wall clock (the server reads them in Africa/Cairo), whoever types them:
  // said under the heading and in each box's name.
  const hint = useId();
  const rowId = useId();
  const boxName = (which: 'opens' | 'closes', day: number) => t('adminCatalogue.hoursAt', { day: weekdayName(day, language), what: t(`adminCatalogue.${which}`) });
  return (
    <fieldset className="field hours-editor" aria-describedby={hint}>
      <legend className="field__label">{label}</legend>
      <p id={hint} className="field__hint">
        {t('adminCatalogue.hoursCairo')}
      </p>
      {WEEK.map((day) => {
        const h = hours.find((x) => x.day === day);
        const key = hoursDayKey(name, day);
        const rowError = h ? joined(errors, key) : undefined;
        // A fault of the entry as a whole (its day) is on both of its boxes.
        const whole = Boolean(errors[key]?.length) || Object.keys(errors).some((k) => k.startsWith(`${key}.`) && !k.endsWith('.open') && !k.endsWith('.close'));
        const openInvalid = Boolean(rowError) && (whole || Boolean(errors[`${key}.open`]?.length));
        const closeInvalid = Boolean(rowError) && (whole || Boolean(errors[`${key}.close`]?.length));
        const errorId = `${rowId}-${String(day)}-error`;
        return (
          <div key={day} className="hours-editor__row">
            <CheckboxField label={weekdayName(day, language)} checked={Boolean(h)} onChange={(e) => set(day, e.target.checked ? { open: '09:00', close: '17:00' } : null)} />
            {h ? (
              <>
                <ClockBox
                  name={boxName('opens', day)}
                  placeholder="09:00"
                  invalid={openInvalid}
                  errorId={errorId}
                  value={h.open}
                  onChange={(open) => set(day, { open, close: h.close })}
                />
                <ClockBox
                  name={boxName('closes', day)}
                  placeholder="17:00"
                  invalid={closeInvalid}
                  errorId={errorId}
                  value={h.close}
                  onChange={(close) => set(day, { open: h.open, close })}
                />
              </>
            ) : (
              <span className="muted small">{t('catalogue.closed')}</span>
            )}
            {rowError ? (
              <p className="field__error hours-editor__error" id={errorId}>
                {rowError}
              </p>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * One opening or closing time of a weekday ("HH:MM", Cairo), described by its row's error when invalid.
 * Read with Western digits: an Arabic keyboard types «٠٩:٠٠».
 */
function ClockBox({ name, placeholder, invalid, errorId, value, onChange }: { name: string; placeholder: string; invalid: boolean; errorId: string; value: string; onChange: (v: string) => void }) {
  return (
    <input
      className="input"
      inputMode="numeric"
      pattern="[0-2][0-9]:[0-5][0-9]"
      placeholder={placeholder}
      dir="ltr"
      aria-label={name}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      value={value}
      onChange={(e) => onChange(westernDigits(e.target.value))}
    />
  );
}

function WeekdaysField({ label, value, error, onChange }: { label: string; value: number[]; error?: string; onChange: (v: unknown) => void }) {
  const language = useLanguage();
  return (
    <fieldset className="field weekdays">
      <legend className="field__label">{label}</legend>
      {WEEK.map((day) => (
        <CheckboxField
          key={day}
          label={weekdayName(day, language)}
          checked={value.includes(day)}
          onChange={(e) => onChange(e.target.checked ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day))}
        />
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PhotosField({ label, value, error, single, onChange }: { label: string; value: string[]; error?: string; single?: boolean; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const upload = useUploadPhoto();
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  // The browser's own file box says "Choose File / No file chosen" in the browser's language, whatever
  // the page's: it stays out of sight, opened by a button that speaks the page's language, which also
  // names the file chosen.
  const [chosen, setChosen] = useState<string | null>(null);
  const uploadError = upload.error ? (isApiError(upload.error) ? upload.error.message : t('adminCatalogue.uploadFailed')) : undefined;
  return (
    <fieldset className="field photos-field">
      <legend className="field__label">{label}</legend>
      <ul className="photos-field__list">
        {value.map((url) => (
          <li key={url} className="photos-field__item">
            <img src={url.replace('-detail.', '-list.')} alt="" width={120} height={80} />
            <Button size="sm" variant="ghost" type="button" onClick={() => onChange(value.filter((x) => x !== url))}>
              {t('adminCatalogue.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept="image/jpeg,image/png,image/webp"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setChosen(file.name);
          upload.mutate(file, {
            onSuccess: (photo) => {
              onChange(single ? [photo.url] : [...value, photo.url]);
              if (input.current) input.current.value = '';
            },
          });
        }}
      />
      <div className="photos-field__picker">
        <Button size="sm" variant="secondary" type="button" loading={upload.isPending} aria-describedby={chosenId} onClick={() => input.current?.click()}>
          {t('adminCatalogue.uploadPhoto')}
        </Button>
        <span id={chosenId} className="muted small" data-testid="photo-chosen">
          {chosen ? <bdi>{chosen}</bdi> : t('adminCatalogue.noFileChosen')}
        </span>
      </div>
      {upload.isPending ? <p className="muted small">{t('adminCatalogue.uploading')}</p> : null}
      <p className="field__hint">{t('adminCatalogue.photoHint')}</p>
      {uploadError || error ? (
        <p className="field__error" role="alert">
          {uploadError ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function visible(spec: FieldSpec, values: Values): boolean {
  return spec.when ? spec.when(values) : true;
}
