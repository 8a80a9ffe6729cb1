import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CLIENT } from '../../config.ts';
import type { SandboxAccount, SandboxStore, SandboxStream } from './sandbox.store.ts';
import { SANDBOX_ROUTE } from './sandbox-route-config.ts';

/**
 * A fake TwitCasting API v2 (twitcasting.md): `X-Api-Version: 2.0` required, Bearer (or app Basic) auth,
 * `{error:{code,message}}` bodies, `X-RateLimit-*` on every answer, 403/2000 (or 429) past the limit, comments
 * newest first, `slice_id` paging.
 */
const BASE = '/sandbox/twitcasting';

function tcError(reply: FastifyReply, status: number, code: number, message: string, details?: unknown) {
  return reply.code(status).send({ error: { code, message, ...(details ? { details } : {}) } });
}

function userObject(account: SandboxAccount, live: boolean) {
  return {
    id: account.id,
    screen_id: account.screenId,
    name: account.name,
    image: account.imageUrl,
    profile: '',
    level: 1,
    last_movie_id: null,
    is_live: live,
    // Fixed at 0 and deprecated inside the User object (changelog 2018-08/09).
    supporter_count: 0,
    supporting_count: 0,
    created: 0,
  };
}

export function registerSandboxTwitCastingRoutes(app: FastifyInstance, store: SandboxStore): void {
  /** Call counts per caller (token or app) and window start; windows are short, so the map stays small. */
  const windows = new Map<string, { start: number; count: number }>();

  type Caller = { kind: 'user'; accountId: string } | { kind: 'app' };

  /** Answers the refusal itself and returns null, or returns who is calling. */
  function admit(request: FastifyRequest, reply: FastifyReply): Caller | null {
    if (request.headers['x-api-version'] !== '2.0') {
      void tcError(reply, 400, 400, 'Bad Request');
      return null;
    }
    const header = request.headers.authorization ?? '';
    let caller: Caller | null = null;
    let key = '';
    if (header.startsWith('Bearer ')) {
      const grant = store.grantForAccessToken('twitcasting', header.slice(7));
      if (grant) caller = { kind: 'user', accountId: grant.accountId };
      key = `token:${header.slice(7)}`;
    } else if (header.startsWith('Basic ')) {
      const basic = Buffer.from(header.slice(6), 'base64').toString('utf8');
      if (basic === `${SANDBOX_CLIENT.id}:${SANDBOX_CLIENT.secret}`) caller = { kind: 'app' };
      key = 'app';
    }
    if (!caller) {
      // Recorded: an invalid token is answered with Limit 0 / Remaining 0.
      reply.headers({
        'x-ratelimit-limit': '0',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(nowSeconds()),
      });
      void tcError(reply, 401, 1000, 'Invalid token');
      return null;
    }
    const settings = store.settings();
    const now = Date.now();
    const windowMs = settings.twitcastingWindowSeconds * 1000;
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
      for (const [other, w] of windows) if (now - w.start >= windowMs) windows.delete(other);
    }
    window.count += 1;
    const remaining = Math.max(settings.twitcastingRateLimit - window.count, 0);
    reply.headers({
      'x-ratelimit-limit': String(settings.twitcastingRateLimit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.ceil((window.start + windowMs) / 1000)),
    });
    if (window.count > settings.twitcastingRateLimit) {
      const status = settings.twitcastingLimitStatus;
      void tcError(
        reply,
        status,
        status === 429 ? 429 : 2000,
        status === 429 ? 'Too Many Requests' : 'Execution count limitation',
      );
      return null;
    }
    return caller;
  }

  const movieObject = (stream: SandboxStream) => {
    const live = !stream.endedAt;
    const comments = store.messages(stream.id).filter((m) => !m.removed).length;
    return {
      id: stream.id,
      user_id: stream.ownerId,
      title: stream.title,
      subtitle: null,
      last_owner_comment: null,
      category: null,
      link: `https://twitcasting.tv/${store.account('twitcasting', stream.ownerId)?.screenId ?? ''}/movie/${stream.id}`,
      is_live: live,
      is_recorded: false,
      comment_count: comments,
      large_thumbnail: '',
      small_thumbnail: '',
      country: 'jp',
      duration: Math.floor(((stream.endedAt ?? new Date()).getTime() - stream.startedAt.getTime()) / 1000),
      created: Math.floor(stream.startedAt.getTime() / 1000),
      is_collabo: false,
      is_protected: false,
      max_view_count: 0,
      current_view_count: 0,
      total_view_count: 0,
      hls_url: `https://twitcasting.tv/${stream.ownerId}/metastream.m3u8`,
    };
  };

  const movieEnvelope = (stream: SandboxStream) => {
    const owner = store.account('twitcasting', stream.ownerId)!;
    return { movie: movieObject(stream), broadcaster: userObject(owner, !stream.endedAt), tags: [] };
  };

  app.get(`${BASE}/verify_credentials`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const caller = admit(request, reply);
    if (!caller) return reply;
    if (caller.kind !== 'user') return tcError(reply, 403, 403, 'Forbidden');
    const account = store.account('twitcasting', caller.accountId)!;
    return reply.send({
      app: { client_id: SANDBOX_CLIENT.id, name: 'Hanabi (sandbox)', owner_user_id: '1' },
      user: userObject(account, Boolean(store.activeStream('twitcasting', account.id))),
      supporter_count: 0,
      supporting_count: 0,
    });
  });

  // Get User Info: `:userId` is the numeric id or the screen id; 404 {"error":{"code":404,...}} when unknown.
  app.get(`${BASE}/users/:userId`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const account = store.account('twitcasting', (request.params as { userId: string }).userId);
    if (!account) return tcError(reply, 404, 404, 'Not Found');
    return reply.send({
      user: userObject(account, Boolean(store.activeStream('twitcasting', account.id))),
      supporter_count: 0,
      supporting_count: 0,
    });
  });

  app.get(`${BASE}/users/:userId/current_live`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const { userId } = request.params as { userId: string };
    const account = store.account('twitcasting', userId);
    const stream = account ? store.activeStream('twitcasting', account.id) : null;
    if (!stream) return tcError(reply, 404, 404, 'Not Found');
    return reply.send(movieEnvelope(stream));
  });

  app.get(`${BASE}/movies/:movieId`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const stream = store.stream((request.params as { movieId: string }).movieId);
    if (!stream || stream.platform !== 'twitcasting') return tcError(reply, 404, 404, 'Not Found');
    return reply.send(movieEnvelope(stream));
  });

  app.get(`${BASE}/movies/:movieId/comments`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const q = request.query as Record<string, string | undefined>;
    const details: Record<string, string[]> = {};
    const int = (name: string, fallback: number | null, min: number, max = Number.MAX_SAFE_INTEGER) => {
      const raw = q[name];
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw)) {
        details[name] = ['intVal'];
        return null;
      }
      const value = Number(raw);
      if (value < min) details[name] = ['min'];
      if (value > max) details[name] = ['max'];
      return value;
    };
    const limit = int('limit', 10, 1, 50) ?? 10;
    const offset = int('offset', 0, 0) ?? 0;
    const sliceId = int('slice_id', null, 1);
    if (Object.keys(details).length > 0) return tcError(reply, 400, 1001, 'Validation error', details);
    const stream = store.stream((request.params as { movieId: string }).movieId);
    if (!stream || stream.platform !== 'twitcasting') return tcError(reply, 404, 404, 'Not Found');
    const all = store.messages(stream.id).filter((m) => !m.removed);
    // With slice_id: the oldest `limit` comments after it, so paging forward never skips any (upstream does not
    // document which end it keeps; see twitcasting.md §7). Without: newest first from `offset`.
    const picked =
      sliceId !== null
        ? all
            .filter((m) => BigInt(m.id) > BigInt(sliceId))
            .slice(0, limit)
            .reverse()
        : [...all].reverse().slice(offset, offset + limit);
    return reply.send({
      movie_id: stream.id,
      all_count: all.length,
      comments: picked.map((m) => ({
        id: m.id,
        message: m.text,
        from_user: userObject(store.account('twitcasting', m.authorId)!, false),
        created: Math.floor(m.publishedAt.getTime() / 1000),
      })),
    });
  });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
