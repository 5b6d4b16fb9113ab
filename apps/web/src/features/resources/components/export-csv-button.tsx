import type { Filter, ResourceDef } from '@cohort/domain';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { DownloadProgress } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useExportResourceCsv } from '../api/export-resource-csv';

type Props = {
  def: ResourceDef;
  slug: string;
  filters: Filter[];
  sort?: string;
  /** The columns shown, in order: the file has exactly these (decision 020). */
  columns: readonly string[];
  /** Rows the filters match (the list's count), for the bar. */
  total: number;
};

const n = (v: number) => v.toLocaleString('en-US');

/**
 * "Export CSV" of the list as shown: its filters, sort and columns. While the file streams in,
 * a bar says how many of the matching rows have arrived (and the bytes), with a Cancel.
 */
export function ExportCsvButton({ def, slug, filters, sort, columns, total }: Props) {
  const exportCsv = useExportResourceCsv(def, slug);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Columns an export cannot carry (images, structured data) are left out of the file.
  const exportable = columns.filter((name) => {
    const field = def.fields.find((f) => f.name === name);
    return field && field.type !== 'image' && field.type !== 'json';
  });

  const start = () => {
    controller.current = new AbortController();
    setProgress({ loaded: 0, lines: 0 });
    exportCsv.mutate(
      { filters, sort, columns: exportable, onProgress: setProgress, signal: controller.current.signal },
      {
        onSuccess: (name) => notifySuccess(`Exported ${name}`),
        onError: (err) => {
          if (err instanceof DOMException && err.name === 'AbortError') notifySuccess('Export cancelled');
        },
        onSettled: () => {
          controller.current = null;
          setProgress(null);
        },
      },
    );
  };

  // The header line is not a row.
  const rows = Math.max(0, (progress?.lines ?? 0) - 1);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={start}
        loading={exportCsv.isPending}
        loaderProps={{ type: 'dots' }}
      >
        Export CSV
      </Button>
      {progress && (
        <Stack gap={2} miw={220} role="status" aria-label="Export progress">
          <Progress
            value={total > 0 ? Math.min(100, (rows / total) * 100) : 0}
            animated
            aria-label={`Exported ${n(Math.min(rows, total))} of ${n(total)} rows`}
          />
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {n(Math.min(rows, total))} of {n(total)} rows · {formatBytes(progress.loaded)}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => controller.current?.abort()}>
              Cancel export
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
