import { Form } from '@remix-run/react';
import { useRef } from 'react';
import { AVATAR_SIZE_PX } from '~/lib/constants';
import { buttonClass } from '~/components/ui/Button';

/** The 200x200 avatar with Change (an image picker that submits at once) and, for a custom avatar only, Remove. */
export function AvatarPanel({ avatarUrl, customAvatar, error }: { avatarUrl: string; customAvatar: boolean; error?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <div className="profile-avatar">
      <img src={avatarUrl} alt="Avatar" width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} />
      <Form method="post" encType="multipart/form-data" ref={formRef} className="profile-avatar-actions">
        <input type="hidden" name="intent" value="avatar" />
        <label className={buttonClass('primary')}>
          Change
          <input type="file" name="avatar" accept="image/*" className="visually-hidden" onChange={() => formRef.current?.requestSubmit()} />
        </label>
        <noscript>
          <button type="submit" className={buttonClass('primary')}>
            Upload
          </button>
        </noscript>
      </Form>
      {customAvatar ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-avatar" />
          <button type="submit" className={buttonClass('quiet')}>
            Remove
          </button>
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
