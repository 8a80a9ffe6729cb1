export {
  RESUMABLE_THRESHOLD,
  TUS_RETRY_DELAYS,
  UploadError,
  nextChunkSize,
  uploadErrorOf,
  uploadFile,
} from './upload-file';
export type { UploadControls, UploadedFile, UploadErrorReason, UploadOptions } from './upload-file';
export { useUpload } from './use-upload';
export type { UploadState } from './use-upload';
