import type { Page } from '@playwright/test';

/**
 * Watches a page's console errors and uncaught errors from now on: `fromReact()` gives those that
 * come from React (a hydration mismatch logs error #418/#423 in production builds), `uncaught()`
 * every error thrown in the page.
 */
export function watchPageErrors(page: Page): { fromReact: () => string[]; uncaught: () => string[] } {
  const logged: string[] = [];
  const thrown: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  page.on('pageerror', (error) => thrown.push(String(error)));
  return {
    fromReact: () => [...logged, ...thrown].filter((text) => /react|hydrat|error #4\d\d/i.test(text)),
    uncaught: () => [...thrown],
  };
}
