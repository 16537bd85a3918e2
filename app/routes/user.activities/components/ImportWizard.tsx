import { apiJson } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { Modal } from '~/components/ui/Modal';
import { IMPORT_MESSAGES, PLATFORMS, type StatsInput } from '~/lib/activities/import-rules';
import { IMPORT_PROOF_MAX_FILES, IMPORT_REVIEW_BUSINESS_DAYS } from '~/lib/constants';
import { IMAGE_TYPES, sniffFileType } from '~/lib/file-signature';
import { importWizardMachine, type ImportWizardContext, type SubmitOutcome } from '~/machines/import-wizard.machine';
import { Button } from '~/components/ui/Button';
import { textOf } from '~/lib/form-text';

async function allImagesOrPdf(files: File[]): Promise<boolean> {
  for (const file of files) {
    const type = sniffFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!type || (type !== 'pdf' && !IMAGE_TYPES.includes(type))) return false;
  }
  return true;
}

function FieldMessage({ message }: { message?: string }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** Spec 2 §2 third-party import wizard; closing (or Done) reloads the page. */
export function ImportWizard({ onClose }: { onClose: () => void }) {
  const files = useRef<File[]>([]);
  const [typeError, setTypeError] = useState<string | undefined>();
  const machine = useMemo(
    () =>
      importWizardMachine.provide({
        actions: { leave: () => onClose() },
        actors: {
          submitImport: fromPromise<SubmitOutcome, ImportWizardContext>(async ({ input }) => {
            const body = new FormData();
            body.set('platform', input.platform);
            for (const [key, value] of Object.entries<string>({ ...input.stats })) body.set(key, value);
            body.set('profileLink', input.proof?.profileLink ?? '');
            for (const file of files.current) body.append('files', file);
            // A 400 carries the server's list of errors, which the wizard shows.
            return apiJson<SubmitOutcome>('/user/activities/import', { method: 'POST', body }, { answers: [400] });
          }),
        },
      }),
    [onClose],
  );
  const [snapshot, send] = useFlowMachine(machine);
  const close = () => send({ type: 'CLOSE' });
  const { errors, serverErrors } = snapshot.context;
  const step = snapshot.matches('platform') ? 1 : snapshot.matches('stats') ? 2 : 3;
  return (
    <Modal open title={snapshot.matches('success') ? 'Import' : `Import your stats · step ${step} of 3`} onClose={close} className="import-wizard">
      {snapshot.matches('platform') ? (
        <fieldset className="import-platforms">
          <legend>Which platform do you migrate from?</legend>
          {PLATFORMS.map((platform) => (
            <label key={platform} className="import-platform">
              {/* Click, not change: after Back the picked platform is still checked, and picking it again must advance. */}
              <input
                type="radio"
                name="platform"
                value={platform}
                checked={snapshot.context.platform === platform}
                onChange={() => undefined}
                onClick={() => send({ type: 'PICK_PLATFORM', platform })}
              />
              {platform}
            </label>
          ))}
        </fieldset>
      ) : null}
      {snapshot.matches('stats') ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const data = Object.fromEntries(new FormData(event.currentTarget)) as unknown as StatsInput;
            send({ type: 'SUBMIT_STATS', stats: data });
          }}
        >
          <fieldset className="import-time">
            <legend>Total time spent</legend>
            {(['days', 'hours', 'minutes'] as const).map((unit) => (
              <div className="field" key={unit}>
                <label htmlFor={`import-${unit}`}>{unit[0].toUpperCase() + unit.slice(1)}</label>
                <input id={`import-${unit}`} name={unit} inputMode="numeric" defaultValue={snapshot.context.stats?.[unit] ?? ''} />
                <FieldMessage message={errors[unit]} />
              </div>
            ))}
          </fieldset>
          <FieldMessage message={errors.time} />
          <div className="field">
            <label htmlFor="import-distance">Overall distance</label>
            <div className="import-distance">
              <input id="import-distance" name="distance" inputMode="decimal" defaultValue={snapshot.context.stats?.distance ?? ''} />
              <select name="distanceUnit" aria-label="Distance unit" defaultValue={snapshot.context.stats?.distanceUnit ?? 'kilometers'}>
                <option value="kilometers">km</option>
                <option value="miles">miles</option>
              </select>
            </div>
            <FieldMessage message={errors.distance} />
          </div>
          <div className="field">
            <label htmlFor="import-elevation">Overall elevation (m)</label>
            <input id="import-elevation" name="elevation" inputMode="decimal" defaultValue={snapshot.context.stats?.elevation ?? ''} />
            <FieldMessage message={errors.elevation} />
          </div>
          <div className="import-actions">
            <Button onClick={() => send({ type: 'BACK' })} variant="secondary">
              Back
            </Button>
            <Button type="submit">Next</Button>
          </div>
        </form>
      ) : null}
      {snapshot.matches('proof') || snapshot.matches('submitting') ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const profileLink = textOf(new FormData(event.currentTarget).get('profileLink'));
            void allImagesOrPdf(files.current).then((allowed) => {
              if (!allowed) {
                setTypeError(IMPORT_MESSAGES.proofType);
                return;
              }
              setTypeError(undefined);
              send({ type: 'SUBMIT_PROOF', proof: { profileLink, fileCount: files.current.length } });
            });
          }}
        >
          <div className="field">
            <label htmlFor="import-link">Profile link</label>
            <input id="import-link" name="profileLink" type="url" defaultValue={snapshot.context.proof?.profileLink ?? ''} />
            <FieldMessage message={errors.profileLink} />
          </div>
          <div className="field">
            <label htmlFor="import-files">Proof files (images or PDF)</label>
            <input
              id="import-files"
              type="file"
              multiple
              accept="image/*,application/pdf"
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? []);
                if (chosen.length > IMPORT_PROOF_MAX_FILES) {
                  window.alert(IMPORT_MESSAGES.tooManyFiles);
                  event.currentTarget.value = '';
                  files.current = [];
                  return;
                }
                files.current = chosen;
              }}
            />
            <FieldMessage message={typeError ?? errors.files} />
          </div>
          {serverErrors.map((message) => (
            <p key={message} className="form-errors" role="alert">
              {message}
            </p>
          ))}
          <div className="import-actions">
            <Button onClick={() => send({ type: 'BACK' })} variant="secondary">
              Back
            </Button>
            <Button type="submit" pending={snapshot.matches('submitting')}>
              {snapshot.matches('submitting') ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </form>
      ) : null}
      {snapshot.matches('success') ? (
        <div className="import-success">
          <p className="import-success-title">Your Request has been submitted successfully !</p>
          <p>{`We will get back to you soon within ${IMPORT_REVIEW_BUSINESS_DAYS} business days.`}</p>
          <Button onClick={close}>Done</Button>
        </div>
      ) : null}
    </Modal>
  );
}
