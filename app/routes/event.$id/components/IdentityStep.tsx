import { ApiError, apiRequest } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { Field, SelectField } from '~/components/ui/Field';
import { ID_TYPES } from '~/lib/events/registration-schema';
import { identityFilesMachine } from '~/machines/identity-files.machine';
import type { WizardFields, WizardLoaded } from './wizard-props';
import { Button } from '~/components/ui/Button';
import { DismissibleAlert } from '~/components/ui/DismissibleAlert';

/** IDENTITY VERIFICATION: id type, expiry, and existing files or new uploads (spec 3 §4, §5). */
export function IdentityStep({ fields, loaded, showAll }: { fields: WizardFields; loaded: WizardLoaded; showAll: boolean }) {
  const existing = loaded.existingFiles;
  const machine = useMemo(
    () =>
      identityFilesMachine.provide({
        actors: {
          downloadFile: fromPromise(async ({ input }) => {
            const url = `/event/file/${existing?.registrationId}/${input.side}`;
            // HEAD has no body: the catalogue still applies (no response, lost session); other failures reject.
            const result = await apiRequest(url, { method: 'HEAD' });
            if (!result.ok) throw new ApiError(result);
            window.open(url, '_blank', 'noopener');
          }),
        },
      }),
    [existing?.registrationId],
  );
  const [snapshot, send] = useFlowMachine(machine, { input: { hasExistingFiles: Boolean(existing) } });
  const usingExisting = snapshot.matches('useExisting');
  // One file opens at a time: the buttons wait while a download is under way.
  const downloading = snapshot.matches({ useExisting: 'downloading' });
  const idType = fields.idType.value;
  return (
    <>
      <div className="wizard-grid">
        <SelectField label="Id type" field={fields.idType} placeholder="Select" options={ID_TYPES.map((type) => ({ ...type }))} />
        <Field label="Expiry date" field={fields.expiryDate} type="date" />
      </div>
      {existing ? (
        <div className="field" role="radiogroup" aria-label="Identity files">
          <label className="checkbox">
            <input type="radio" name={fields.idSource.name} value="existing" checked={usingExisting} onChange={() => send({ type: 'USE_EXISTING' })} /> Use
            existing files
          </label>
          <label className="checkbox">
            <input type="radio" name={fields.idSource.name} value="upload" checked={!usingExisting} onChange={() => send({ type: 'UPLOAD_NEW' })} /> Upload new
            files
          </label>
        </div>
      ) : (
        <input type="hidden" name={fields.idSource.name} value="upload" />
      )}
      {usingExisting && existing ? (
        <div className="wizard-existing-files">
          <Button pending={downloading} onClick={() => send({ type: 'DOWNLOAD', side: 'front' })} variant="secondary">
            View front image
          </Button>
          {existing.hasBack ? (
            <Button pending={downloading} onClick={() => send({ type: 'DOWNLOAD', side: 'back' })} variant="secondary">
              View back image
            </Button>
          ) : null}
          {snapshot.context.downloadError ? (
            <DismissibleAlert className="field-error" message={snapshot.context.downloadError} onDismiss={() => send({ type: 'DISMISS_ERROR' })} />
          ) : null}
        </div>
      ) : (
        <div className="wizard-grid" key={snapshot.context.generation}>
          <Field label="Front image" field={fields.nationalIdFront} type="file" inputProps={{ accept: '.jpg,.jpeg,.png,image/jpeg,image/png' }} />
          {showAll || idType !== 'passport' ? (
            <Field label="Back image" field={fields.nationalIdBack} type="file" inputProps={{ accept: '.jpg,.jpeg,.png,image/jpeg,image/png' }} />
          ) : null}
        </div>
      )}
    </>
  );
}
