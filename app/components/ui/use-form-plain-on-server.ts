import { useForm, type FormMetadata } from '@conform-to/react';
import { useId } from 'react';

type FormOptions<Schema extends Record<string, unknown>, FormValue, FormError> = Parameters<typeof useForm<Schema, FormValue, FormError>>[0];
type Text = string | null | undefined;

/**
 * Conform's `useForm`, except on the server while nothing has been posted: the form is then in
 * its first state (default values, no errors, nothing typed), and its metadata is written as
 * plain objects instead of Conform's form context, whose metadata proxies rebuild themselves on
 * every property read (≈15 % of /user/profile's request thread, docs/performance.md). The
 * field components (`Field`, `SelectField` …) take either through the same `getInputProps`, so
 * the markup is the same; the browser always runs Conform, which hydrates onto it. A form's test
 * renders both and compares the HTML (decision 154).
 *
 * Only flat text default values are written plainly (what the page forms pass); a form with any
 * other default (numbers, booleans, lists, objects) takes Conform on the server too.
 */
export function useFormPlainOnServer<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: FormOptions<Schema, FormValue, FormError>,
) {
  const flatDefaults = isFlat(options.defaultValue);
  // On the server a component renders once, so which branch it takes never changes between
  // renders; in the browser it is always Conform.
  if (typeof document !== 'undefined' || options.lastResult || !flatDefaults) return useForm<Schema, FormValue, FormError>(options);
  return useFirstStateForm<Schema, FormValue, FormError>(options);
}

function isFlat(value: unknown): value is Record<string, Text> | undefined {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((item) => item === null || item === undefined || typeof item === 'string');
}

/** A default value as Conform keeps it: the text, and no value for '' or null. */
function initialValueOf(value: Text): string | undefined {
  return value === '' || value === null ? undefined : value;
}

const CONSTRAINTS = ['required', 'minLength', 'maxLength', 'min', 'max', 'step', 'pattern', 'multiple', 'accept'] as const;
const noop = () => {};

/** The metadata Conform gives a form and its fields before anything happened. */
function useFirstStateForm<Schema extends Record<string, unknown>, FormValue, FormError>(
  options: FormOptions<Schema, FormValue, FormError>,
): [FormMetadata<Schema, FormError>, ReturnType<FormMetadata<Schema, FormError>['getFieldset']>] {
  // useForm's one useId call, at the same place: the ids match the browser's.
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const defaults = (options.defaultValue ?? {}) as Record<string, Text>;
  const constraint = (options.constraint ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const metadata = (name: string) => {
    const id = name ? `${formId}-${name}` : formId;
    const initialValue = name ? initialValueOf(defaults[name]) : undefined;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      initialValue,
      value: initialValue,
      defaultValue: initialValue,
      defaultOptions: initialValue === undefined ? undefined : [initialValue],
      defaultChecked: initialValue === 'on' ? true : undefined,
      errors: undefined,
      allErrors: {},
      valid: true,
      dirty: false,
      key: undefined,
      ...Object.fromEntries(CONSTRAINTS.map((key) => [key, constraint[name]?.[key]])),
    };
  };
  const fields = new Proxy({} as Record<string, unknown>, {
    get: (cache, name) => (typeof name === 'string' ? (cache[name] ??= metadata(name)) : undefined),
  });
  const form = {
    ...metadata(''),
    status: undefined,
    onSubmit: noop,
    noValidate: options.defaultNoValidate ?? true,
    getFieldset: () => fields,
  };
  return [form as unknown as FormMetadata<Schema, FormError>, fields as unknown as ReturnType<FormMetadata<Schema, FormError>['getFieldset']>];
}
