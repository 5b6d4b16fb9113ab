import { type ImageSpec, type ResourceDef, routeUrl } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api, uploadFile } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

type Input = { file: File; onProgress: (fraction: number) => void };

/** Multipart upload of one of the record's images (field `image`) at its declared call; answers the record. */
export function uploadResourceImage(def: ResourceDef, image: ImageSpec, id: string, input: Input): Promise<ApiRecord> {
  return uploadFile<ApiRecord>(routeUrl(def, image.upload, id), 'image', input.file, { onProgress: input.onProgress });
}

/** Removes one of the record's images at its declared call; answers the record. */
export function removeResourceImage(def: ResourceDef, image: ImageSpec, id: string): Promise<ApiRecord> {
  const remove = image.remove;
  if (!remove) throw new Error(`${def.path}: ${image.field} cannot be removed`);
  const url = routeUrl(def, remove, id);
  return remove.method === 'DELETE' ? api.delete<ApiRecord>(url) : api.post<ApiRecord>(url);
}

function useRecordMutation<T>(def: ResourceDef, id: string, mutationFn: (input: T) => Promise<ApiRecord>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(def.path, id), record);
      return qc.invalidateQueries({ queryKey: [...resourceKeys.all(def.path), 'list'] });
    },
  });
}

export function useUploadResourceImage(def: ResourceDef, image: ImageSpec, id: string) {
  return useRecordMutation(def, id, (input: Input) => uploadResourceImage(def, image, id, input));
}

export function useRemoveResourceImage(def: ResourceDef, image: ImageSpec, id: string) {
  return useRecordMutation(def, id, () => removeResourceImage(def, image, id));
}
