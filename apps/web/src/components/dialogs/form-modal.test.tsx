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
  const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  return { onClose, pressEscape };
}

describe('FormModal', () => {
  it('closes on Escape while idle', () => {
    const { onClose, pressEscape } = setup();
    expect(screen.getByText('Edit role')).toBeTruthy();
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open while its form is saving, and closes again once it is done', () => {
    const { onClose, pressEscape } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Finish saving' }));
    pressEscape();
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
