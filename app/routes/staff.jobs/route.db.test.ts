import { describe, expect, it } from 'vitest';
import { defineJob, enqueueJob } from '~/services/platform/jobs.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action, loader } from './route';

setUpTestDatabase();

let healthy = false;
const delivered: string[] = [];
const fragileJob = defineJob<{ to: string }>(
  'test.staff-retry',
  async ({ to }) => {
    if (!healthy) throw new Error('mail server refused the connection');
    delivered.push(to);
  },
  { retryLimit: 0 },
);

const addressJob = defineJob<{ email: string }>(
  'test.staff-address',
  async () => {
    throw new Error('mail server refused the connection');
  },
  { retryLimit: 0, forgetPayloadWhenDone: true },
);

describe('/staff/jobs', () => {
  it('shows staff each failed job with its error, and Retry runs it again', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const id = await enqueueJob(fragileJob, { to: 'rider@example.com' });
    const { request } = await signedInRequest(staff.id, 'http://localhost/staff/jobs');
    const page = await (await loader({ request, params: {}, context: {} })).json();
    const failed = page.failed.find((job: { id: string }) => job.id === id);
    expect(failed).toMatchObject({ name: 'test.staff-retry', attempts: 1, error: 'mail server refused the connection' });
    expect(page.queues.find((queue: { name: string }) => queue.name === 'test.staff-retry')).toMatchObject({ failed: 1 });

    healthy = true;
    const retry = (
      await signedInRequest(staff.id, 'http://localhost/staff/jobs', { method: 'POST', body: new URLSearchParams({ name: 'test.staff-retry', id }) })
    ).request;
    const answer = await action({ request: retry, params: {}, context: {} });
    expect(answer.status).toBe(200);
    expect(delivered).toEqual(['rider@example.com']);
    // A second retry of the same job finds nothing failed.
    const again = (
      await signedInRequest(staff.id, 'http://localhost/staff/jobs', { method: 'POST', body: new URLSearchParams({ name: 'test.staff-retry', id }) })
    ).request;
    expect((await action({ request: again, params: {}, context: {} })).status).toBe(409);
  });

  it('shows a failed job whose payload held an e-mail address without it, and without Retry (decision 177)', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const id = await enqueueJob(addressJob, { email: 'forgotten-177@example.com' });
    const { request } = await signedInRequest(staff.id, 'http://localhost/staff/jobs');
    const page = await (await loader({ request, params: {}, context: {} })).json();
    expect(page.failed.find((job: { id: string }) => job.id === id)).toMatchObject({ payload: '{}', retryable: false });
    expect(JSON.stringify(page)).not.toContain('forgotten-177@example.com');
    const retry = (
      await signedInRequest(staff.id, 'http://localhost/staff/jobs', { method: 'POST', body: new URLSearchParams({ name: 'test.staff-address', id }) })
    ).request;
    const answer = await action({ request: retry, params: {}, context: {} });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      ok: false,
      message: 'This job held an e-mail address, removed when it failed: it cannot run again. The rider can ask again.',
    });
  });

  it('refuses riders who are not staff', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/staff/jobs');
    const refused = await loader({ request, params: {}, context: {} }).catch((response: Response) => response);
    expect(refused.status).toBe(403);
  });
});
