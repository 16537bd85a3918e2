// A steady load through the balancer for `npm run test:scale`: a few clients, each sending its
// next request as soon as the last was answered, until stopped. Every answer is checked by the
// request that asked; the report counts what was sent and what failed (a network error, or an
// answer its check refused), and prints its spread.

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  init?: RequestInit;
  /** Reads the answer: a failure's description, or nothing when it is the one expected. */
  check(answer: Response): Promise<string | undefined>;
}

export interface LoadReport {
  sent: number;
  byMethod: Record<string, number>;
  /** `GET 200` → count. */
  statuses: Record<string, number>;
  failures: string[];
  seconds: number;
}

export function startLoad({ site, clients, next }: { site: string; clients: number; next: (client: number) => LoadRequest }) {
  const report: LoadReport = { sent: 0, byMethod: {}, statuses: {}, failures: [], seconds: 0 };
  const started = performance.now();
  let stopping = false;
  const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);
  const client = async (index: number) => {
    while (!stopping) {
      const request = next(index);
      report.sent += 1;
      count(report.byMethod, request.method);
      try {
        const answer = await fetch(`${site}${request.path}`, { ...request.init, method: request.method, redirect: 'manual' });
        count(report.statuses, `${request.method} ${answer.status}`);
        const failure = await request.check(answer);
        if (failure) report.failures.push(`${request.method} ${request.path}: ${failure}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        count(report.statuses, `${request.method} network error`);
        report.failures.push(`${request.method} ${request.path}: ${(error as Error).message} ${cause?.code ?? cause?.message ?? ''}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    report,
    async stop(): Promise<LoadReport> {
      stopping = true;
      await running;
      report.seconds = (performance.now() - started) / 1000;
      return report;
    },
  };
}
