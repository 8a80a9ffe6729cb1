import pino from 'pino';
import type { AppConfig } from './config.ts';
import { REDACT_PATHS, scrubLogLine } from './lib/log-redaction.ts';

export type Logger = pino.Logger;

/** The logger's options (tests build the same logger over a captured stream). */
export function loggerOptions(config: Pick<AppConfig, 'log' | 'env'>): pino.LoggerOptions {
  return {
    level: config.log.level,
    // Secrets never reach the log, whatever a handler logs by mistake: known fields are redacted, and every
    // finished line is scrubbed of tokens, OAuth codes, keys in URLs (lib/log-redaction.ts, issue 20).
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: { streamWrite: scrubLogLine },
    ...(config.log.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export function createLogger(config: Pick<AppConfig, 'log' | 'env'>): Logger {
  return pino(loggerOptions(config));
}
