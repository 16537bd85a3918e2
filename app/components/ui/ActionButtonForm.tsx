import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

/**
 * A one-button form posting a few hidden fields (Remove, Revoke in a table row): works
 * without JavaScript, and the button's accessible name can name the row it acts on.
 */
export function ActionButtonForm({
  fields,
  children,
  label,
  action,
  variant = 'danger',
}: {
  fields: Record<string, string>;
  children: ReactNode;
  label?: string;
  action?: string;
  variant?: ButtonVariant;
}) {
  return (
    <Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
