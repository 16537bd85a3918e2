import { Form } from '@remix-run/react';
import type { BannerState } from '~/services/imports.server';

export const BANNER_TEXT = {
  submitted: 'Our team is reviewing your application, we will get back to you soon!',
  approved: 'Congratulations!, your data has been imported successfully',
  rejected: 'Sorry! Your application has been declined due to inaccurate information provided. Please try import with correct details.',
} as const;

/** Spec 2 §4 "Import status": none, submitted, approved (Got It until seen), rejected (re-import). */
export function ImportBanner({ state, onImport }: { state: BannerState; onImport: () => void }) {
  return (
    <section className={`import-banner import-banner-${state} card`} aria-label="Import from other platforms" data-state={state}>
      {state === 'none' ? (
        <>
          <p>Ridden elsewhere before? Bring your time, distance and elevation from other platforms.</p>
          <button type="button" className="primary" onClick={onImport}>
            Import
          </button>
        </>
      ) : null}
      {state === 'submitted' ? <p>{BANNER_TEXT.submitted}</p> : null}
      {state === 'approved' ? (
        <Form method="post" className="import-banner-row">
          <p>{BANNER_TEXT.approved}</p>
          <input type="hidden" name="intent" value="seen" />
          <button type="submit" className="primary">
            Got It
          </button>
        </Form>
      ) : null}
      {state === 'rejected' ? (
        <>
          <p>{BANNER_TEXT.rejected}</p>
          <button type="button" className="primary" onClick={onImport}>
            Re-import
          </button>
        </>
      ) : null}
    </section>
  );
}
