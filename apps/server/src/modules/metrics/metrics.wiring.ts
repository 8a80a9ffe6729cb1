import type { AppConfig } from '../../config.ts';
import { MetricsService, type MetricsDeps } from './metrics.service.ts';

/** The Prometheus figures of this process and of the shared database (GET /metrics, decision 0144). */
export function wireMetrics(ports: Omit<MetricsDeps, 'chainIsOutside'> & { config: AppConfig }) {
  const { config, ...deps } = ports;
  return {
    services: { metrics: new MetricsService({ ...deps, chainIsOutside: config.chain.kind === 'rpc' }) },
  };
}
