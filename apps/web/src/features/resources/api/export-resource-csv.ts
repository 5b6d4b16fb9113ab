import { type Filter, type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { filtersParam } from '../../../components/filter-builder/build-filters';
import { type DownloadProgress, downloadFile, saveBlob } from '../../../lib/api-client';

type Input = { filters: Filter[]; sort?: string; onProgress: (p: DownloadProgress) => void };

/** Downloads every row matching the current filter as CSV and saves it. */
export async function exportResourceCsv(def: ResourceDef, { filters, sort, onProgress }: Input): Promise<string> {
  const { blob, filename } = await downloadFile(staffCall(def, 'export').url, {
    query: { filters: filtersParam(filters), sort },
    onProgress,
  });
  const name = filename ?? `${def.path}-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`;
  saveBlob(blob, name);
  return name;
}

export function useExportResourceCsv(def: ResourceDef) {
  return useMutation({ mutationFn: (input: Input) => exportResourceCsv(def, input) });
}
