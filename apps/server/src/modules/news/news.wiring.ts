import type { Db } from '../../db/client.ts';
import { NewsRepository } from './news.repository.ts';
import { NewsService } from './news.service.ts';

/** News: the public list and the operators' desk. */
export function wireNews(ports: { db: Db }) {
  const news = new NewsRepository(ports.db);
  return { repositories: { news }, services: { news: new NewsService(news) } };
}
