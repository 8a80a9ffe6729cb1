import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiPath, type OpenApiPaths } from '../http/openapi-describe.ts';

/**
 * The integration suite's proof that the published OpenAPI document tells the truth (decision 0222): every answer
 * an in-process app gives to an operation the document describes must have a status the operation lists, and a
 * JSON body that the listed schema accepts. Answers that break the rule are kept here and
 * `openapi-answers.setup.ts` fails the test that provoked them.
 */
export interface MismatchedAnswer {
  method: string;
  url: string;
  operation: string;
  status: number;
  problem: string;
  /** The start of the answer's body, to tell which refusal it was. */
  body: string;
}

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const found: MismatchedAnswer[] = [];

// One per worker: the files of a worker share loaded modules (vitest `isolate: false`), so each operation's
// validators are compiled once for the whole run, not once per app or per file.
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const validators = new Map<string, { name: string; validate: ValidateFunction | null }>();
const documents = new WeakMap<FastifyInstance, Document>();

/** The document the app publishes at /api/docs/json, built once per app and only when an answer needs it. */
function documentOf(app: FastifyInstance): Document {
  let document = documents.get(app);
  if (!document) {
    document = app.swagger() as unknown as Document;
    documents.set(app, document);
  }
  return document;
}

/** `{param}` templates of a route that describes itself (`config.openapi`), matched against the request's path. */
function describedPath(paths: OpenApiPaths, url: string): string | undefined {
  const path = url.split('?')[0]!;
  return Object.keys(paths).find((template) => {
    const segments = template
      .split('/')
      .map((segment) =>
        /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
      );
    return new RegExp(`^${segments.join('/')}$`).test(path);
  });
}

/** The document's path for the route that answered, or undefined when the route is not an API call it lists. */
function operationPath(request: FastifyRequest): string | undefined {
  const described = request.routeOptions.config?.openapi;
  if (described) return describedPath(described, request.url);
  const template = request.routeOptions.url;
  return template ? openApiPath(template) : undefined;
}

/** JSON Schema 2020-12 of one answer: the document's components become `$defs`, so its `$ref`s resolve. */
function standalone(schema: Record<string, unknown>, document: Document): Record<string, unknown> {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  const defs = JSON.stringify(document.components?.schemas ?? {}).replaceAll(
    '"#/components/schemas/',
    '"#/$defs/',
  );
  return { ...(JSON.parse(text) as Record<string, unknown>), $defs: JSON.parse(defs) as unknown };
}

function bodyText(reply: FastifyReply, payload: unknown): string | undefined {
  let bytes: Buffer;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) bytes = payload;
  else return undefined; // a stream: never a JSON answer of this API
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
  else if (encoding === 'gzip') bytes = zlib.gunzipSync(bytes);
  else if (encoding === 'deflate') bytes = zlib.inflateSync(bytes);
  return bytes.toString('utf8');
}

function check(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const path = operationPath(request);
  if (!path) return;
  const method = request.method.toLowerCase();
  const status = reply.statusCode;
  const key = `${method} ${path} ${status}`;
  let checker = validators.get(key);
  if (!checker) {
    const document = documentOf(app);
    const item = document.paths[path];
    // HEAD answers of GET routes are listed under `head` only where a route describes them itself.
    const operation = item?.[method] ?? (method === 'head' ? item?.get : undefined);
    // Not in the document (metrics, page paints, the sandbox platforms: decision 0216 leaves them out), or a route
    // a test added for itself without naming it (every route of the app has an operationId: openapi.int.test.ts).
    if (!operation?.operationId) return;
    const response = operation.responses?.[String(status)] ?? operation.responses?.default;
    const name = operation.operationId;
    if (!response) {
      const body = (bodyText(reply, payload) ?? '').slice(0, 200);
      found.push({
        method: request.method,
        url: request.url,
        operation: name,
        status,
        problem: 'undocumented status',
        body,
      });
      return;
    }
    const schema = response.content?.['application/json']?.schema;
    checker = { name, validate: schema ? ajv.compile(standalone(schema, document)) : null };
    validators.set(key, checker);
  }
  const { name, validate } = checker;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!validate || !type.startsWith('application/json') || request.method === 'HEAD') return;
  const text = bodyText(reply, payload);
  if (text === undefined || text === '') return;
  if (validate(JSON.parse(text))) return;
  found.push({
    method: request.method,
    url: request.url,
    operation: name,
    status,
    problem: ajv.errorsText(validate.errors, { dataVar: 'body' }),
    body: text.slice(0, 200),
  });
}

/** Installed by test-context.ts on every in-process app, before its plugins so every route has it. */
export function checkOpenApiAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    check(app, request, reply, payload);
    return payload;
  });
}

/** What was recorded since the last call, and forgets it. */
export function takeMismatchedAnswers(): MismatchedAnswer[] {
  return found.splice(0, found.length);
}
