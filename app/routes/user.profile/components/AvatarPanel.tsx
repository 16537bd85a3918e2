import { Form } from '@remix-run/react';
import { useRef } from 'react';
import { AVATAR_SIZE_PX } from '~/lib/constants';
import { Button, buttonClass } from '~/components/ui/Button';

/** The 200x200 avatar with Change (an image picker that submits at once) and, for a custom avatar only, Remove. */
export function AvatarPanel({ avatarUrl, customAvatar, error }: { avatarUrl: string; customAvatar: boolean; error?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <div className="profile-avatar">
      <img src={avatarUrl} alt="Avatar" width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} />
      <Form method="post" encType="multipart/form-data" ref={formRef} className="profile-avatar-actions">
        <input type="hidden" name="intent" value="avatar" />
        {/* A label that looks like a button: pressing it opens the file picker of the input it holds. */}
        <label className={buttonClass('primary')}>
          Change
          <input type="file" name="avatar" accept="image/*" className="visually-hidden" onChange={() => formRef.current?.requestSubmit()} />
        </label>
        <noscript>
          <Button type="submit">Upload</Button>
        </noscript>
      </Form>
      {customAvatar ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-avatar" />
          <Button type="submit" variant="quiet">
            Remove
          </Button>
        </Form>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
