import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

describe('GET /staff/wallet-file/:requestId/:index', () => {
  // Found by the long fuzz run (`npm run fuzz`): a request id that is no integer reached the
  // query as NaN and PostgreSQL's refusal came back as a 500.
  it('answers 404, never a 500, for request ids and indexes no row can have', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const { request } = await signedInRequest(staff.id, 'http://localhost/staff/wallet-file/x/0');
    for (const [requestId, index] of [
      ['abc', '0'],
      ['../../etc/passwd', '0'],
      ['-9223372036854775809', '0'],
      ['2147483648', '0'],
      ['1.5', '0'],
      ['1', '-1'],
      ['1', 'x'],
    ]) {
      const response = await thrownResponse(loader({ request, params: { requestId, index }, context: {} }));
      expect(response.status, `${requestId}/${index}`).toBe(404);
    }
  });
});
