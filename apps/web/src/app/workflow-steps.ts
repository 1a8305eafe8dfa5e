import type { WorkspaceSummary } from '@podflow/contract/workspaces';

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

/** Which steps a workspace has done, in step order, and what each has to show for it. */
export interface StepProgress {
  done: boolean;
  /** A short account of the step's work, e.g. "2 of 3 designs listed"; null when there is none. */
  detail: string | null;
}

function ofDesigns(count: number, designs: number, what: string): StepProgress {
  return {
    done: designs > 0 && count >= designs,
    detail: designs > 0 ? `${count} of ${designs} designs ${what}` : null,
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The check marks of the step bar from what the workspace holds (its progress from the server):
 * designs and templates are done once there is one; mockups, metadata, listings and the sync once
 * every design has them. Review Mockups follows Generate Mockups (looking is optional). Without a
 * workspace nothing is done.
 */
export function stepProgress(workspace: WorkspaceSummary | undefined): StepProgress[] {
  if (!workspace) return workflowSteps.map(() => ({ done: false, detail: null }));
  const { progress } = workspace;
  const mockups = ofDesigns(progress.designs_with_mockups, progress.designs, 'with mockups');
  return [
    { done: true, detail: workspace.workspace_name },
    { done: progress.designs > 0, detail: plural(progress.designs, 'design', 'designs') },
    {
      done: progress.templates > 0,
      detail: plural(progress.templates, 'template chosen', 'templates chosen'),
    },
    mockups,
    { done: mockups.done, detail: plural(progress.mockups, 'mockup', 'mockups') },
    ofDesigns(progress.designs_with_metadata, progress.designs, 'with metadata'),
    ofDesigns(progress.designs_listed, progress.designs, 'listed'),
    ofDesigns(progress.designs_synced, progress.designs, 'synced'),
  ];
}
