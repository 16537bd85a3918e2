/**
 * An adult's sign-up form as the register page posts it, without the email and the robot check
 * (each test adds its own): the tests and the bench of the registration answer share it.
 */
export const ADULT_SIGN_UP = {
  firstname: 'Lina',
  lastname: 'Haddad',
  gender: '1',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  country: '246',
  dob: '1990-04-02',
  weight: '60',
  height: '165',
  consent_agree_privacy_notice: 'on',
};
