import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** A guarded button is disabled and says why on hover (its tooltip). */
export async function expectReason(name: string, reason: string) {
  const target = screen.getByRole('button', { name });
  expect(target.getAttribute('aria-disabled')).toBe('true');
  fireEvent.mouseEnter(target);
  expect((await screen.findByText(reason)).closest('[role="tooltip"]')).toBeTruthy();
  fireEvent.mouseLeave(target);
}
