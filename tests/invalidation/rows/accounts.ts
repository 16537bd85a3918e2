import { db } from '~/db/client.server';
import { eq } from 'drizzle-orm';
import { registrations, users } from '~/db/schema';
import { requestDataExport } from '~/services/accounts/data-export.server';
import { issueVerification } from '~/services/accounts/verification.server';
import { joinTeam } from '~/services/events/teams.server';
import { writeFlow } from '~/services/platform/flow-state.server';
import { solvedRobotCheck } from '../../helpers/robot';
import { createTestUser } from '../../helpers/users';
import { post, PASSWORD, type Answer } from '../pages';
import { expectDone, page, pngFile, type World, type WriteRow } from '../world';

/** Rows of the writes → pages table: accounts, sessions and passwords. */

const profileFields = { intent: 'profile', firstname: 'Wilma', lastname: 'Rewritten', country: '246', dob: '1990-05-01', weight: '68', height: '176' };
const NEW_PASSWORD = 'a much longer new secret 42';

/** An account that registered and has not confirmed yet: it has no session (login refuses it). */
const pendingAccount = (fields: Parameters<typeof createTestUser>[0] = {}) => createTestUser({ status: 'pending', ...fields });

const PENDING_HAS_NO_PAGE =
  'an account that was pending becomes active: it had no session (sign-in refuses a pending account), so no kept page was its, and no page lists accounts';

/**
 * The rider's footprint on public pages before the account goes: a member of the other rider's
 * team and registered for the event, so the deletion's cascade shows beyond the rider's own pages.
 */
async function withFootprint({ people, eventId, teamId }: World): Promise<void> {
  await joinTeam(people.writer.id, teamId);
  await db().insert(registrations).values({
    eventId,
    userId: people.writer.id,
    firstName: 'Wanda',
    lastName: 'Writer',
    email: people.writer.email,
    gender: 2,
    dob: '1990-05-01',
    country: 246,
    category: 'A',
    wkg: 3.5,
    heightCm: 175,
    weightKg: 70,
    ftp: 245,
    status: 'approved',
  });
}

const goneEverywhere = [
  page('/user/profile', 'writer'),
  page('/faqs', 'writer'),
  page('/teams', 'visitor'),
  page((world) => `/teams/${world.teamId}/events`, 'visitor'),
  page((world) => `/event/detail/${world.eventId}`, 'visitor'),
];

async function deletionLink(world: World): Promise<Record<string, string>> {
  await withFootprint(world);
  const { linkToken } = await issueVerification(world.people.writer.id, 'delete-account', world.people.writer.email);
  return { linkToken };
}

const deleted = (answer: Answer) => expectDone(answer, (body: { ok: boolean }) => body.ok);

const PARENT = 'parent@example.com';

/** The writer as a child whose copy of their data waits for the parent's link (decision 128). */
async function childCopyWaiting({ people }: World): Promise<Record<string, string>> {
  await db().update(users).set({ isKid: true, dob: null, parentEmail: PARENT }).where(eq(users.id, people.writer.id));
  const asked = await requestDataExport(people.writer.id);
  if (!asked.ok) throw new Error(asked.message);
  return { linkToken: (await issueVerification(people.writer.id, 'export-data', PARENT)).linkToken };
}

/** The profile's My Data tab: it shows the rider's copy and where it stands. */
const myDataTab = page('/user/profile?tab=data', 'writer');

export const ACCOUNT_ROWS: WriteRow[] = [
  {
    name: "a profile save shows on the rider's profile and in the shell of every page they see",
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, profileFields),
    shows: [page('/user/profile', 'writer'), page('/faqs', 'writer'), page('/user/activities', 'writer')],
  },
  {
    name: "a password change ends the rider's sessions: their pages sign them out",
    route: 'user.profile',
    write: ({ people }) =>
      post('/user/profile', 'writer', people, { intent: 'password', currentPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
    shows: [page('/user/profile', 'writer'), page('/wallet', 'writer')],
  },
  {
    name: 'a new avatar shows on the profile and in the shell of every page the rider sees',
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, { intent: 'avatar', avatar: pngFile('avatar.png') }),
    shows: [page('/user/profile', 'writer'), page('/faqs', 'writer')],
  },
  {
    name: 'a deletion asked for on the profile: a confirmation link is e-mailed, the account stays as it is',
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, { intent: 'delete' }),
    shows: [],
    shownNowhere: 'a one-time code and its e-mail: the account changes only when the link is followed (auth.links, delete-user.$code)',
  },
  {
    name: 'a copy of all my data asked for on the profile: the My Data tab shows it being prepared',
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, { intent: 'export' }),
    shows: [myDataTab],
  },
  {
    name: "a child's copy confirmed by the parent's link (the page's form, without script): the child's My Data tab no longer waits",
    route: 'data-export.confirm.$code',
    prepare: childCopyWaiting,
    write: async ({ people }, { linkToken }) =>
      expectDone(
        await post(`/data-export/confirm/${encodeURIComponent(linkToken)}`, 'visitor', people, { intent: 'verify' }),
        (body: { ok: boolean }) => body.ok,
      ),
    shows: [myDataTab],
  },
  {
    name: "a child's copy confirmed by the parent's link (the page's script): the same tab changes",
    route: 'auth.links',
    prepare: childCopyWaiting,
    write: async ({ people }, { linkToken }) =>
      expectDone(await post('/auth/links', 'visitor', people, { kind: 'export-data', intent: 'verify', token: linkToken }), (body: { ok: boolean }) => body.ok),
    shows: [myDataTab],
  },
  {
    name: "logging out ends the session: the rider's kept pages go",
    route: 'auth.logout',
    write: ({ people }) => post('/auth/logout', 'writer', people, {}),
    shows: [page('/user/profile', 'writer'), page('/faqs', 'writer')],
  },
  {
    name: 'a password set with the e-mailed reset link ends every session of the rider',
    route: 'auth.forgot-password2',
    prepare: async ({ people }) => ({ linkToken: (await issueVerification(people.writer.id, 'reset-password', people.writer.email)).linkToken }),
    write: ({ people }, { linkToken }) =>
      post('/auth/forgot-password2', 'visitor', people, { code: linkToken, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }),
    shows: [page('/user/profile', 'writer'), page('/wallet', 'writer'), page('/faqs', 'writer')],
  },
  {
    name: "an account deleted with the e-mailed link (the page's script): the rider's pages, their team and their event registration go",
    route: 'auth.links',
    prepare: deletionLink,
    write: async ({ people }, { linkToken }) =>
      deleted(await post('/auth/links', 'visitor', people, { kind: 'delete-user', intent: 'verify', token: linkToken })),
    shows: goneEverywhere,
  },
  {
    name: "an account deleted with the e-mailed link (the page's form, without script): the same pages change",
    route: 'delete-user.$code',
    prepare: deletionLink,
    write: async ({ people }, { linkToken }) => deleted(await post(`/delete-user/${encodeURIComponent(linkToken)}`, 'visitor', people, { intent: 'verify' })),
    shows: goneEverywhere,
  },
  {
    name: 'a registration through the form creates a pending account with its code',
    route: 'auth.register',
    write: async ({ people }) =>
      post('/auth/register', 'visitor', people, {
        firstname: 'Nina',
        lastname: 'Newcomer',
        email: `newcomer-${Date.now()}@example.com`,
        gender: '1',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        country: '246',
        dob: '1992-06-01',
        weight: '58',
        height: '166',
        consent_agree_privacy_notice: 'on',
        altcha: await solvedRobotCheck(),
      }),
    shows: [],
    shownNowhere: 'a new account is pending until its e-mail is confirmed: no session, no kept page, and no page lists accounts',
  },
  {
    name: 'an account activated with the typed code',
    route: 'auth.verification',
    prepare: async () => {
      const account = await pendingAccount();
      const { key, code } = await issueVerification(account.id, 'verify-email', account.email);
      return { code, flow: await writeFlow('verify', { key, email: account.email }) };
    },
    write: ({ people }, { code, flow }) => post('/auth/verification', 'visitor', people, { otp: code }, { cookies: [flow] }),
    shows: [],
    shownNowhere: PENDING_HAS_NO_PAGE,
  },
  {
    name: 'an account activated with the e-mailed link',
    route: 'verify-user',
    prepare: async () => {
      const account = await pendingAccount();
      return { linkToken: (await issueVerification(account.id, 'verify-email', account.email)).linkToken };
    },
    write: async ({ people }, { linkToken }) =>
      expectDone(await post(`/verify-user?es=${encodeURIComponent(linkToken)}`, 'visitor', people, { intent: 'verify' }), (body: { ok: boolean }) => body.ok),
    shows: [],
    shownNowhere: PENDING_HAS_NO_PAGE,
  },
  {
    name: 'a child names its parent on the consent page: the address is kept and the approval link sent',
    route: 'parental-consent',
    prepare: async () => {
      const child = await pendingAccount({ isKid: true });
      return { childUserId: child.id, flow: await writeFlow('consent', { childUserId: child.id, userAge: 12 }) };
    },
    write: async ({ people }, { childUserId, flow }) =>
      expectDone(
        await post(
          `/parental-consent?childUserId=${childUserId}`,
          'visitor',
          people,
          { intent: 'submit', parentEmail: `parent-${Date.now()}@example.com` },
          { cookies: [flow] },
        ),
        (body: { sent: boolean }) => body.sent,
      ),
    shows: [],
    shownNowhere: "a pending child account's parent address and approval code: no session, no kept page",
  },
  {
    name: "a child account approved by the parent's link",
    route: 'verify-kid',
    prepare: async () => {
      const child = await pendingAccount({ isKid: true, parentEmail: 'parent@example.com' });
      return { linkToken: (await issueVerification(child.id, 'parent-consent', 'parent@example.com')).linkToken };
    },
    write: async ({ people }, { linkToken }) =>
      expectDone(await post(`/verify-kid?es=${encodeURIComponent(linkToken)}`, 'visitor', people, { intent: 'verify' }), (body: { ok: boolean }) => body.ok),
    shows: [],
    shownNowhere: PENDING_HAS_NO_PAGE,
  },
];
