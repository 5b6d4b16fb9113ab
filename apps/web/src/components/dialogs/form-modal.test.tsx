import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { FormModal } from './form-modal';

function setup() {
  const onClose = vi.fn();
  renderWithProviders(
    <FormModal opened onClose={onClose} title="Edit role">
      {(onBusy) => (
        <>
          <Button onClick={() => onBusy(true)}>Start saving</Button>
          <Button onClick={() => onBusy(false)}>Finish saving</Button>
        </>
      )}
    </FormModal>,
  );
  const escape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  return { onClose, escape };
}

describe('FormModal', () => {
  it('closes on Escape while idle', () => {
    const { onClose, escape } = setup();
    expect(screen.getByText('Edit role')).toBeTruthy();
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open while its form is saving, and closes again once it is done', () => {
    const { onClose, escape } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    escape();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Finish saving' }));
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('mounts the form only while open', () => {
    renderWithProviders(
      <FormModal opened={false} onClose={() => {}} title="Edit role">
        {() => <span>the form</span>}
      </FormModal>,
    );
    expect(screen.queryByText('the form')).toBeNull();
  });
});
