import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { outbox } from '~/db/schema';
import { resetEnvForTests } from '../platform/env.server';
import { sendMail } from './mail.server';

const { db } = setUpTestDatabase();

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
let server: SMTPServer;

// A real SMTP conversation with an in-process server on a loopback port.
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('sendMail over SMTP', () => {
  it('delivers the message to the SMTP server and records it as sent by smtp', async () => {
    await sendMail({ to: 'Rider@Example.com', subject: 'Your Paceline code', text: 'Your code is 482913', meta: { code: '482913' } });
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@paceline.local');
    expect(received[0].to.map((address) => address.toLowerCase())).toEqual(['rider@example.com']);
    expect(received[0].raw).toContain('Subject: Your Paceline code');
    expect(received[0].raw).toContain('Your code is 482913');
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, 'rider@example.com'));
    expect(row).toMatchObject({ transport: 'smtp', subject: 'Your Paceline code', meta: { code: '482913' } });
  });
});
