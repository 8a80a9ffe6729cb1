import crypto from 'node:crypto';

export type MetricsAccess = 'off' | 'missing' | 'wrong' | 'ok';

/**
 * Who may read /metrics (decision 0144): whoever presents `Authorization: Bearer <METRICS_TOKEN>`. The figures
 * tell an outsider the signer's balance and the queue's backlog, so without a configured token they are off.
 * Compared as hashes in constant time, so the answer's timing says nothing about the token.
 */
export function metricsAccess(authorization: string | undefined, token: string | undefined): MetricsAccess {
  if (!token) return 'off';
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!presented) return 'missing';
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(token)) ? 'ok' : 'wrong';
}
