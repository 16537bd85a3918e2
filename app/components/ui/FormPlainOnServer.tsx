import { useForm, type FormMetadata } from '@conform-to/react';
import { useId, type ReactNode } from 'react';

type FormOptions<Schema extends Record<string, unknown>, FormValue, FormError> = Parameters<typeof useForm<Schema, FormValue, FormError>>[0];
type Text = string | null | undefined;

/**
 * A Conform form whose metadata is written as plain objects on the server while nothing has been
 * posted: the form is then in its first state (default values, no errors, nothing typed), and
 * Conform's form context and metadata proxies, which rebuild themselves on every property read,
 * cost ≈15 % of /user/profile's request thread (docs/performance.md). `children` renders the
 * form from either; the field components (`Field`, `SelectField` …) take both through the same
 * `getInputProps`, so the markup is the same, and the browser, which always runs Conform,
 * hydrates onto it. A form's test renders both and compares the HTML (decision 154).
 *
 * The choice is between two child components, each calling its hooks on every render (the
 * rules of hooks; decision 195): `FirstStateForm` calls `useId` once where `useForm` does, so the
 * ids match the browser's. Only flat text default values are written plainly (what the page
 * forms pass); a form with any other default (numbers, booleans, lists, objects) or a posted
 * result takes Conform on the server too.
 */
export function FormPlainOnServer<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>({
  options,
  children,
}: {
  options: FormOptions<Schema, FormValue, FormError>;
  children: (...form: FormAndFields<Schema, FormError>) => ReactNode;
}) {
  const plain = typeof document === 'undefined' && !options.lastResult && isFlat(options.defaultValue);
  return plain ? <FirstStateForm options={options}>{children}</FirstStateForm> : <ConformForm options={options}>{children}</ConformForm>;
}

type FormAndFields<Schema extends Record<string, unknown>, FormError> = [
  FormMetadata<Schema, FormError>,
  ReturnType<FormMetadata<Schema, FormError>['getFieldset']>,
];

interface FormProps<Schema extends Record<string, unknown>, FormValue, FormError> {
  options: FormOptions<Schema, FormValue, FormError>;
  children: (...form: FormAndFields<Schema, FormError>) => ReactNode;
}

function ConformForm<Schema extends Record<string, unknown>, FormValue, FormError>({ options, children }: FormProps<Schema, FormValue, FormError>) {
  return children(...useForm<Schema, FormValue, FormError>(options));
}

function FirstStateForm<Schema extends Record<string, unknown>, FormValue, FormError>({ options, children }: FormProps<Schema, FormValue, FormError>) {
  // useForm's one useId call, at the same place: the ids match the browser's.
  const generatedId = useId();
  return children(...firstStateForm<Schema, FormValue, FormError>(options.id ?? generatedId, options));
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
function firstStateForm<Schema extends Record<string, unknown>, FormValue, FormError>(
  formId: string,
  options: FormOptions<Schema, FormValue, FormError>,
): FormAndFields<Schema, FormError> {
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
  const fields = new Proxy<Record<string, ReturnType<typeof metadata>>>(
    {},
    {
      get: (cache, name) => (typeof name === 'string' ? (cache[name] ??= metadata(name)) : undefined),
    },
  );
  const form = {
    ...metadata(''),
    status: undefined,
    onSubmit: noop,
    noValidate: options.defaultNoValidate ?? true,
    getFieldset: () => fields,
  };
  return [form as unknown as FormMetadata<Schema, FormError>, fields as unknown as ReturnType<FormMetadata<Schema, FormError>['getFieldset']>];
}
