import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_COMPOSE } from './example-proxy.ts';

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  secrets?: string[];
}
interface Compose {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
}

const source = fs.readFileSync(EXAMPLE_COMPOSE, 'utf8');
// `merge`: the example shares one service definition (`<<: *hanabi`), as Docker Compose reads it.
const compose = parse(source, { merge: true }) as Compose;
const services = Object.entries(compose.services);
/** A job that runs once (Compose's default `restart` is "no"). */
const oneShot = (service: Service) => (service.restart ?? 'no') === 'no';
/** Services `up` keeps running: not one-shot jobs, not tools behind a profile. */
const longRunning = services.filter(([, service]) => !oneShot(service) && !service.profiles);

// `docker compose config` is not on every machine that runs the tests (decision 0223): the file is read here
// the way Compose reads it, and what the deployment relies on is checked.
describe('the compose example', () => {
  it('pins every image it pulls to an exact version tag', () => {
    const exact =
      /:(v?\d+\.\d+\.\d+(-[a-z0-9.]+)?|\d+\.\d+|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(@sha256:[0-9a-f]{64})?$/;
    for (const [name, service] of services) {
      if (service.build) continue; // Hanabi's own image, built from this checkout
      expect(service.image, name).toMatch(exact);
    }
  });

  it('gives every long-running service a health check, the worker its probe port', () => {
    expect(longRunning.map(([name]) => name).sort()).toEqual(
      ['api', 'kubo', 'mailpit', 'minio', 'postgres', 'proxy', 'worker'].sort(),
    );
    for (const [name, service] of longRunning) {
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    const worker = compose.services.worker!.environment!;
    expect(worker.HANABI_HEALTHCHECK_URL).toBe(`http://127.0.0.1:${worker.WORKER_HEALTH_PORT}/health`);
    expect(compose.services.api!.environment!.HANABI_HEALTHCHECK_URL).toBeUndefined();
  });

  it('waits on conditions: healthy services, finished one-shot jobs; the proxy on a healthy api', () => {
    for (const [name, service] of services) {
      const dependsOn = service.depends_on ?? {};
      expect(Array.isArray(dependsOn), `${name}: depends_on without conditions`).toBe(false);
      for (const [needed, { condition }] of Object.entries(dependsOn)) {
        const other = compose.services[needed];
        expect(other, `${name} → ${needed}`).toBeDefined();
        if (condition === 'service_healthy')
          expect(other!.healthcheck?.disable, `${name} → ${needed}`).not.toBe(true);
        else expect([name, needed, condition]).toEqual([name, needed, 'service_completed_successfully']);
        if (condition === 'service_completed_successfully') expect(oneShot(other!), needed).toBe(true);
      }
    }
    expect(compose.services.proxy!.depends_on).toEqual({ api: { condition: 'service_healthy' } });
  });

  it('mounts every secret file a service names, and only the workers and deploy-token hold the signer key', () => {
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!key.endsWith('_FILE')) continue;
        const secret = /^\/run\/secrets\/([a-z0-9_]+)$/.exec(value)?.[1];
        expect(secret, `${name} ${key}`).toBeDefined();
        expect(service.secrets, `${name} ${key}`).toContain(secret);
        expect(compose.secrets, `${name} ${key}`).toHaveProperty([secret!]);
      }
    }
    const holders = services.filter(([, service]) => service.secrets?.includes('chain_signer_key'));
    expect(holders.map(([name]) => name).sort()).toEqual(['deploy-token', 'worker']);
  });

  it('has a deploy-token job outside `up` that deploys rather than checks a placeholder address', () => {
    const job = compose.services['deploy-token']!;
    expect(job.profiles).toEqual(['deploy']);
    expect(job.restart).toBe('no');
    expect(job.environment).toMatchObject({
      HANABI_ROLE: 'deploy-token',
      CHAIN_CONTRACT_ADDRESS: '',
      CHAIN_SIGNER_KEY_FILE: '/run/secrets/chain_signer_key',
    });
    expect(job.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
  });

  it('says loudly, where SMTP_URL is set, that its mail server delivers nothing', () => {
    expect(compose.services.api!.environment!.SMTP_URL).toBe('smtp://mailpit:1025');
    const smtpLine = source.split('\n').findIndex((line) => line.trim().startsWith('SMTP_URL:'));
    const before = source
      .split('\n')
      .slice(Math.max(0, smtpLine - 6), smtpLine)
      .join('\n');
    expect(before).toMatch(/MAIL CATCHER/);
    expect(before).toMatch(/SMTP_URL_FILE/);
  });
});

describe('the Dockerfile', () => {
  it('runs the Node.js version the tests run on (tools/node24)', () => {
    const root = path.resolve(path.dirname(EXAMPLE_COMPOSE), '..');
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const tested = JSON.parse(fs.readFileSync(path.join(root, 'tools/node24/package.json'), 'utf8')) as {
      devDependencies: { node: string };
    };
    expect(/^ARG NODE_IMAGE=node:(\S+)$/m.exec(dockerfile)?.[1]).toBe(
      `${tested.devDependencies.node}-bookworm-slim`,
    );
  });
});
