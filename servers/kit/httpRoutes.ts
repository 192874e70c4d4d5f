import { SyncWaterfallHook } from 'tapable';
import type { Engine } from '../../core/index.js';

/**
 * An HTTP route that another plugin adds to `prove-rl serve --http`, beside the MCP endpoints: the
 * reward plugin serves `POST /reward` this way, so that the server knows no reward. The route gets
 * the request's parsed JSON body (after the server's host, token and size checks) and answers a
 * JSON value; a thrown `RouteError` becomes its status and message, anything else a 500.
 */
export interface HttpRoute {
  method: 'GET' | 'POST';
  /** Exact path, e.g. `/reward`. */
  path: string;
  /** One line for `GET /`. */
  summary: string;
  handle(body: unknown): Promise<unknown>;
}

/** A refusal of a route, with its HTTP status (400 for a bad body). */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The hooks of the served domains (DomainEnvironmentPlugin), one set per engine. */
export interface ServeHooks {
  /** Collects the extra routes of `prove-rl serve --http`: a plugin appends its own and returns the list. */
  readonly httpRoutes: SyncWaterfallHook<[HttpRoute[]]>;
}

export function serveHooks(engine: Engine): ServeHooks {
  return engine.pluginHooks('DomainEnvironmentPlugin', () => ({ httpRoutes: new SyncWaterfallHook<[HttpRoute[]]>(['routes']) }));
}
