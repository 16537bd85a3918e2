/** An alert popup (spec 3 §4): what the server's flash, the error catalogue and the pages raise, and the toast machine shows. */
type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  kind: ToastKind;
  message: string;
}
