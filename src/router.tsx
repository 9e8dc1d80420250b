import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError } from './features/site-chrome/route-error.tsx';

export interface AppRouterOptions {
  /** A memory history when rendering on the server (scripts/prerender.ts); the browser's otherwise. */
  history?: RouterHistory;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
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
