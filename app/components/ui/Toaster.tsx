import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect } from 'react';
import { toastMachine, type Toast } from '~/machines/toast.machine';

/**
 * Shows toasts: the server's flash message of this page load, and any the page raises
 * through the `paceline:toast` window event (fetcher results, the error catalogue).
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  // The machine starts hidden and hears the flash from an effect, which never runs on the
  // server: there the toaster is nothing, and creating and starting an actor for every
  // document only to render nothing cost ~5 % of the shell's CPU. In the browser the stack
  // mounts with the page's first render, so a toast raised during hydration is not lost.
  return typeof document === 'undefined' ? null : <ToastStack flash={flash} />;
}

function ToastStack({ flash }: { flash: Toast | null }) {
  const [snapshot, send] = useFlowMachine(toastMachine);
  useEffect(() => {
    if (flash) send({ type: 'SHOW', toast: flash });
  }, [flash, send]);
  useEffect(() => {
    const onToast = (event: Event) => send({ type: 'SHOW', toast: (event as CustomEvent<Toast>).detail });
    window.addEventListener('paceline:toast', onToast);
    return () => window.removeEventListener('paceline:toast', onToast);
  }, [send]);
  const toast = snapshot.context.toast;
  if (!snapshot.matches('visible') || !toast) return null;
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button type="button" aria-label="Close" onClick={() => send({ type: 'DISMISS' })}>
        ×
      </button>
    </div>
  );
}

/** Without JavaScript the toast machine never runs: the message as a plain notice (the server's flash, the login page's reason). */
export function NoScriptToast({ toast }: { toast: Toast }) {
  return (
    <noscript>
      <div className={`toast toast-${toast.kind}`} role="status">
        <span>{toast.message}</span>
      </div>
    </noscript>
  );
}

/** Raises a toast from anywhere in the browser. */
export function showToast(toast: Toast): void {
  window.dispatchEvent(new CustomEvent('paceline:toast', { detail: toast }));
}
