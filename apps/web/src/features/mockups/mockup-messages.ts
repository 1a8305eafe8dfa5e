import type {
  mockupMessages as contractMockupMessages,
  mockupsZipFileName as contractZipFileName,
} from '@podflow/contract/mockups';

/**
 * The server's sentences and the zip's file name (the contract's `mockupMessages` and
 * `mockupsZipFileName`, repeated here so no zod module reaches the bundle; the types keep the two
 * identical).
 */
export const serverMockupMessages: typeof contractMockupMessages = {
  noDesigns: 'Upload designs to this workspace before generating mockups.',
  noTemplates: 'Select at least one mockup template for this workspace before generating mockups.',
  alreadyRunning:
    'Mockups are already being generated for this workspace. Wait for the running jobs to finish, then try again.',
  notFound: 'Some of these mockups no longer exist. Refresh the list and try again.',
  nothingToDownload: 'There are no mockups in this workspace yet. Generate mockups first.',
  nothingNew:
    'Every design already has its mockups on the selected templates (deleted ones stay deleted). Choose Regenerate all to render them all again.',
  answeringRunning: 'Mockups are already being generated for this workspace: here is the running run.',
  cutOff: 'Part of the design is cut off',
  adjusted: 'The mockup was rendered again with your adjustment.',
  mockupGone: 'This mockup no longer exists. Refresh the list and try again.',
  templateGone: 'The template of this mockup was deleted, so the mockup cannot be rendered again.',
};

export const mockupsZipFileName: typeof contractZipFileName = 'mockups.zip';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The texts of the Generate Mockups and Review Mockups screens: SPEC.md word for word where it has them. */
export const mockupMessages = {
  // Generate Mockups (/generateMockups).
  generateTitle: 'Generate Mockups',
  generateIntro:
    'Every design of this workspace is placed on every selected template. Rendering runs in the background: you can leave this page and come back.',
  generateNoWorkspaceText:
    'Mockups are made per workspace. Pick one (or create one) on the Select Workspace step.',
  generate: 'Generate Mockups',
  generateNew: 'Generate new only',
  generateNewHint:
    'Renders only designs and templates that have no mockup yet. Mockups you deleted stay deleted.',
  regenerateAll: 'Regenerate all',
  regenerateTitle: 'Regenerate all mockups?',
  regenerateText: (designs: number | null) =>
    `Every design${designs ? ` (${plural(designs, 'design', 'designs')})` : ''} is rendered again on every selected template. Mockups you deleted come back, and every current mockup image is replaced by a new render.`,
  regenerateKeeps: 'Your adjustments (Fit inside, size and position) are kept and used.',
  regenerateConfirm: 'Regenerate all',
  regenerateCancel: 'Cancel',
  generateStarting: 'Starting mockup generation…',
  generateRunning: 'Mockups are being generated. Wait for the running jobs to finish, then generate again.',
  generateFailed: 'Mockup generation could not be started. Please try again.',
  progressTitle: 'Progress Information',
  refreshLogs: 'Refresh Logs',
  loading: 'Loading...',
  noJobs: 'No active jobs',
  noJobsHint:
    'Press Generate Mockups to place every design on every selected template. Each template becomes one job here.',
  logsLoadFailed: 'The job logs could not be loaded.',

  statusLabel: 'Status',
  designsProgress: (done: number, total: number) =>
    `${done.toLocaleString('en-US')} / ${plural(total, 'design', 'designs')}`,
  failedCount: (failed: number) => `${failed.toLocaleString('en-US')} failed`,
  showErrors: (count: number) => `Show ${plural(count, 'error', 'errors')}`,
  hideErrors: (count: number) => `Hide ${plural(count, 'error', 'errors')}`,
  jobProgressLabel: (templateName: string) => `Progress of ${templateName}`,
  jobFailedReason: (reason: string) => `The job failed: ${reason}`,

  summaryRendered: (done: number, total: number) =>
    `${done.toLocaleString('en-US')} of ${plural(total, 'mockup', 'mockups')} rendered`,
  summaryFailed: (failed: number) => `${plural(failed, 'mockup', 'mockups')} could not be rendered`,
  summaryJobs: (finished: number, total: number) =>
    `${finished.toLocaleString('en-US')} of ${plural(total, 'job', 'jobs')} finished`,
  summaryProgressLabel: 'Overall progress',
  runningTitle: 'Rendering your mockups',
  doneTitle: 'Your mockups are ready',
  doneText: 'Check them on the Review Mockups step, delete the ones you do not want and download the rest.',
  doneWithFailuresTitle: 'Generation finished with problems',
  doneWithFailuresText:
    'Some mockups could not be rendered: open the failed jobs below to see why. The others are ready to review.',
  allFailedTitle: 'No mockups could be rendered',
  allFailedText: 'Open the failed jobs below to see why, fix the designs or templates and generate again.',
  reviewMockups: 'Review Mockups',

  // Review Mockups (/reviewMockups).
  reviewTitle: 'Review Mockups',
  reviewIntro:
    'Each design with the mockups made from it. Click a mockup for a larger look, delete the ones you do not want and download the rest as a zip.',
  reviewNoWorkspaceText:
    'Mockups are made per workspace. Pick one (or create one) on the Select Workspace step.',
  selectAll: 'Select All',
  deselectAll: 'Deselect All',
  deleteSelected: 'Delete Selected Mockups',
  deleteNoneSelected: 'Select one or more mockups to delete them',
  download: 'Download Your Files',
  downloadNothing: 'There are no mockups to download yet. Generate mockups first.',
  downloading: 'Downloading your mockups…',
  downloadProgressLabel: 'Download progress',
  cancelDownload: 'Cancel',
  downloadCancelled: 'The download was cancelled.',
  downloadFailed: 'The download failed. Please try again.',
  downloaded: (fileName: string) => `Saved ${fileName}`,
  gridLoadFailed: 'The mockups could not be loaded.',
  emptyTitle: 'No mockups yet',
  emptyText: 'Generate mockups first: every design is placed on every template you selected.',
  emptyNoDesignsText:
    'This workspace has no designs yet. Upload designs, select templates, then generate mockups.',
  goToGenerate: 'Go to Generate Mockups',
  rowEmpty: 'No mockups for this design yet. Generate mockups to make them.',
  mockupCount: (count: number) => plural(count, 'mockup', 'mockups'),
  countSummary: (mockups: number, designs: number, selected: number) =>
    `${plural(mockups, 'mockup', 'mockups')} of ${plural(designs, 'design', 'designs')}${selected ? ` · ${selected.toLocaleString('en-US')} selected` : ''}`,
  templateCaption: (name: string) => `Template: ${name}`,
  selectMockup: (designName: string, templateName: string) =>
    `Select the ${templateName} mockup of ${designName}`,
  selectRowLabel: (count: number) => `Select all ${count.toLocaleString('en-US')}`,
  deselectRow: 'Deselect all',
  selectRow: (designName: string) => `Select every mockup of ${designName}`,
  cutOffHint:
    'Some non-transparent pixels of the design fall outside the print area. Fit inside shows the whole design; Adjust lets you place it yourself.',
  fitInside: 'Fit inside',
  fitInsideLabel: (designName: string, templateName: string) =>
    `Fit ${designName} inside the print area of ${templateName}`,
  fitInsideFailed: 'The mockup could not be rendered again. Please try again.',
  adjust: 'Adjust',
  adjustLabel: (designName: string, templateName: string) =>
    `Adjust the ${templateName} mockup of ${designName}`,
  adjustTitle: (designName: string, templateName: string) => `Adjust ${designName} on ${templateName}`,
  adjustIntro:
    'Scale and move the design inside the print area. Only this mockup is rendered again; the adjustment is kept for this design and template and used by later runs.',
  adjustFit: 'Start from',
  adjustFitTemplate: "Template's fit",
  adjustFitContain: 'Fit inside',
  adjustFitCover: 'Fill the area',
  adjustFitStretch: 'Stretch',
  adjustScale: 'Size',
  adjustOffsetX: 'Left / right',
  adjustOffsetY: 'Up / down',
  adjustReset: 'Reset',
  adjustCancel: 'Cancel',
  adjustSave: 'Save and re-render',
  adjustPreviewLoading: 'Rendering the preview…',
  adjustPreviewFailed: 'The preview could not be rendered.',
  adjustPreviewAlt: (designName: string, templateName: string) =>
    `Preview of the ${templateName} mockup of ${designName} with your adjustment`,
  adjustSaveFailed: 'The adjustment could not be saved. Please try again.',
  adjustedBadge: 'Adjusted',
  previewMockup: (designName: string, templateName: string) =>
    `Preview the ${templateName} mockup of ${designName}`,
  mockupAlt: (designName: string, templateName: string) => `The ${templateName} mockup of ${designName}`,
  designsList: 'Designs and their mockups',
  mockupsOf: (designName: string) => `Mockups of ${designName}`,

  deleteDetail: (count: number) => `${plural(count, 'mockup', 'mockups')} will be deleted for good.`,
  deleteFailed: 'The mockups could not be deleted. Please try again.',
  deleting: 'Deleting the selected mockups…',
  deleted: (count: number) => `${plural(count, 'mockup', 'mockups')} deleted`,
} as const;
