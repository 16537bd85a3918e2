import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response (entry.server.tsx makes one per request). In the browser it
 * is '': browsers hide nonce attributes from scripts, and hydration does not need it.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
