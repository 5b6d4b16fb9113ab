import { Modal, type ModalProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** The form; it mounts when the dialog opens, so it starts fresh each time. */
  children: (onBusy: (busy: boolean) => void) => ReactNode;
};

/** A dialog around a form that cannot be closed (Escape, outside click, ×) while the form is saving. */
export function FormModal({ opened, onClose, title, size, children }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size={size}
      centered
    >
      {opened && children(setBusy)}
    </Modal>
  );
}
