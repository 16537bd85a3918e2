import { parentPort } from 'node:worker_threads';
import { catalogue } from '~/machines/catalogue';
import { summaryOf } from '~/lib/flows/summary';

// A worker thread started by warmFlowsCatalogue: summarises every machine of the catalogue off
// the request thread (about half a second of path generation) and posts the list back.
parentPort?.postMessage(catalogue.map(summaryOf));
