import { useId, useMemo, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { countryKeyLabel, countryKeys } from '@/lib/phone';
import { FieldMessages, useFieldMessage } from './field';
import './phone-field.css';
import { cx } from '@/utils/cx';

interface PhoneFieldProps {
  label: string;
  countryLabel: string;
  error?: string;
  hint?: string;
  /** Props of the country key select (react-hook-form's register result). */
  country: SelectHTMLAttributes<HTMLSelectElement>;
  /** Props of the number input. */
  number: InputHTMLAttributes<HTMLInputElement>;
}

/** A phone number with its country key picker; the value of the picker is the region code (EG). */
export function PhoneField({ label, countryLabel, error: message, hint, country, number }: PhoneFieldProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const error = useFieldMessage()(message, label);
  const keys = useMemo(() => countryKeys(i18n.language), [i18n.language]);
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('field', error && 'field--invalid')}>
      <label className="field__label" htmlFor={`${id}-number`}>
        {label}
      </label>
      <div className="phone-field" dir="ltr">
        <select className="input input--select phone-field__key" aria-label={countryLabel} {...country}>
          {keys.map((key) => (
            <option key={key.region} value={key.region}>
              {countryKeyLabel(key)}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          className="input phone-field__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy}
          {...number}
        />
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
