import { Form } from '@remix-run/react';
import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button, buttonClass } from '~/components/ui/Button';
import { apiJson } from '~/lib/api-client';
import { DATA_EXPORT_VALID_DAYS } from '~/lib/constants';
import { dataExportMachine, type DataExportView } from '~/machines/data-export.machine';

// Built once per process, not per render (provide() builds the state-node tree).
const exportMachine = dataExportMachine.provide({
  actors: { checkExport: fromPromise(() => apiJson<DataExportView | null>('/user/data-export/status')) },
});

function megabytes(bytes: number | null): string {
  return `${((bytes ?? 0) / 1_048_576).toFixed(1)} MB`;
}

function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : '';
}

function AskButton({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="export" />
      <Button type="submit">{label}</Button>
    </Form>
  );
}

/** The profile's My Data tab (issue 26, decision 128): ask for a copy, watch it build, download it. */
export function DataExportPanel({ view, isKid }: { view: DataExportView | null; isKid: boolean }) {
  // A new page load (after asking) starts a new machine from what it loaded.
  const [state] = useFlowMachine(exportMachine, { input: { view } });
  const current = state.context.view;
  return (
    <section className="profile-data" aria-live="polite">
      <p>
        {isKid
          ? `Ask for a copy of all of this account's data. Because this is a child account, we send your parent or guardian a link to confirm, and the copy goes to them. It can be downloaded for ${DATA_EXPORT_VALID_DAYS} days.`
          : `Download a copy of all of your data: your profile, your rides with their original files and figures, FTP and weight history, transactions, purchases, event registrations and connections. We prepare it in the background and e-mail you when it is ready; it can be downloaded for ${DATA_EXPORT_VALID_DAYS} days.`}
      </p>
      {state.matches('none') ? <AskButton label="Ask for a copy" /> : null}
      {state.matches('waitingForParent') ? (
        <>
          <p>Your request is waiting for your parent or guardian to confirm it.</p>
          <AskButton label="Send the link again" />
        </>
      ) : null}
      {state.matches('building') || state.matches('checking') ? (
        <div className="profile-data-progress">
          <label htmlFor="data-export-progress">Preparing your data… {current?.progress ?? 0}%</label>
          {/* Busy while the tab asks the server how far the copy has come (checking), so that moment shows too. */}
          <progress id="data-export-progress" max={100} value={current?.progress ?? 0} aria-busy={state.matches('checking')} />
          <noscript>
            <p>Reload the page to see how far it has come.</p>
          </noscript>
        </div>
      ) : null}
      {state.matches('ready') && current ? (
        <>
          {isKid ? (
            <p>The copy has been sent to your parent or guardian. It can be downloaded until {day(current.expiresAt)}.</p>
          ) : (
            <p>
              Your copy is ready ({megabytes(current.sizeBytes)}).{' '}
              {/* An <a>, not a ButtonLink: the server sends the zip to save, not a page for the router. */}
              <a href={`/user/data-export/${current.id}`} className={buttonClass('primary')}>
                Download my data
              </a>{' '}
              It can be downloaded until {day(current.expiresAt)}.
            </p>
          )}
          <AskButton label="Ask for a new copy" />
        </>
      ) : null}
      {state.matches('failed') ? (
        <>
          <p className="form-errors" role="alert">
            We could not prepare the copy. Please try again.
          </p>
          <AskButton label="Ask for a copy" />
        </>
      ) : null}
    </section>
  );
}
