import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, multilineText, text } from '../string-primitives.ts';
import { UPLOAD } from '../constants.ts';

/** Limits of the digital goods form. */
export const DIGITAL_GOODS_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  supplyMax: 1_000_000,
} as const;

export const DIGITAL_GOODS_STATUSES = ['draft', 'published'] as const;
export const DigitalGoodsStatus = z.enum(DIGITAL_GOODS_STATUSES);
export type DigitalGoodsStatus = z.infer<typeof DigitalGoodsStatus>;

/** An uploaded asset referenced by id (the `id` of an `UploadResult`). */
export const AssetId = entityId();

/** The file behind an asset reference, as the client shows it. */
export const AssetRef = z.object({
  id: z.string(),
  url: z.string(),
  mediaType: z.string(),
  fileExtention: z.string(),
});
export type AssetRef = z.infer<typeof AssetRef>;

/**
 * A streamer's digital good (docs/design.md §4): an ERC-1155 token type once published. `tokenId` is assigned on
 * publish; `imageCid`, `metadataCid` and `tokenUri` stay null until the chain work pins the metadata.
 */
export const DigitalGoods = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The prize picture (uploaded or composed in the editor); null only on a draft that has none yet. */
  image: AssetRef.nullable(),
  /** Optional animation, video, audio or 3D model. */
  animation: AssetRef.nullable(),
  /** Maximum number of copies. */
  supply: z.number().int(),
  /** Copies promised to campaigns (winner count × copies per winner, summed) and sent or held by manual distributions. */
  reserved: z.number().int(),
  /** supply − reserved. */
  remaining: z.number().int(),
  status: DigitalGoodsStatus,
  /** Hidden goods stay yours but are not offered in pickers or shown publicly. */
  hidden: z.boolean(),
  /** uint256 as a decimal string. */
  tokenId: z.string().nullable(),
  imageCid: z.string().nullable(),
  metadataCid: z.string().nullable(),
  tokenUri: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DigitalGoods = z.infer<typeof DigitalGoods>;

const goodsFields = {
  name: text().trim().min(1).max(DIGITAL_GOODS_LIMITS.nameMax),
  description: multilineText().max(DIGITAL_GOODS_LIMITS.descriptionMax),
  imageAssetId: AssetId.nullable(),
  animationAssetId: AssetId.nullable(),
  supply: z.number().int().min(1).max(DIGITAL_GOODS_LIMITS.supplyMax),
  hidden: z.boolean(),
};

export const CreateDigitalGoodsBody = z.object({
  name: goodsFields.name,
  description: goodsFields.description.default(''),
  imageAssetId: goodsFields.imageAssetId.default(null),
  animationAssetId: goodsFields.animationAssetId.default(null),
  supply: goodsFields.supply,
  hidden: goodsFields.hidden.default(false),
});
export type CreateDigitalGoodsBody = z.infer<typeof CreateDigitalGoodsBody>;

/** Any subset of the fields. Published goods only change `hidden` (and may raise `supply`). */
export const UpdateDigitalGoodsBody = z
  .object(goodsFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of name, description, imageAssetId, animationAssetId, supply, hidden',
  });
export type UpdateDigitalGoodsBody = z.infer<typeof UpdateDigitalGoodsBody>;

export const DigitalGoodsIdParams = z.object({ id: entityId() });

export const DigitalGoodsListQuery = z.object({
  status: DigitalGoodsStatus.optional(),
  /** Include hidden goods (default true: the editor lists everything you own). */
  includeHidden: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(UPLOAD.maxListPageSize).optional(),
  cursor: text().max(500).optional(),
});

export const DigitalGoodsList = z.object({
  list: z.array(DigitalGoods),
  nextCursor: z.string().nullable(),
});
export type DigitalGoodsList = z.infer<typeof DigitalGoodsList>;

export const digitalGoodsRoutes = {
  listDigitalGoods: defineRoute({
    method: 'GET',
    path: '/api/digitalgoods',
    access: 'streamer',
    summary: 'Your digital goods, newest first',
    query: DigitalGoodsListQuery,
    response: DigitalGoodsList,
  }),
  getDigitalGoods: defineRoute({
    method: 'GET',
    path: '/api/digitalgoods/:id',
    access: 'streamer',
    summary: 'One of your digital goods (404 for anyone else’s)',
    params: DigitalGoodsIdParams,
    response: DigitalGoods,
  }),
  createDigitalGoods: defineRoute({
    method: 'POST',
    path: '/api/digitalgoods',
    access: 'streamer',
    summary:
      'Create digital goods (a draft). Send an Idempotency-Key (kept by the form): the same key answers the goods it created, never a second one',
    body: CreateDigitalGoodsBody,
    response: DigitalGoods,
    successStatus: 201,
  }),
  updateDigitalGoods: defineRoute({
    method: 'PUT',
    path: '/api/digitalgoods/:id',
    access: 'streamer',
    summary: 'Change your digital goods (published ones: hidden and a larger supply only)',
    params: DigitalGoodsIdParams,
    body: UpdateDigitalGoodsBody,
    response: DigitalGoods,
  }),
  deleteDigitalGoods: defineRoute({
    method: 'DELETE',
    path: '/api/digitalgoods/:id',
    access: 'streamer',
    summary: 'Delete a draft (published goods cannot be deleted, only hidden: 422)',
    params: DigitalGoodsIdParams,
    response: z.null(),
    successStatus: 204,
  }),
  publishDigitalGoods: defineRoute({
    method: 'POST',
    path: '/api/digitalgoods/:id/publish',
    access: 'streamer',
    summary: 'Mark digital goods ready for minting and assign their token id (idempotent)',
    params: DigitalGoodsIdParams,
    response: DigitalGoods,
  }),
};
