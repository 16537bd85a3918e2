import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/helpers/db';
import { sendMail } from '~/services/adapters/mail.server';
import { resetEnvForTests } from '~/services/env.server';
import { loader } from './route';

useTestDatabase();

afterEach(() => {
  delete process.env.APP_MODE;
  resetEnvForTests();
});

describe('/dev/outbox', () => {
  it.each(['development', 'test'] as const)('lists the outbox newest first in %s', async (mode) => {
    process.env.APP_MODE = mode;
    resetEnvForTests();
    await sendMail({ to: 'first@example.com', subject: 'First', text: 'one' });
    await sendMail({ to: 'second@example.com', subject: 'Second', text: 'two' });
    const { messages } = await loader();
    expect(messages.slice(0, 2).map((message) => message.subject)).toEqual(['Second', 'First']);
  });

  it('is a 404 in production', async () => {
    process.env.APP_MODE = 'production';
    process.env.SESSION_SECRET = 'a-real-production-secret-of-at-least-32-chars';
    resetEnvForTests();
    try {
      await expect(loader()).rejects.toMatchObject({ status: 404 });
    } finally {
      delete process.env.SESSION_SECRET;
    }
  });
});
