import type { FastifyInstance } from 'fastify';

/** One route of the app as registered: tests derive their cases from the table, so none is forgotten. */
export type RouteEntry = {
  method: string;
  url: string;
  /** The route asks for a bearer access token (its schema's security says so). */
  signedIn: boolean;
  /** Left out of the OpenAPI document. */
  hidden: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after recordRoutes, HEAD twins of GET routes left out. */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered from now on in app.routeTable; call it before any route or module. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const security = route.schema?.security ?? [];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        signedIn: security.some((scheme) => 'bearer' in scheme),
        hidden: Boolean(route.schema?.hide),
      });
    }
  });
}
