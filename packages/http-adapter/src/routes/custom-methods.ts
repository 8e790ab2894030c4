import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context.js';

/** A custom method's handler, given the id its path names. */
export type CustomMethod = (c: Context<AppEnv>, id: string) => Promise<Response>;

/**
 * Registers the custom methods of one resource (`POST {resource}/{id}:verb`) as one route. A Hono
 * parameter runs to the end of its segment (`/:id:cancel` is one parameter), so the verb is matched
 * inside the parameter's pattern and cut off here. One pattern for all the verbs, not a route each:
 * Hono's fast router (RegExpRouter) refuses two patterns at one position, and the app would then
 * route every request, `/healthz` included, with its slower trie router.
 * @example registerCustomMethods(app, '/addon-subscriptions', { cancel: (c, id) => cancel(c, id) })
 */
export function registerCustomMethods(app: OpenAPIHono<AppEnv>, resource: string, methods: Record<string, CustomMethod>): void {
  app.post(`${resource}/:id{[^/:]+:(?:${Object.keys(methods).join('|')})}`, (c) => {
    const target = c.req.param('id');
    const colon = target.lastIndexOf(':');
    const method = methods[target.slice(colon + 1)] as CustomMethod;
    return method(c, target.slice(0, colon));
  });
}
