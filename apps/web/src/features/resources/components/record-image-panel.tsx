import type { ImageSpec, ResourceDef } from '@cohort/domain';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { notifySuccess } from '../../../lib/notify';
import { useRemoveResourceImage, useUploadResourceImage } from '../api/upload-resource-image';

/** One declared image of a record: upload or replace it, and remove it (confirmed) where the resource allows. */
export function RecordImagePanel({
  def,
  image,
  id,
  record,
}: {
  def: ResourceDef;
  image: ImageSpec;
  id: string;
  record: ApiRecord;
}) {
  const upload = useUploadResourceImage(def, image, id);
  const remove = useRemoveResourceImage(def, image, id);
  const label = def.fields.find((f) => f.name === image.field)?.label ?? 'Image';
  const current = (record[image.field] as string | null | undefined) ?? null;

  const handleRemove = () =>
    modals.openConfirmModal({
      title: `Remove the ${label.toLowerCase()}?`,
      centered: true,
      children: <Text size="sm">The file is deleted; you can upload another one later.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifySuccess(`${label} removed`) }),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <ImageUpload
          label={label}
          currentUrl={current}
          onUpload={(file, onProgress) =>
            upload.mutateAsync({ file, onProgress }).then(() => notifySuccess(`${label} uploaded`))
          }
        />
        {image.remove && current && (
          <Button variant="subtle" color="red" w="fit-content" loading={remove.isPending} onClick={handleRemove}>
            Remove {label.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
