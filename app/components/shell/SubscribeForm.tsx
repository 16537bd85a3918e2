import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useFetcher, useLocation } from '@remix-run/react';
import { SUBSCRIBED_MESSAGE, SubscribeSchema, type SubscribeAnswer } from '~/lib/site-forms';
import { buttonClass } from '~/components/ui/Button';

/**
 * The footer's e-mail subscribe form. A fetcher with JavaScript; without it the same form
 * posts to /subscribe, which redirects back here with a toast.
 */
export function SubscribeForm() {
  const fetcher = useFetcher<SubscribeAnswer>();
  const location = useLocation();
  const reply = fetcher.data && 'result' in fetcher.data ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: 'footer-subscribe',
    lastResult: fetcher.state === 'idle' ? reply?.result : undefined,
    constraint: { email: { required: true } },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SubscribeSchema }),
  });
  const subscribed = fetcher.state === 'idle' && reply?.subscribed;
  return (
    <fetcher.Form method="post" action="/subscribe" className="subscribe-form" {...getFormProps(form)}>
      <label htmlFor={fields.email.id}>Get race news and new routes in your inbox</label>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div className="subscribe-row">
        <input {...getInputProps(fields.email, { type: 'email' })} placeholder="you@example.com" autoComplete="email" />
        <button type="submit" className={buttonClass('primary')} disabled={fetcher.state !== 'idle'}>
          Subscribe
        </button>
      </div>
      <p id={fields.email.errorId} className="field-error" role={fields.email.errors ? 'alert' : undefined}>
        {fields.email.errors?.[0] ?? ''}
      </p>
      {subscribed ? (
        <p className="subscribe-done" role="status">
          {SUBSCRIBED_MESSAGE}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
