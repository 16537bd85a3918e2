import { describe, expect, it } from 'vitest';
import { itBehavesAsAFormPost } from './form-post.test-cases';
import { forgotButtonLabel, forgotPasswordMachine } from './forgot-password.machine';

describe('forgot-password machine', () => {
  itBehavesAsAFormPost(forgotPasswordMachine);

  it("reads 'Submit' first and 'Send Again' once a reset was requested", () => {
    expect(forgotButtonLabel(false)).toBe('Submit');
    expect(forgotButtonLabel(true)).toBe('Send Again');
  });
});
