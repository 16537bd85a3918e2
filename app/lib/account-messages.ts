/** Messages of the verification pages, shared by the server and the forms that validate in the browser. */
export const VERIFY_MESSAGES = {
  verified: 'Your account has been verified.',
  kidVerified: "Your child's account has been approved and is ready to ride.",
  invalidCode: 'The code is invalid or has expired.',
  invalidLink: 'This link is invalid or has expired.',
  resent: 'A new link has been sent. Please check your e-mail.',
} as const;
