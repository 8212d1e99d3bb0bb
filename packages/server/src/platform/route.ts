import type { RouteDef } from '@manabi/shared/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { inRequestScope, viaOf } from './request-scope';

type Part<D, K extends string> = D extends { [P in K]: infer S } ? S : undefined;

/** The Fastify schema a route's contract stands for: what the validator reads and the serialiser writes. */
type SchemaOf<D extends RouteDef, X extends Responses> = {
  querystring: Part<D, 'query'>;
  body: Part<D, 'body'>;
  params: Part<D, 'params'>;
  response: { 200: D['response'] } & X;
};
type Responses = Record<number, z.ZodType>;

/** A handler typed by its contract: the request's query, body and params, and the answer it must give. */
export type ContractHandler<
  D extends RouteDef,
  X extends Responses = Record<never, z.ZodType>,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D, X>,
  ZodTypeProvider
>;

/** What a route adds to its contract on the server alone (limits, HEAD, further answers, mail). */
export interface RouteExtras<X extends Responses>
  extends Pick<RouteShorthandOptions, 'bodyLimit' | 'exposeHeadRoute' | 'config'> {
  /** answers beside the 200 (e.g. the health check's 503) */
  responses?: X;
  /** the route may queue mail: plugins/app/mail-delivery.ts delivers it once the answer is sent */
  mail?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's contract (shared/routes.ts), for the OpenAPI document and the route table */
    contract?: RouteDef;
    /** set by `mail: true`: the answer may leave mail in the outbox */
    mail?: boolean;
  }
}

/**
 * Registers one route from its contract: method, path (inside the `/api` prefix), schemas and guard all come
 * from the shared object, so the server cannot answer another URL or shape than the web calls.
 */
export function route<D extends RouteDef, X extends Responses = Record<never, z.ZodType>>(
  app: FastifyInstance,
  contract: D,
  handler: ContractHandler<D, X>,
  extras: RouteExtras<X> = {},
): void {
  const { responses, mail, config, ...options } = extras;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: contract.method,
    url: contract.path.slice('/api'.length),
    ...(contract.guard === 'public' ? {} : { onRequest: app.guards[contract.guard] }),
    config: { ...config, contract, ...(mail ? { mail } : {}) },
    schema: {
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: { 200: contract.response, ...responses },
    } as SchemaOf<D, X>,
    // the audit log says through which route, and from a page or another client, each act came
    handler: function (this: FastifyInstance, req, reply) {
      return inRequestScope({ via: viaOf(req.headers), route: contract.path }, () =>
        handler.call(this, req, reply),
      );
    } as ContractHandler<D, X>,
  });
}
