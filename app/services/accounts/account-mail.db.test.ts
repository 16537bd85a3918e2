import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { sendVerificationMail } from './account-mail.server';
import { resetEnvForTests } from '../platform/env.server';

setUpTestDatabase();

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  // A free port: test runs of other checkouts may share the machine.
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

it('delivers the verification e-mail over real SMTP, with the code in it', async () => {
  const rider = await createTestUser({ email: 'smtp-rider@example.com' });
  await sendVerificationMail('smtp-rider@example.com', 'Rana', '123456', 'link-token', rider.id);
  expect(received).toHaveLength(1);
  expect(received[0].to).toEqual(['smtp-rider@example.com']);
  expect(received[0].raw).toContain('Subject: Verify your Paceline account');
  expect(received[0].raw).toContain('Your verification code is 123456');
});
