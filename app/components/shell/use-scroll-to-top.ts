import { NavigationType, useLocation, useNavigationType } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Spec 1 §2: every navigation opens at the top of the page, back and forward included (so the
 * browser's own scroll restoration is turned off). A change of hash alone (a tab) is not a navigation
 * to another page and keeps the scroll; so does a form answered on the same page.
 */
export function useScrollToTop() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const page = `${location.pathname}${location.search}`;
  const previous = useRef<{ page: string; key: string } | null>(null);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = { page, key: location.key };
    if (!before || before.key === location.key) return;
    if (before.page !== page || navigationType === NavigationType.Pop) window.scrollTo(0, 0);
  }, [page, location.key, navigationType]);
}
