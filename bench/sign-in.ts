// `npm run bench` step: signs the given accounts in the way the login form does after its robot
// check (the login service, then a session row and its two cookies) and prints
// {"email": "cookie header"} as JSON. Run with the bench's database environment before the
// server starts (PGlite is one process's folder):  tsx bench/sign-in.ts a@x b@y
import { DEMO_PASSWORD } from '~/services/seed/accounts';
import { loginWithPassword } from '~/services/accounts/accounts.server';
import { createSession } from '~/services/accounts/session.server';
import { startServices, stopServices } from '~/services/platform/startup.server';

await startServices({ seed: false });
const cookies: Record<string, string> = {};
try {
  for (const email of process.argv.slice(2)) {
    const login = await loginWithPassword(email, DEMO_PASSWORD);
    if (login.outcome !== 'signedIn') throw new Error(`${email} cannot sign in with the demo password (${login.outcome})`);
    const { headers } = await createSession(login.userId, { persistent: true });
    cookies[email] = headers.map((header) => header.split(';')[0]).join('; ');
  }
} finally {
  await stopServices();
}
console.log(JSON.stringify(cookies));
