import { createFormPostMachine } from './form-post';

/** Reset password (spec 1 §4 "Reset password success: go to login"): the server redirects on success. */
export const resetPasswordMachine = createFormPostMachine('resetPassword');
