import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { pageMeta, PageHero, Prose } from '~/components/content/ContentPage';
import { Field, FormErrors, TextareaField } from '~/components/ui/Field';
import { CONTACT_SENT_MESSAGE, ContactSchema } from '~/lib/site-forms';
import { getEnv } from '~/services/platform/env.server';
import { requirePage } from '~/services/content/content-pages.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { submitContactMessage } from '~/services/content/site.server';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { Button } from '~/components/ui/Button';

/** A field people never see or fill: a robot filling every input gives itself away (works without JavaScript). */
export const CONTACT_TRAP_FIELD = 'website';
export const CONTACT_LIMITED_MESSAGE = 'You have sent several messages already. Please try again in an hour.';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => pageMeta(loaded?.page);

export async function loader() {
  return { page: await requirePage('contact'), supportEmail: getEnv().SUPPORT_EMAIL };
}

// Spec 3 §2 "Contact form: name, phone, email, message", §8 "message errors joined by newlines".
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== 'success') {
    const messages = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return data({ result: submission.reply({ formErrors: messages }), sent: false }, { status: 400 });
  }
  // A robot is answered like a person, so it learns nothing; nothing is stored or mailed.
  if (formData.get(CONTACT_TRAP_FIELD)) return { result: submission.reply({ resetForm: true }), sent: true };
  if (!(await consumeRateLimit('contact', { account: submission.value.email, address: clientAddress(request) }))) {
    return data({ result: submission.reply({ formErrors: [CONTACT_LIMITED_MESSAGE] }), sent: false }, { status: 429 });
  }
  // Signed in, the message belongs to the account: it goes with it (issue 35 item 8).
  await submitContactMessage(submission.value, (await getOptionalUser(request, context))?.id ?? null);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ContactUs() {
  const { page, supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'contact',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  const sent = navigation.state === 'idle' && actionData?.sent;
  return (
    <div className="contact-page">
      <PageHero title={page.title} excerpt={page.excerpt} />
      <div className="contact-layout">
        <Form method="post" className="contact-form card" {...getFormProps(form)}>
          {sent ? (
            <p className="form-success" role="status">
              {CONTACT_SENT_MESSAGE}
            </p>
          ) : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field label="Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
          <Field label="Phone (optional)" field={fields.phone} type="tel" inputProps={{ autoComplete: 'tel' }} />
          <Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
          <TextareaField label="Message" field={fields.message} textareaProps={{ rows: 6 }} />
          <div className="visually-hidden" aria-hidden="true">
            <label>
              Leave this empty <input type="text" name={CONTACT_TRAP_FIELD} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? 'Sending…' : 'Send message'}
          </Button>
        </Form>
        <aside className="contact-aside">
          <Prose html={page.html} />
          <p>
            Prefer e-mail? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </aside>
      </div>
    </div>
  );
}
