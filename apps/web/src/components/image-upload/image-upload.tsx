import { Alert, Button, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { formatBytes } from '../../lib/format';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Client-side check before uploading; the server checks again by magic bytes. */
export function imageFileError(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, GIF or WebP image';
  if (file.size > IMAGE_MAX_BYTES) return `The image is ${formatBytes(file.size)}; the limit is 5 MB`;
  return null;
}

type Props = {
  label: string;
  currentUrl?: string | null;
  disabled?: boolean;
  /** Uploads the file, reporting progress 0..1. */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
};

/** File picker and drop zone for one image, with progress and a preview of the current image. */
export function ImageUpload({ label, currentUrl, disabled, onUpload }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const uploading = progress !== null;

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileError(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch {
      // the api client has shown the reason
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const handleDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (!disabled && !uploading) void handleFile(e.dataTransfer.files[0]);
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" component="label" htmlFor={inputId}>
        {label}
      </Text>
      {currentUrl ? (
        <Image src={currentUrl} alt={`Current ${label.toLowerCase()}`} mah={220} w="auto" fit="contain" radius="sm" />
      ) : (
        <Text size="sm" c="dimmed">
          No image yet.
        </Text>
      )}
      <Paper
        withBorder
        p="md"
        radius="md"
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={handleDrop}
        style={{ borderStyle: 'dashed', borderColor: dragOver ? 'var(--mantine-color-blue-5)' : undefined }}
        data-testid="image-drop-zone"
      >
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPhotoUp size={16} />}
            onClick={() => inputRef.current?.click()}
            disabled={disabled || uploading}
            loading={uploading}
          >
            {currentUrl ? 'Replace image' : 'Upload image'}
          </Button>
          <Text size="xs" c="dimmed">
            or drop a PNG, JPEG, GIF or WebP file here (max 5 MB)
          </Text>
        </Group>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          disabled={disabled || uploading}
          onChange={(e) => void handleFile(e.currentTarget.files?.[0])}
        />
        {uploading && (
          <Progress mt="sm" value={Math.round((progress ?? 0) * 100)} animated aria-label="Upload progress" />
        )}
      </Paper>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
