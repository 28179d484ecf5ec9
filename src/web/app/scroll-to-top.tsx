import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// SPEC §2: every route change starts at the top of the page. A link with a hash
// (/services#software) scrolls to its section instead. Replaces <ScrollRestoration/>,
// whose inline script the strict CSP would have to allow. The first render is left to
// the browser, so a visitor who scrolled before hydration is not thrown back up.
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
