import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { summarizedMachineCount, warmFlowsCatalogue } from './catalogue.server';

describe('warmFlowsCatalogue', () => {
  it('summarises every machine in the background, one per turn, without blocking the caller', async () => {
    // Another test file in the same worker may already have summarised some machines.
    const before = summarizedMachineCount();
    warmFlowsCatalogue();
    expect(summarizedMachineCount()).toBe(before);
    await vi.waitFor(() => expect(summarizedMachineCount()).toBe(catalogue.length), { timeout: 60_000, interval: 50 });
  }, 90_000);
});
