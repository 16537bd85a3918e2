import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useFetcher, useLocation } from '@remix-run/react';
import type { ComponentProps } from 'react';
import { SUBSCRIBED_MESSAGE, SubscribeSchema, type SubscribeAnswer } from '~/lib/site-forms';
import { Button } from '~/components/ui/Button';

const FORM_ID = 'footer-subscribe';

/**
 * The footer's e-mail subscribe form. A fetcher with JavaScript; without it the same form
 * posts to /subscribe, which redirects back here with a toast.
 *
 * On the server the form is always in its first state (nothing typed, posted or refused), so
 * the server writes that state's markup without Conform: building a Conform form for every
 * document cost ≈8 % of the shell's CPU (decision 151). The browser renders the Conform form,
 * which hydrates onto the same markup (`SubscribeForm.test.tsx` renders both and compares them).
 */
export function SubscribeForm() {
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return typeof document === 'undefined' ? <FirstStateSubscribeForm redirectTo={redirectTo} /> : <LiveSubscribeForm redirectTo={redirectTo} />;
}

/** The form as Conform renders it before anything happened: what the server sends. */
export function FirstStateSubscribeForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<SubscribeAnswer>();
  const emailId = `${FORM_ID}-email`;
  return (
    <SubscribeFormView
      Form={fetcher.Form}
      formProps={{ id: FORM_ID, noValidate: true }}
      emailProps={{ required: true, id: emailId, name: 'email', form: FORM_ID, type: 'email' }}
      errorId={`${emailId}-error`}
      redirectTo={redirectTo}
      pending={false}
      subscribed={false}
    />
  );
}

/** The form in the browser, validated and answered through Conform. */
export function LiveSubscribeForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<SubscribeAnswer>();
  const reply = fetcher.data && 'result' in fetcher.data ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: fetcher.state === 'idle' ? reply?.result : undefined,
    constraint: { email: { required: true } },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SubscribeSchema }),
  });
  return (
    <SubscribeFormView
      Form={fetcher.Form}
      formProps={getFormProps(form)}
      emailProps={getInputProps(fields.email, { type: 'email' })}
      errorId={fields.email.errorId}
      error={fields.email.errors?.[0]}
      redirectTo={redirectTo}
      pending={fetcher.state !== 'idle'}
      subscribed={fetcher.state === 'idle' && Boolean(reply?.subscribed)}
    />
  );
}

function SubscribeFormView({
  Form,
  formProps,
  emailProps,
  errorId,
  error,
  redirectTo,
  pending,
  subscribed,
}: {
  Form: ReturnType<typeof useFetcher>['Form'];
  formProps: Pick<ComponentProps<'form'>, 'id' | 'noValidate' | 'onSubmit' | 'aria-invalid' | 'aria-describedby'>;
  emailProps: ComponentProps<'input'>;
  errorId: string;
  error?: string;
  redirectTo: string;
  pending: boolean;
  subscribed: boolean;
}) {
  return (
    <Form method="post" action="/subscribe" className="subscribe-form" {...formProps}>
      <label htmlFor={emailProps.id}>Get race news and new routes in your inbox</label>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="subscribe-row">
        <input {...emailProps} placeholder="you@example.com" autoComplete="email" />
        <Button type="submit" pending={pending}>
          Subscribe
        </Button>
      </div>
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
      {subscribed ? (
        <p className="subscribe-done" role="status">
          {SUBSCRIBED_MESSAGE}
        </p>
      ) : null}
    </Form>
  );
}
