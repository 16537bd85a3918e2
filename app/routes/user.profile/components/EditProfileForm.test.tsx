import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/services/accounts/profile.server';
import { renderInRemix } from '../../../../tests/helpers/render-in-remix';
import { EditProfileForm } from './EditProfileForm';

const adult: Profile = {
  id: '9a4e8467-9547-467a-89f4-616b22ff80ed',
  firstname: 'Alex',
  lastname: "O'Rider <&>",
  email: 'rider@paceline.local',
  gender: 0,
  isKid: false,
  isNormalUser: true,
  country: 784,
  dob: '1990-04-02',
  weight: 72.5,
  height: 181,
  ftp: 265,
  marketingConsent: true,
  avatar: '/images/avatar.svg',
  avatarUrl: '/images/avatar.svg',
};

const riders: Array<[string, Profile]> = [
  ['an adult with every value', adult],
  ['an adult without weight, height, FTP or consent', { ...adult, gender: 1, weight: null, height: null, ftp: null, marketingConsent: false, dob: null }],
  ['a child (date of birth read-only)', { ...adult, isKid: true, dob: '2014-09-30' }],
];

/** The page as the browser's first render writes it: Conform's `useForm`, as in the browser. */
async function renderedByConform(profile: Profile): Promise<string> {
  vi.stubGlobal('document', {});
  try {
    return await renderInRemix(() => <EditProfileForm profile={profile} />, 'http://paceline.test/user/profile');
  } finally {
    vi.unstubAllGlobals();
  }
}

// Decision 154 (with 151): on the server, before anything was posted, the form's first state is
// written from plain metadata instead of Conform's form context. Hydration compares the browser's
// first render with this markup, so both must be the same to the byte.
describe('the profile form on the server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(riders)('writes the markup Conform writes for %s', async (_, profile) => {
    const served = await renderInRemix(() => <EditProfileForm profile={profile} />, 'http://paceline.test/user/profile');
    expect(served).toContain('name="firstname"');
    expect(served).toBe(await renderedByConform(profile));
  });

  it('takes Conform on the server once something was posted (errors to show)', async () => {
    const lastResult = { status: 'error' as const, initialValue: { firstname: '' }, error: { firstname: ['First name is required'] } };
    const served = await renderInRemix(() => <EditProfileForm profile={adult} lastResult={lastResult} />, 'http://paceline.test/user/profile');
    expect(served).toContain('First name is required');
  });
});
