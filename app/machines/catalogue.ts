import { defineFlow, type CatalogueEntry } from '~/lib/flows/types';
import { accountsFlows } from './catalogue/accounts';
import { activitiesFlows } from './catalogue/activities';
import { connectionsFlows } from './catalogue/connections';
import { eventsFlows } from './catalogue/events';
import { shopFlows } from './catalogue/shop';
import { walletFlows } from './catalogue/wallet';
import { toastMachine } from './toast.machine';

const shellFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'toast',
    browserPaths: 'required',
    title: 'Toast',
    description: 'Shows one alert popup at a time and closes it after 10 seconds or when dismissed.',
    specRef: 'spec 3 §4 Other, §9 "Alert popups auto-close after 10 seconds"',
    machine: toastMachine,
    eventSamples: {
      SHOW: [{ type: 'SHOW', toast: { kind: 'success', message: 'Saved' } }],
    },
  }),
];

/**
 * Every flow of Paceline that is a machine. The visualizer at /flows, `npm run paths`
 * and the generated path tests all read this list: add a machine to its area's list in
 * catalogue/ and all three pick it up.
 */
export const catalogue: CatalogueEntry[] = [
  ...shellFlows,
  ...accountsFlows,
  ...activitiesFlows,
  ...eventsFlows,
  ...walletFlows,
  ...shopFlows,
  ...connectionsFlows,
];

export function findCatalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.id === id);
}
