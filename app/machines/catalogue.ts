import type { CatalogueEntry } from '~/lib/flows/types';
import { activitiesListSample } from './activities.catalogue';
import { toastMachine } from './toast.machine';

/**
 * Every flow of Paceline that is a machine. The visualizer at /flows, `npm run paths`
 * and the generated path tests all read this list: add a machine here and all three
 * pick it up.
 */
export const catalogue: CatalogueEntry[] = [
  {
    id: 'toast',
    title: 'Toast',
    description: 'Shows one alert popup at a time and closes it after 10 seconds or when dismissed.',
    specRef: 'spec 3 §4 Other, §9 "Alert popups auto-close after 10 seconds"',
    machine: toastMachine,
    eventSamples: {
      SHOW: [{ type: 'SHOW', toast: { kind: 'success', message: 'Saved' } } as never],
    },
  },
  ...activitiesListSample,
];

export function findCatalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.id === id);
}
