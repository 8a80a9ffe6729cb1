import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { createLogger } from '../logger.ts';
import { seedDemo } from './demo-seed.ts';

// `npm run seed`: (re)applies the demo seed to the configured database.
const config = loadConfig();
const log = createLogger(config);
const container = await createContainer(config, log);
try {
  await seedDemo(container, { force: true });
  log.info('demo seed applied');
} finally {
  await container.close();
}
