import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldMessage } from '@/lib/form-messages';
import { cx } from '@/utils/cx';

/**
 * Turns a field's error (a message key of the form's rules, or the server's words) into the sentence
 * it shows, naming the field by its label. Every field component shows its error through this.
 */
/** A field's hint and error under it, with the ids its control names in aria-describedby. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string | undefined; error?: ReactNode; errorId?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function useFieldMessage(): (message: string | undefined, label: string) => string | undefined {
  const { t, i18n } = useTranslation();
  return (message, label) => (message ? fieldMessage({ t: (key, values) => t(key, values), exists: (key, values) => i18n.exists(key, values) }, message, label) : undefined);
}

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

function FieldShell({ label, error: message, hint, children, className }: FieldShellProps) {
  const id = useId();
  const error = useFieldMessage()(message, label);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

export function InputField({ label, error, hint, className, ...input }: InputFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input id={id} className="input" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} className="input input--area" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

export function SelectField({ label, error, hint, className, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className="input input--select" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ label, error: message, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode }) {
  const id = useId();
  const error = useFieldMessage()(message, typeof label === 'string' ? label : '');
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('check', error && 'field--invalid')}>
      <input id={id} type="checkbox" aria-invalid={Boolean(error) || undefined} aria-describedby={describedBy} {...input} />
      <label htmlFor={id}>{label}</label>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
