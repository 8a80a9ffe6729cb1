import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The picture types every picture upload field accepts (campaign cover, goods image). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The file picker of an upload field: one button that hands the chosen file on. */
export function UploadButton({
  accept,
  onFile,
  disabled,
  children,
}: {
  accept: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <FileButton onChange={onFile} accept={accept}>
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconUpload size={16} />} disabled={disabled}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
