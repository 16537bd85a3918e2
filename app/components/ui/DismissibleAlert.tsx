import { Button } from './Button';

/**
 * An error the rider can close (a connection card's, the identity step's failed download): the
 * message is an alert of its own, with Dismiss beside it. Without `onDismiss` (the server's
 * render, before any script can close it) the alert shows alone.
 */
export function DismissibleAlert({ message, className, onDismiss }: { message: string; className: string; onDismiss?: () => void }) {
  return (
    <div className="dismissible-alert">
      <p className={className} role="alert">
        {message}
      </p>
      {onDismiss ? (
        <Button variant="link" onClick={onDismiss}>
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}
