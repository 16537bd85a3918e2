import { createFormPostMachine } from './form-post';

/**
 * Verify account by code (spec 1 §4 "OTP success: clear the stored key and email, go to
 * login"): the server redirects on success; a rejected code stays, with its message under the field.
 */
export const otpVerifyMachine = createFormPostMachine('otpVerify');
