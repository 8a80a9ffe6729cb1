import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_COMPOSE,
  EXAMPLE_PROXY_CONF,
  exampleApiSetting,
  renderExampleProxy,
} from './example-proxy.ts';

const example = fs.readFileSync(EXAMPLE_PROXY_CONF, 'utf8');
const at = { listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'] };

describe('the example proxy configuration, rendered for a test', () => {
  it('changes only the listen address and the upstream servers, keeping their parameters', () => {
    const rendered = renderExampleProxy(example, at).split('\n');
    const original = example.split('\n');
    const removed = original.filter((line) => !rendered.includes(line));
    const added = rendered.filter((line) => !original.includes(line));
    expect(removed.map((line) => line.trim())).toEqual([
      'server api:3000 max_fails=3 fail_timeout=10s;',
      'listen 80;',
    ]);
    expect(added.map((line) => line.trim())).toEqual([
      'server 127.0.0.1:4001 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:4002 max_fails=3 fail_timeout=10s;',
      'listen 127.0.0.1:8080;',
    ]);
    // The directives that name the client to the api are the example's, in every location.
    expect(rendered.filter((line) => line.includes('X-Forwarded-For'))).toEqual(
      original.filter((line) => line.includes('X-Forwarded-For')),
    );
  });

  it('refuses a file whose listen or upstream it does not recognise, rather than render something else', () => {
    expect(() => renderExampleProxy(example.replace('listen 80;', ''), at)).toThrow(/listen/);
    expect(() => renderExampleProxy(example.replace(/listen 80;/, 'listen 80;\n  listen 81;'), at)).toThrow(
      /listen/,
    );
    expect(() => renderExampleProxy(example.replace('upstream hanabi_api', 'upstream other'), at)).toThrow(
      /upstream/,
    );
    const twoServers = example.replace(/(server api:3000[^\n]*\n)/, '$1  server api2:3000;\n');
    expect(() => renderExampleProxy(twoServers, at)).toThrow(/server/);
  });
});

describe('the api settings of the compose example', () => {
  const compose = fs.readFileSync(EXAMPLE_COMPOSE, 'utf8');

  it('reads the api service’s own settings, not another service’s', () => {
    expect(exampleApiSetting(compose, 'HANABI_ROLE')).toBe('api');
    expect(exampleApiSetting(compose, 'TRUST_PROXY')).toBe('1');
    expect(exampleApiSetting(compose, 'CHAIN_SIGNER_KEY_FILE')).toBeNull();
    expect(() => exampleApiSetting(compose.replace(/^ {2}api:$/m, '  web:'), 'TRUST_PROXY')).toThrow(/api/);
  });
});
