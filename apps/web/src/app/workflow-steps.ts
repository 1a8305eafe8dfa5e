/** The eight steps of the workflow bar (SPEC.md section 2), in order. */
export interface WorkflowStep {
  label: string;
  route: string;
  /** Other routes that belong to this step. */
  aliases?: readonly string[];
}

export const workflowSteps: readonly WorkflowStep[] = [
  { label: 'Select Workspace', route: '/welcome' },
  { label: 'Prepare Designs', route: '/prepareDesigns' },
  {
    label: 'Select Mockup Templates',
    route: '/SelectMockupImageModeTemplates',
    aliases: ['/selectMockupTemplates'],
  },
  { label: 'Generate Mockups', route: '/generateMockups' },
  { label: 'Review Mockups', route: '/reviewMockups' },
  { label: 'Update Metadata', route: '/updateMetadata' },
  { label: 'Create Listings', route: '/createPrintifyListings' },
  { label: 'Publish Listings', route: '/publishListings' },
];

function normalise(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

/** The index of the step a path belongs to, or -1. Router paths match case-insensitively. */
export function stepIndexOf(pathname: string): number {
  const path = normalise(pathname);
  return workflowSteps.findIndex(
    (step) =>
      normalise(step.route) === path || (step.aliases ?? []).some((alias) => normalise(alias) === path),
  );
}
