import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * Form fields bound to Conform metadata: label, control, and the field's first error under
 * it (the spec's messages are shown exactly as the schema writes them). Every control is a
 * native element, so forms work before JavaScript loads.
 */
type InputType = 'text' | 'email' | 'password' | 'number' | 'date' | 'tel' | 'url' | 'file' | 'search';

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="field-error" role={errors?.length ? 'alert' : undefined}>
      {errors?.[0] ?? ''}
    </p>
  );
}

export function Field({
  label,
  field,
  type = 'text',
  hint,
  inputProps,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  type?: InputType;
  hint?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field as FieldMetadata<string>, { type })} {...inputProps} />
      {hint ? <small className="field-hint">{hint}</small> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  field,
  textareaProps,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field as FieldMetadata<string>)} {...textareaProps} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  label,
  field,
  options,
  placeholder,
  selectProps,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  options: SelectOption[];
  placeholder?: string;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field as FieldMetadata<string>)} {...selectProps}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  field,
  inputProps,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label className="checkbox">
        <input {...getInputProps(field as FieldMetadata<boolean>, { type: 'checkbox' })} {...inputProps} />
        <span>{label}</span>
      </label>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Form-level errors (server messages), one per line as the spec's error catalogue joins them. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {errors.join('\n')}
    </div>
  );
}
