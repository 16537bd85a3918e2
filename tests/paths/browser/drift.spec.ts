import { expect, test, type Page } from '@playwright/test';
import { createMachine, type AnyStateMachine } from 'xstate';
import { browserPaths, type BrowserPath } from '../../../app/lib/flows/browser-paths';
import type { CatalogueEntry } from '../../../app/lib/flows/types';
import { findCatalogueEntry } from '../../../app/machines/catalogue';
import toastBinding from '../../../app/components/ui/toast.paths';
import type { AnyBinding } from './binding';
import { PathStepError, runPath } from './runner';

// The generated run catches drift (decision 185): the toast's real paths and binding, replayed
// against a screen or a machine changed on purpose, must fail at the step where they part.

const toast = findCatalogueEntry('toast') as CatalogueEntry;

/** The toast machine with one change to its chart: what a developer's edit would make it. */
function changedToast(change: (states: Record<string, object>) => Record<string, object>): CatalogueEntry {
  const { config, implementations } = toast.machine;
  const machine = createMachine({ ...config, states: change({ ...(config.states as Record<string, object>) }) } as never, implementations as never);
  return { ...toast, machine: machine as AnyStateMachine };
}

function pathThrough(entry: CatalogueEntry, match: (path: BrowserPath) => boolean): BrowserPath {
  const found = browserPaths(entry).find(match);
  if (!found)
    throw new Error(
      `No generated path of the changed machine matches: ${browserPaths(entry)
        .map((path) => path.title)
        .join(', ')}`,
    );
  return found;
}

/** Runs the path and returns how it failed; a path that passes fails the test. */
async function failureOf(page: Page, entry: CatalogueEntry, binding: AnyBinding, path: BrowserPath): Promise<PathStepError> {
  try {
    await runPath({
      page,
      testInfo: test.info(),
      entry,
      binding,
      path,
      once: (_key, make) => make(),
      record: { states: new Set(), transitions: new Set() },
      screenshots: false,
    });
  } catch (error) {
    if (error instanceof PathStepError) return error;
    throw error;
  }
  throw new Error(`${path.title} passed, though it should have failed`);
}

test('a screen that stops showing what a state shows fails at the step into that state', async ({ page }) => {
  // The toast's text hidden, as a changed stylesheet would: the toaster still runs its machine.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '.toast > span { display: none }';
      document.head.append(style);
    }),
  );
  const path = pathThrough(toast, (candidate) => candidate.title.includes('—DISMISS→'));
  const failure = await failureOf(page, toast, toastBinding, path);
  expect(failure.step).toBe(1);
  expect(failure.title).toBe('1. hidden —SHOW {"toast":{"kind":"success","message":"Saved"}}→ visible');
  expect(failure.message).toContain("getByText('Your profile has been updated.')");
});

test('a new state without a check fails at the step into it', async ({ page }) => {
  const entry = changedToast((states) => ({
    ...states,
    visible: { ...states.visible, on: { ...(states.visible as { on: object }).on, DISMISS: { target: 'closing', actions: 'forgetToast' } } },
    closing: { after: { 300: 'hidden' } },
  }));
  const path = pathThrough(entry, (candidate) => candidate.title.includes('—DISMISS→ closing'));
  const failure = await failureOf(page, entry, toastBinding, path);
  expect(failure.title).toMatch(/^2\. visible —DISMISS→ closing$/);
  expect(failure.message).toContain('has no check for state closing');
});

test('a new event without an action fails at the step that sends it', async ({ page }) => {
  const entry = changedToast((states) => ({
    ...states,
    visible: { ...states.visible, on: { ...(states.visible as { on: object }).on, PIN: 'pinned' } },
    pinned: { on: { DISMISS: { target: 'hidden', actions: 'forgetToast' } } },
  }));
  const path = pathThrough(entry, (candidate) => candidate.title.includes('—PIN→ pinned'));
  const failure = await failureOf(page, entry, toastBinding, path);
  expect(failure.title).toMatch(/^2\. visible —PIN→ pinned$/);
  expect(failure.message).toContain('has no action for PIN');
});

test("a check that would pass in the wrong state is caught by the page's own record of its transitions", async ({ page }) => {
  // Save no longer raises the toast, and the visible check is too lax to notice.
  const lax: AnyBinding = {
    ...toastBinding,
    states: { ...toastBinding.states, visible: async () => {} },
    events: { ...toastBinding.events, SHOW: async () => {} },
  };
  const path = pathThrough(toast, (candidate) => candidate.title.includes('—DISMISS→'));
  const failure = await failureOf(page, toast, lax, path);
  expect(failure.step).toBe(1);
  expect(failure.message).toContain("transitions the page's toast machine did not take");
  expect(failure.message).toContain('toast.hidden —SHOW#0→');
});
