import { describe, expect, it } from 'vitest';
import { MEAN_MAX_WAT, assembleWat } from '../../../scripts/build-wasm';
import { MEAN_MAX_WASM_BASE64 } from './mean-max-wasm';

describe('the mean-max WebAssembly module', () => {
  it('is the assembly of mean-max.wat (run `npm run build:wasm` after editing it)', async () => {
    const bytes = await assembleWat(MEAN_MAX_WAT);
    expect(Buffer.from(MEAN_MAX_WASM_BASE64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});
