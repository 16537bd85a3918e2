import type { UserRow } from './session.server';

/**
 * Who an account is, as every view of it starts: the shell's signed-in user (auth.server.ts)
 * and the profile page (profile.server.ts) both spread this and add what they need.
 */
export function identityOf(user: UserRow) {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    gender: user.gender,
    isKid: user.isKid,
    isNormalUser: user.isNormalUser,
  };
}

export type Identity = ReturnType<typeof identityOf>;
