import type { ResourceDef } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { uploadFile } from '../../../lib/api-client';
import { resourceKeys } from './resource-keys';

type Input = { file: File; onProgress: (fraction: number) => void };

/** Multipart upload of the record's image (field `image`); answers the updated record. */
export function uploadResourceImage(def: ResourceDef, id: string, { file, onProgress }: Input): Promise<ApiRecord> {
  return uploadFile<ApiRecord>(`/admin/${def.path}/image/${encodeURIComponent(id)}`, 'image', file, { onProgress });
}

export function useUploadResourceImage(def: ResourceDef, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => uploadResourceImage(def, id, input),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(def.path, id), record);
      return qc.invalidateQueries({ queryKey: [...resourceKeys.all(def.path), 'list'] });
    },
  });
}
