import { describe } from 'vitest';
import { itBehavesAsAFormPost } from './form-post.test-cases';
import { otpVerifyMachine } from './otp-verify.machine';

describe('otp-verify machine', () => {
  itBehavesAsAFormPost(otpVerifyMachine);
});
