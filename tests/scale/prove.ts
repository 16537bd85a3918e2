// The scale test's bookkeeping: each proof prints its figures or its failure, and the run ends
// on 'N passed, N failed'. Every wait polls for its condition with a deadline; no fixed sleeps.

export const results: Array<{ name: string; ok: boolean; detail: string }> = [];

export async function prove(name: string, check: () => Promise<string>): Promise<void> {
  const started = performance.now();
  try {
    const detail = await check();
    results.push({ name, ok: true, detail });
    console.log(`✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s): ${detail}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`✗ ${name}: ${detail}`);
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms`. */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** `{ a: 2, b: 1 }` → "2× a, 1× b", largest first. */
export function spread(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([key, count]) => `${count}× ${key}`)
    .join(', ');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
