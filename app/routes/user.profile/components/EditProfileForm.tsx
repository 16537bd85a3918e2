import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { AccountFields } from '~/components/auth/AccountFields';
import { Field, FormErrors } from '~/components/ui/Field';
import { FormPlainOnServer } from '~/components/ui/FormPlainOnServer';
import { profileSchema } from '~/lib/account-fields';
import { FTP_SET_MAX_W, FTP_SET_MIN_W } from '~/lib/constants';
import type { Profile } from '~/services/accounts/profile.server';
import { FtpFieldSchema } from '../ftp-field';
import { Button, ButtonLink } from '~/components/ui/Button';

const schemas = new Map<string, ReturnType<typeof buildSchema>>();

function buildSchema(gender: number, isKid: boolean) {
  return profileSchema(gender, isKid).and(FtpFieldSchema);
}

/** The form's schema, built once per kind of rider and only when the browser validates. */
function schemaFor(gender: number, isKid: boolean) {
  const key = `${gender}:${isKid}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = buildSchema(gender, isKid)));
  return schema;
}

/** The profile form from the shared field schema; email and gender read-only, a child's dob too. */
export function EditProfileForm({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  return (
    <FormPlainOnServer
      options={{
        lastResult,
        onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(profile.gender, profile.isKid) }),
        shouldValidate: 'onBlur',
        defaultValue: {
          firstname: profile.firstname,
          lastname: profile.lastname,
          email: profile.email,
          gender: String(profile.gender),
          country: String(profile.country),
          dob: profile.dob ?? '',
          weight: profile.weight === null ? '' : String(profile.weight),
          height: profile.height === null ? '' : String(profile.height),
          IsAllowedToSendMarketingEmails: profile.marketingConsent ? 'on' : undefined,
          ftp: profile.ftp === null ? '' : String(profile.ftp),
        },
      }}
    >
      {(form, fields) => (
        <Form method="post" {...getFormProps(form)} className="auth-form profile-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="profile" />
          <AccountFields fields={fields} mode="profile" isKid={profile.isKid} />
          <Field
            label="FTP (W)"
            field={fields.ftp}
            type="number"
            hint="A value applies to rides from now on. Empty: your head unit's FTP, raised when a ride shows more (you can undo that)."
            inputProps={{ min: FTP_SET_MIN_W, max: FTP_SET_MAX_W, step: 1 }}
          />
          <div className="form-actions">
            <Button type="submit">Save</Button>
            <ButtonLink to="/events">Cancel</ButtonLink>
          </div>
        </Form>
      )}
    </FormPlainOnServer>
  );
}
