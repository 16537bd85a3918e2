import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { createMachine } from 'xstate';
import { Statechart } from '~/components/flows/Statechart';
import { extractGraph } from '~/lib/flows/graph';
import { layoutStatechart } from '~/lib/flows/layout';
import { signupMachine } from './tests/fixtures/flows/machines';
import { chromiumLaunch } from './playwright.config';

// A wizard-like machine with ~30 states to judge readability.
const steps = ['type', 'details', 'route', 'schedule', 'prizes', 'rules', 'review'];
const states: Record<string, unknown> = {};
steps.forEach((step, index) => {
  states[step] = {
    initial: 'editing',
    states: {
      editing: { on: { VALIDATE: 'validating' } },
      validating: { invoke: { id: `check_${step}`, src: 'check', onDone: '#wiz.' + (steps[index + 1] ?? 'saving'), onError: 'invalid' } },
      invalid: { on: { EDIT: 'editing' } },
    },
    on: index > 0 ? { BACK: steps[index - 1] } : {},
  };
});
states.saving = { after: { 2000: 'saved' }, on: { CANCEL: 'type' } };
states.saved = { type: 'final' };
const wiz = createMachine({ id: 'wiz', initial: 'type', states } as never);

const css = readFileSync('app/styles/app.css', 'utf8');
const browser = await chromium.launch(chromiumLaunch);
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
for (const [name, machine, active] of [['signup', signupMachine, ['signup.waiting', 'signup.waiting.page', 'signup.waiting.page.redirecting']], ['wiz', wiz, ['wiz.route', 'wiz.route.validating']]] as const) {
  const chart = await layoutStatechart(extractGraph(machine as never));
  const html = `<html><head><style>${css}</style></head><body><div class="flows-detail"><div class="flows-workspace">${renderToString(createElement(Statechart, { chart, active: new Set(active), title: name }))}<div class="flows-simulator">sim</div></div></div></body></html>`;
  writeFileSync(`/tmp/${name}.html`, html);
  await page.goto(`file:///tmp/${name}.html`);
  await page.screenshot({ path: `/tmp/${name}.png` });
  console.log(name, chart.width, chart.height);
}
await browser.close();
