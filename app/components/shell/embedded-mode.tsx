import { useLocation } from '@remix-run/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { EMBEDDED_DISPLAY_PARAM, EMBEDDED_DISPLAY_STORAGE_KEY, EMBEDDED_DISPLAY_VALUE } from '~/lib/constants';

/**
 * The embedded display mode (spec 3 §2: "The footer is hidden when the query has d=m. That
 * choice is remembered locally."). The server knows only the current query; the browser
 * remembers the choice in localStorage. Any other value of d leaves the mode.
 */
const EmbeddedModeContext = createContext(false);

/** Runs in <head> before the first paint, so a remembered mode never flashes the footer. */
export const EMBEDDED_MODE_SCRIPT = `(function(){try{var k=${JSON.stringify(EMBEDDED_DISPLAY_STORAGE_KEY)},d=new URLSearchParams(location.search).get(${JSON.stringify(
  EMBEDDED_DISPLAY_PARAM,
)});if(d===${JSON.stringify(EMBEDDED_DISPLAY_VALUE)})localStorage.setItem(k,d);else if(d!==null)localStorage.removeItem(k);if(localStorage.getItem(k)===${JSON.stringify(
  EMBEDDED_DISPLAY_VALUE,
)})document.documentElement.setAttribute('data-display','m')}catch(e){}})()`;

export function isEmbeddedQuery(search: string): boolean {
  return new URLSearchParams(search).get(EMBEDDED_DISPLAY_PARAM) === EMBEDDED_DISPLAY_VALUE;
}

export function EmbeddedModeProvider({ serverEmbedded, children }: { serverEmbedded: boolean; children: ReactNode }) {
  const location = useLocation();
  const [remembered, setRemembered] = useState(false);
  useEffect(() => {
    const display = new URLSearchParams(location.search).get(EMBEDDED_DISPLAY_PARAM);
    try {
      if (display === EMBEDDED_DISPLAY_VALUE) localStorage.setItem(EMBEDDED_DISPLAY_STORAGE_KEY, display);
      else if (display !== null) localStorage.removeItem(EMBEDDED_DISPLAY_STORAGE_KEY);
      const embedded = localStorage.getItem(EMBEDDED_DISPLAY_STORAGE_KEY) === EMBEDDED_DISPLAY_VALUE;
      if (embedded) document.documentElement.setAttribute('data-display', EMBEDDED_DISPLAY_VALUE);
      else document.documentElement.removeAttribute('data-display');
      setRemembered(embedded);
    } catch {
      // Storage can be disabled (private modes, sandboxed frames): fall back to the query alone.
    }
  }, [location.search]);
  return <EmbeddedModeContext.Provider value={serverEmbedded || remembered}>{children}</EmbeddedModeContext.Provider>;
}

export function useEmbeddedMode(): boolean {
  return useContext(EmbeddedModeContext);
}
