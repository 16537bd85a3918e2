import { describe } from 'vitest';
import { itBehavesAsAFormPost } from './form-post.test-cases';
import { resetPasswordMachine } from './reset-password.machine';

describe('reset-password machine', () => {
  itBehavesAsAFormPost(resetPasswordMachine);
});
