import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { startSmtpServer } from '../../../tests/helpers/smtp-server';
import { outbox } from '~/db/schema';
import { resetEnvForTests } from '../platform/env.server';
import { sendMail } from './mail.server';

const { db } = setUpTestDatabase();

// A real SMTP conversation with an in-process server on a loopback port.
let server: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  server = await startSmtpServer();
  process.env.SMTP_URL = server.url;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await server.close();
});

describe('sendMail over SMTP', () => {
  it('delivers the message to the SMTP server and records it as sent by smtp', async () => {
    await sendMail({ to: 'Rider@Example.com', subject: 'Your Paceline code', text: 'Your code is 482913', meta: { code: '482913' } });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].from).toBe('no-reply@paceline.local');
    expect(server.received[0].to.map((address) => address.toLowerCase())).toEqual(['rider@example.com']);
    expect(server.received[0].raw).toContain('Subject: Your Paceline code');
    expect(server.received[0].raw).toContain('Your code is 482913');
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, 'rider@example.com'));
    expect(row).toMatchObject({ transport: 'smtp', subject: 'Your Paceline code', meta: { code: '482913' } });
  });
});
