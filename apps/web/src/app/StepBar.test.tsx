import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { StepBar } from './StepBar';

const labels = [
  'Select Workspace',
  'Prepare Designs',
  'Select Mockup Templates',
  'Generate Mockups',
  'Review Mockups',
  'Update Metadata',
  'Create Listings',
  'Publish Listings',
];

function renderAt(path: string) {
  renderRoutes([{ path: '*', element: <StepBar /> }], path);
  return within(screen.getByRole('navigation', { name: 'Workflow steps' })).getAllByRole('link');
}

describe('StepBar', () => {
  it('lists the eight steps in order, each linking to its route', () => {
    const links = renderAt('/welcome');
    const bar = within(screen.getByRole('navigation', { name: 'Workflow steps' }));
    labels.forEach((label, index) => {
      expect(bar.getByRole('link', { name: `Step ${index + 1}: ${label}` })).toBe(links[index]);
    });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/welcome',
      '/prepareDesigns',
      '/SelectMockupImageModeTemplates',
      '/generateMockups',
      '/reviewMockups',
      '/updateMetadata',
      '/createPrintifyListings',
      '/publishListings',
    ]);
  });

  it('marks the current step and checks the steps before it', () => {
    const links = renderAt('/reviewMockups');
    expect(links[4]?.getAttribute('aria-current')).toBe('step');
    expect(links.filter((link) => link.getAttribute('aria-label')?.endsWith('(done)'))).toHaveLength(4);
    expect(links.slice(0, 4).every((link) => link.querySelector('svg') !== null)).toBe(true);
    expect(links.slice(4).some((link) => link.querySelector('svg') !== null)).toBe(false);
  });

  it('counts the classic template screen as the templates step', () => {
    const links = renderAt('/selectMockupTemplates');
    expect(links[2]?.getAttribute('aria-current')).toBe('step');
  });
});
