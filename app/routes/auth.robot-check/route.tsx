import { createRobotChallenge } from '~/services/adapters/captcha.server';

// GET /auth/robot-check — a fresh ALTCHA challenge for the widget.
export async function loader() {
  return Response.json(await createRobotChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}
