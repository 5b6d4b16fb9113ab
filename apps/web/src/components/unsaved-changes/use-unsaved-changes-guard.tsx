import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Warns before leaving with unsaved changes: in-app navigation asks in a modal,
 * closing or reloading the tab gets the browser's own prompt.
 * `bypass()` lets the next navigation through (after a save or a delete).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypassRef = useRef(false);
  // A bypass covers the navigation right after a save; new edits re-arm the guard.
  useEffect(() => {
    if (dirty) bypassRef.current = false;
  }, [dirty]);
  const shouldBlock = useCallback(() => dirtyRef.current && !bypassRef.current, []);
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: shouldBlock, withResolver: true });

  const bypass = useCallback(() => {
    bypassRef.current = true;
  }, []);

  const element = (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Discard unsaved changes?"
      centered
    >
      <Text size="sm">You have changes that are not saved. If you leave this page they will be lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );

  return { bypass, element };
}
