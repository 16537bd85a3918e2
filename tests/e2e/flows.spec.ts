import { expect, test, type Page } from './fixtures';
import { listStateNodes } from '../../app/lib/flows/definition';
import { activeStateNodes } from '../../app/lib/flows/microsteps';
import { generatePaths, type MachinePath } from '../../app/lib/flows/paths';
import type { CatalogueEntry } from '../../app/lib/flows/types';
import { catalogue } from '../../app/machines/catalogue';

// Read from the catalogue itself so the test stays right as machines are added. Path
// generation for ~20 machines (here and in the server's first /flows response) takes seconds.
test.describe.configure({ timeout: 120_000 });

function endsInFinalState(path: MachinePath): boolean {
  const last = path.steps[path.steps.length - 1];
  return JSON.parse(last.key).status === 'done';
}

/** The largest machine with a reachable final state (else the largest), and a path to walk. */
function pickWalk(): { entry: CatalogueEntry; path: MachinePath } {
  const bySize = [...catalogue].sort((a, b) => listStateNodes(b.machine).length - listStateNodes(a.machine).length);
  for (const entry of bySize) {
    const toFinal = generatePaths(entry).paths.filter((path) => path.kind === 'shortest' && endsInFinalState(path));
    if (toFinal.length) return { entry, path: toFinal.sort((a, b) => b.steps.length - a.steps.length)[0] };
  }
  const entry = bySize[0];
  const shortest = generatePaths(entry).paths.filter((path) => path.kind === 'shortest');
  return { entry, path: shortest.sort((a, b) => b.steps.length - a.steps.length)[0] };
}

function activeIdsAfter(entry: CatalogueEntry, key: string): string[] {
  const { value } = JSON.parse(key);
  const snapshot = entry.machine.resolveState({ value, context: {} });
  return activeStateNodes(snapshot)
    .map((node) => node.id)
    .sort();
}

async function highlighted(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-state-id][data-active="true"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state-id') ?? ''));
  return ids.sort();
}

test('the flows index lists every catalogue machine with its figures and coverage', async ({ page, request }) => {
  await page.goto('/flows');
  await expect(page.getByRole('heading', { name: 'Flows' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(catalogue.length);
  for (const entry of catalogue) {
    const row = page.locator(`tr[data-machine-id="${entry.id}"]`);
    await expect(row.getByRole('link', { name: entry.title })).toBeVisible();
    await expect(row).toContainText(entry.specRef);
    await expect(row).toContainText('100% / 100%');
  }
  const first = catalogue[0];
  const download = await request.get(`/flows/${first.id}/definition.json`);
  expect(download.headers()['content-disposition']).toContain(`${first.id}.machine.json`);
  expect((await download.json()).id).toBe(first.machine.id);
});

test('the simulator walks a generated path, highlighting each state, and its URL restores it', async ({ page }) => {
  const { entry, path } = pickWalk();
  await page.goto('/flows');
  await page.locator(`tr[data-machine-id="${entry.id}"]`).getByRole('link', { name: entry.title }).click();
  await expect(page.locator('.flows-detail[data-hydrated="true"]')).toBeVisible();
  await expect(page.getByRole('img', { name: `Statechart of ${entry.title}` })).toBeVisible();

  for (const step of path.steps) {
    await page
      .locator(`button[data-event=${JSON.stringify(JSON.stringify(step.event))}]`)
      .first()
      .click();
    await expect(page.getByTestId('current-state')).toHaveText(step.state);
    await expect.poll(() => highlighted(page)).toEqual(activeIdsAfter(entry, step.key));
  }
  const last = path.steps[path.steps.length - 1];
  if (endsInFinalState(path)) await expect(page.locator('.flows-badge')).toHaveText('final');

  // The URL is the state: a reload (or a colleague opening the link) shows the same.
  expect(page.url()).toContain('steps=');
  await page.reload();
  await expect(page.getByTestId('current-state')).toHaveText(last.state);
  await expect(page.locator('.flows-history li')).toHaveCount(path.steps.length + 1);

  await page.getByRole('button', { name: 'Undo' }).click();
  const previous = path.steps.length > 1 ? path.steps[path.steps.length - 2].state : null;
  if (previous) await expect(page.getByTestId('current-state')).toHaveText(previous);
  await expect(page.locator('.flows-history li')).toHaveCount(path.steps.length);
});
