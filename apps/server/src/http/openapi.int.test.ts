import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, authEndpoints } from '@hanabi/api';
import { createTestContext, primaryBackend, type TestContext } from '../test/test-context.ts';
import { openApiAreas } from './openapi-areas.ts';
import { openApiPath } from './openapi-describe.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

// The published document, as a generated client sees it (decision 0216); the linter runs in scripts/openapi-lint.mjs.
describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend());
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  });
  afterAll(() => ctx.close());

  it('gives every operation a unique operationId, a summary and a declared tag', () => {
    const tagNames = doc.tags.map((tag) => tag.name);
    expect(new Set(tagNames).size).toBe(tagNames.length);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    const ids = operations().map(({ path, method, operation }) => {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(tagNames).toContain(operation.tags![0]);
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("names each contract route's operation after the route and states who may call it", () => {
    for (const [name, route] of Object.entries({ ...apiRoutes, ...authEndpoints })) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(name);
      expect(operation?.security).toEqual(
        route.access === 'public' ? [] : [{ cookieAuth: [] }, { bearerAuth: [] }],
      );
    }
    for (const { path, method, operation } of operations()) {
      expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
      for (const requirement of operation.security!) {
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
  });

  it('has no two paths that differ only in their parameter names', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
  });

  it('describes the routes the web app calls outside the contract table', () => {
    const has = (path: string, method: string) =>
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    has('/api/auth/magic-link/verify', 'get');
    has('/api/auth/callback/{providerId}', 'get');
    has('/api/oauth/youtube/callback', 'get');
    has('/api/oauth/twitcasting/callback', 'get');
    for (const method of ['post', 'options']) has('/api/uploads/tus', method);
    for (const method of ['head', 'patch', 'delete']) has('/api/uploads/tus/{id}', method);
    for (const path of ['/api/liveStreaming/{id}/events', '/api/notification/stream']) {
      expect(doc.paths[path]?.get?.responses[200]?.content).toHaveProperty(['text/event-stream']);
    }
    const ipfs = doc.paths['/ipfs/{cid}']?.get;
    expect(ipfs?.responses[200]?.content).toBeDefined();
    expect(ipfs?.responses[404]?.content).toHaveProperty(['application/json']);
    // One-click unsubscribe (RFC 8058, decision 0217): the page, and the POST a mail provider sends.
    const unsubscribe = doc.paths['/api/mail/unsubscribe/{token}'];
    for (const method of ['get', 'post']) {
      expect(unsubscribe?.[method]?.security, method).toEqual([]);
      expect(unsubscribe?.[method]?.responses[200]?.content, method).toHaveProperty(['text/html']);
      expect(unsubscribe?.[method]?.responses[400]?.content, method).toHaveProperty(['application/json']);
    }
    expect(unsubscribe?.post?.requestBody?.content).toHaveProperty(['application/x-www-form-urlencoded']);
  });

  it('lists on every operation the answers any route may give, and 413 where it may be sent a body', () => {
    for (const { path, method, operation } of operations()) {
      for (const status of ['429', '500', '503'])
        expect(operation.responses[status]?.content, `${method} ${path} ${status}`).toHaveProperty([
          'application/json',
        ]);
      if (operation.requestBody || method === 'post')
        expect(operation.responses, `${method} ${path}`).toHaveProperty(['413']);
    }
  });
});

describe('the OpenAPI areas', () => {
  it('put every contract route in exactly one area', () => {
    const inAreas = openApiAreas.flatMap((area) => area.routes.flatMap((table) => Object.keys(table)));
    expect(inAreas.filter((name, index) => inAreas.indexOf(name) !== index)).toEqual([]);
    expect(inAreas.sort()).toEqual(Object.keys({ ...apiRoutes, ...authEndpoints }).sort());
  });
});
