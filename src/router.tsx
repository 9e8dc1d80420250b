import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError } from './features/site-chrome/route-error.tsx';

export interface AppRouterOptions {
  /** A memory history when rendering on the server (scripts/prerender.ts); the browser's otherwise. */
  history?: RouterHistory;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  let started = false;
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    // Each later navigation starts at the top, or where the visitor left that page. The first render
    // in the browser takes over the page already on screen, which the visitor may have scrolled
    // while the scripts loaded (they start after the load event): that scroll is theirs to keep.
    scrollRestoration: () => {
      if (typeof window === 'undefined') return true;
      const first = !started;
      started = true;
      return !(first && window.scrollY > 0);
    },
    // Spec section 8: a route that fails to render shows 'Unexpected Application Error!'.
    defaultErrorComponent: RouteError,
    ...(options.history ? { history: options.history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
