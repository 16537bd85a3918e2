import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { summarizedMachineCount, warmFlowsCatalogue } from './catalogue.server';

describe('warmFlowsCatalogue', () => {
  it('summarises every machine in the background, one per turn, without blocking the caller', async () => {
    expect(summarizedMachineCount()).toBe(0);
    warmFlowsCatalogue();
    expect(summarizedMachineCount()).toBe(0);
    await vi.waitFor(() => expect(summarizedMachineCount()).toBe(catalogue.length), { timeout: 60_000, interval: 50 });
  }, 90_000);
});
