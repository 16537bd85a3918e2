import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native <dialog> shown modally. `dismissOnBackdrop` is off by default because the spec's
 * wizards must not close on a backdrop click; Escape calls onClose. showModal() makes the rest of the
 * page inert, which is the focus trap (WCAG 2.4.3), and returns focus to the opener on close.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  dismissOnBackdrop = false,
  className,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  dismissOnBackdrop?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // The backdrop click mirrors Escape, which the dialog's cancel event already gives the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (dismissOnBackdrop && event.target === ref.current) onClose();
      }}
    >
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
