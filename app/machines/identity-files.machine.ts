import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * The identity step's files (spec 3 §4 "Identity step"): use the files of an earlier
 * registration or upload new ones; switching resets the fields. An existing file opens in a
 * new window; a failed download shows the spec's alert.
 */
export const DOWNLOAD_ERROR_MESSAGE = 'There is an error in downloading file. please try again or contact support';

export type IdFileSide = 'front' | 'back';

export interface IdentityFilesContext {
  hasExistingFiles: boolean;
  /** Bumped on every switch so the page remounts (empties) the file inputs. */
  generation: number;
  downloadError: string | null;
}

export const identityFilesMachine = setup({
  types: {
    context: {} as IdentityFilesContext,
    input: {} as { hasExistingFiles: boolean },
    events: {} as { type: 'USE_EXISTING' } | { type: 'UPLOAD_NEW' } | { type: 'DOWNLOAD'; side: IdFileSide } | { type: 'DISMISS_ERROR' },
  },
  actors: {
    downloadFile: fromPromise<void, { side: IdFileSide }>(async () => undefined),
  },
  guards: {
    hasExistingFiles: ({ context }) => context.hasExistingFiles,
    // The alert's Dismiss is there only while the alert is.
    showsError: ({ context }) => context.downloadError !== null,
  },
  actions: {
    resetFields: assign({ generation: ({ context }) => context.generation + 1, downloadError: null }),
    rememberDownloadError: assign({ downloadError: DOWNLOAD_ERROR_MESSAGE }),
    forgetDownloadError: assign({ downloadError: null }),
  },
}).createMachine({
  id: 'identityFiles',
  context: ({ input }) => ({ hasExistingFiles: input.hasExistingFiles, generation: 0, downloadError: null }),
  initial: 'uploadNew',
  states: {
    uploadNew: {
      on: { USE_EXISTING: { guard: 'hasExistingFiles', target: 'useExisting', actions: 'resetFields' } },
    },
    useExisting: {
      initial: 'idle',
      on: { UPLOAD_NEW: { target: 'uploadNew', actions: 'resetFields' } },
      states: {
        idle: {
          on: {
            DOWNLOAD: { target: 'downloading', actions: 'forgetDownloadError' },
            DISMISS_ERROR: { guard: 'showsError', actions: 'forgetDownloadError' },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadFile',
            src: 'downloadFile',
            input: ({ event }) => {
              assertEvent(event, 'DOWNLOAD');
              return { side: event.side };
            },
            onDone: 'idle',
            onError: { target: 'idle', actions: 'rememberDownloadError' },
          },
        },
      },
    },
  },
});
