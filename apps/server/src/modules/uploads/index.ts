// The public face of `modules/uploads`: what other folders may import from it (decision 0181); the rest is its own.
export { toAssetRef } from './asset.mapper.ts';
export { AssetRepository } from './asset.repository.ts';
export type { AssetRow } from './asset.repository.ts';
export { AssetService } from './asset.service.ts';
export { registerFilesRoutes } from './files.routes.ts';
export { registerTusRoutes } from './tus.routes.ts';
export { registerUploadRoutes } from './upload.routes.ts';
export { wireUploads } from './uploads.wiring.ts';
