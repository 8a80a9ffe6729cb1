import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';

/** What `useUpload` returns that the progress shows and controls. */
interface UploadProgressProps {
  upload: {
    percent: number | null;
    paused: boolean;
    canPause: boolean;
    pause: () => void;
    resume: () => void;
    cancel?: () => void;
  };
}

/** The progress of a running upload, with pause/resume for resumable ones. Renders nothing when idle. */
export function UploadProgress({ upload }: UploadProgressProps) {
  const { percent, paused, canPause, pause: onPause, resume: onResume, cancel: onCancel } = upload;
  const { t } = useTranslation();
  if (percent === null) return null;
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {paused ? t('upload.paused', { percent }) : t('upload.progress', { percent })}
        </Text>
        <Group gap={4}>
          {canPause &&
            (paused ? (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={onResume}
              >
                {t('upload.resume')}
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlayerPause size={14} />}
                onClick={onPause}
              >
                {t('upload.pause')}
              </Button>
            ))}
          {onCancel && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              onClick={onCancel}
            >
              {t('upload.cancel')}
            </Button>
          )}
        </Group>
      </Group>
      <Progress value={percent} animated={!paused} aria-label={t('upload.progressLabel')} />
    </Stack>
  );
}
