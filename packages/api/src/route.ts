import type { z } from 'zod';

/** Who may call a route. The server's auth hook enforces it for every route; tests walk the whole table. */
export type RouteAccess = 'public' | 'signedIn' | 'streamer' | 'audience' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/account/:id`. */
  path: string;
  access: RouteAccess;
  /** One line: the OpenAPI operation's summary. Its tag is the contract file (area) the route is declared in. */
  summary: string;
  /** More than a line, when the summary is not enough: the OpenAPI operation's description. */
  description?: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** Shape of the 2xx answer. */
  response: TResponse;
  /** Other non-error answers the route may give, e.g. readiness answering 503 with the same shape. */
  otherResponses?: Partial<Record<number, z.ZodType>>;
  /** Status of the success answer; 200 unless stated. */
  successStatus?: 200 | 201 | 202 | 204;
  /** The message of the 401 a signed-out caller gets, when the route has its own (e.g. uploads). */
  unauthenticatedMessage?: string;
}

/** Declares a route; keeps its literal shape so handlers and clients see exactly the schemas it was given. */
export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteResponse<R> =
  R extends RouteDefinition<z.ZodType, z.ZodType, z.ZodType, infer T> ? z.infer<T> : never;
export type RouteBody<R> = R extends { body: infer B } ? Infer<B> : undefined;
export type RouteQuery<R> = R extends { query: infer Q } ? Infer<Q> : undefined;
export type RouteParams<R> = R extends { params: infer P } ? Infer<P> : undefined;

/** Fills `:name` segments of a route path; throws when a parameter is missing (a programming error). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
