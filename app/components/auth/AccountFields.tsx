import type { FieldMetadata } from '@conform-to/react';
import { CheckboxField, Field, SelectField } from '~/components/ui/Field';
import { ACCOUNT_FIELDS, dobPickerMax, type AccountField, type AccountFieldName } from '~/lib/account-fields';

/**
 * Renders the account field schema: every field for register, and for the profile the
 * editable ones plus the read-only ones (shown disabled, so the browser never sends them).
 * A child's date of birth is shown disabled too.
 */
export function AccountFields({
  fields,
  mode,
  isKid = false,
}: {
  fields: Partial<Record<AccountFieldName, FieldMetadata<unknown>>>;
  mode: 'register' | 'profile';
  isKid?: boolean;
}) {
  const visible = ACCOUNT_FIELDS.filter((field) => mode === 'register' || field.profile !== 'hidden');
  return (
    <div className="account-fields">
      {visible.map((spec) => {
        const field = fields[spec.name];
        if (!field) return null;
        const readOnly = mode === 'profile' && (spec.profile === 'readOnly' || (spec.name === 'dob' && isKid));
        return <AccountFieldControl key={spec.name} spec={spec} field={field} readOnly={readOnly} />;
      })}
    </div>
  );
}

function AccountFieldControl({ spec, field, readOnly }: { spec: AccountField; field: FieldMetadata<unknown>; readOnly: boolean }) {
  const label = spec.required && spec.type !== 'checkbox' ? `${spec.label} *` : spec.label;
  if (spec.type === 'select') {
    return <SelectField label={label} field={field} options={spec.options ?? []} placeholder={`Select ${spec.label}`} selectProps={{ disabled: readOnly }} />;
  }
  if (spec.type === 'checkbox') return <CheckboxField label={spec.label} field={field} />;
  const extra =
    spec.type === 'date'
      ? { max: dobPickerMax() }
      : spec.type === 'number'
        ? { step: '0.1', inputMode: 'decimal' as const }
        : spec.type === 'password'
          ? { autoComplete: 'new-password' }
          : {};
  return <Field label={label} field={field} type={spec.type} inputProps={{ ...extra, disabled: readOnly }} />;
}
