import { type ImportReport, type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

type Input = { file: File; dryRun: boolean; onProgress?: (fraction: number) => void };

/** POST {path}/bulk-add?dryRun=…: a dry run reports row by row; a commit adds every row or none. */
export function importResource(def: ResourceDef, { file, dryRun, onProgress }: Input): Promise<ImportReport> {
  const url = `${staffCall(def, 'import').url}?dryRun=${dryRun}`;
  // Field errors of a refused commit are shown in the dialog's table, not as a toast.
  return uploadFile<ImportReport>(url, 'file', file, { onProgress, silent: !dryRun });
}

export function useImportResource(def: ResourceDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => importResource(def, input),
    onSuccess: (report) => {
      if (!report.dryRun) return qc.invalidateQueries({ queryKey: resourceKeys.all(def.path) });
    },
  });
}
