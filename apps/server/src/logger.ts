import pino from 'pino';
import type { AppConfig } from './config.ts';

export type Logger = pino.Logger;

export function createLogger(config: Pick<AppConfig, 'log' | 'env'>): Logger {
  return pino({
    level: config.log.level,
    // Secrets never reach the log, whatever a handler logs by mistake.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
      ],
      censor: '[redacted]',
    },
    ...(config.log.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
