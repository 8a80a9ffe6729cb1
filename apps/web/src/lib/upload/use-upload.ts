import type { UploadKind } from '@hanabi/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from './upload-file';
import type { UploadControls, UploadedFile } from './upload-file';

export interface UploadState {
  /** 0–100 while uploading, null when idle. */
  percent: number | null;
  paused: boolean;
  /** Pause/resume exist only for resumable (tus) uploads. */
  canPause: boolean;
}

/** Runs one upload at a time with progress and pause/resume; aborts on unmount. */
export function useUpload(kind: UploadKind) {
  const [state, setState] = useState<UploadState>({ percent: null, paused: false, canPause: false });
  const controls = useRef<UploadControls | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: Blob): Promise<UploadedFile> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      controls.current = null;
      setState({ percent: 0, paused: false, canPause: false });
      try {
        return await uploadFile(kind, file, {
          signal: controller.signal,
          onProgress: (sent, total) =>
            setState((current) => ({
              ...current,
              percent: total > 0 ? Math.round((sent / total) * 100) : 0,
            })),
          onControls: (next) => {
            controls.current = next;
            setState((current) => ({ ...current, canPause: true }));
          },
        });
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          controls.current = null;
          setState({ percent: null, paused: false, canPause: false });
        }
      }
    },
    [kind],
  );

  const pause = useCallback(() => {
    controls.current?.pause();
    setState((current) => ({ ...current, paused: true }));
  }, []);
  const resume = useCallback(() => {
    controls.current?.resume();
    setState((current) => ({ ...current, paused: false }));
  }, []);
  const cancel = useCallback(() => abort.current?.abort(), []);

  return { ...state, start, pause, resume, cancel, uploading: state.percent !== null };
}
