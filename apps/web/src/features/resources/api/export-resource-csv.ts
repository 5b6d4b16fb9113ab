import { type Filter, type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { filtersParam } from '../../../components/filter-builder/build-filters';
import { type DownloadProgress, downloadFile, saveBlob } from '../../../lib/api-client';

type Input = {
  filters: Filter[];
  sort?: string;
  /** The fields to write, in order (the columns shown); without it every field (decision 020). */
  columns?: readonly string[];
  onProgress: (p: DownloadProgress) => void;
  /** Cancels the download (the file is not saved). */
  signal?: AbortSignal;
};

/**
 * Downloads every row matching the current filter as CSV and saves it, named after the
 * screen it came from (learners-2026-11-25-0930.csv on Learners, not the API's user-...).
 */
export async function exportResourceCsv(
  def: ResourceDef,
  slug: string,
  { filters, sort, columns, onProgress, signal }: Input,
): Promise<string> {
  const { blob } = await downloadFile(staffCall(def, 'export').url, {
    query: { filters: filtersParam(filters), sort, columns: columns?.length ? columns.join(',') : undefined },
    onProgress,
    signal,
  });
  const name = `${slug}-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`;
  saveBlob(blob, name);
  return name;
}

export function useExportResourceCsv(def: ResourceDef, slug: string) {
  return useMutation({ mutationFn: (input: Input) => exportResourceCsv(def, slug, input) });
}
