import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { asset } from '../../db/schema.ts';

export type AssetRow = typeof asset.$inferSelect;
export type NewAsset = Omit<typeof asset.$inferInsert, 'createdAt'>;

/** Uploaded files (`asset`). */
export class AssetRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewAsset): Promise<AssetRow> {
    const [row] = await this.db.insert(asset).values(values).returning();
    return row!;
  }

  async findById(id: string): Promise<AssetRow | null> {
    const [row] = await this.db.select().from(asset).where(eq(asset.id, id));
    return row ?? null;
  }

  async findByIds(ids: string[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(asset)
      .where(inArray(asset.id, [...new Set(ids)]));
  }

  async findByUploadId(uploadId: string): Promise<AssetRow | null> {
    const [row] = await this.db.select().from(asset).where(eq(asset.uploadId, uploadId));
    return row ?? null;
  }

  async findOwned(ownerId: string, id: string): Promise<AssetRow | null> {
    const [row] = await this.db
      .select()
      .from(asset)
      .where(and(eq(asset.id, id), eq(asset.ownerId, ownerId)));
    return row ?? null;
  }
}
