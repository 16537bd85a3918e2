import { createFormPostMachine } from './form-post';

/**
 * Forgot password (spec 1 §2, §4): the server answers the same for any address and success
 * goes to '/'. The button reads 'Submit', or 'Send Again' once a reset was requested.
 */
export const forgotPasswordMachine = createFormPostMachine('forgotPassword');

/** The button label the spec gives for each moment of the flow. */
export const forgotButtonLabel = (requestedBefore: boolean) => (requestedBefore ? 'Send Again' : 'Submit');
