import { describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { summaryOf } from '~/lib/flows/summary';
import { summarizedMachineCount, warmFlowsCatalogue } from './flows-catalogue.server';

describe('warmFlowsCatalogue', () => {
  it('summarises every machine on a worker thread, as this thread would, without blocking the caller', async () => {
    const before = summarizedMachineCount();
    const warmed = warmFlowsCatalogue();
    expect(summarizedMachineCount()).toBe(before);
    const list = await warmed;
    expect(list.map((summary) => summary.id)).toEqual(catalogue.map((entry) => entry.id));
    expect(summarizedMachineCount()).toBe(catalogue.length);
    const wizard = catalogue.find((entry) => entry.id === 'event-wizard');
    expect(list.find((summary) => summary.id === 'event-wizard')).toEqual(summaryOf(wizard!));
  }, 90_000);
});
