import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect } from 'react';
import { toastMachine, type Toast } from '~/machines/toast.machine';

/**
 * Shows toasts: the server's flash message of this page load, and any the page raises
 * through the `paceline:toast` window event (fetcher results, the error catalogue).
 */
export function Toaster({ flash }: { flash: Toast | null }) {
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
      <button type="button" aria-label="Close" onClick={() => send({ type: 'DISMISS' })}>×</button>
    </div>
  );
}

/** Raises a toast from anywhere in the browser. */
export function showToast(toast: Toast): void {
  window.dispatchEvent(new CustomEvent('paceline:toast', { detail: toast }));
}
