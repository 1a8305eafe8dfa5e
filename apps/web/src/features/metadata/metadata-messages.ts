import { listingLimits } from '@podflow/contract/metadata';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** A list of names for a sentence: 'a.png, b.png and 3 more'. */
export function nameList(names: readonly string[], shown = 3): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${count(names.length - shown)} more`;
}

/** The texts of the Update Metadata screen: SPEC.md sections 2, 4 and 8 word for word where it has them. */
export const metadataText = {
  title: 'Update Metadata',
  intro: `Give every design a title, keywords and a description buyers search for, by hand or with AI. Stores allow titles of ${listingLimits.titleMaxChars} characters and ${listingLimits.keywordsMax} keywords.`,
  noWorkspaceText: 'Metadata is kept per workspace. Pick one (or create one) on the Select Workspace step.',
  toolbarLabel: 'Metadata actions',
  tableLabel: 'Designs and their metadata',
  loading: 'Loading designs',

  emptyTitle: 'No designs yet',
  emptyText: 'Metadata is written per design: upload PNG files with a transparent background first.',
  goToDesigns: 'Go to Prepare Designs',
  noDesignsReason: 'This workspace has no designs yet. Upload designs first.',

  columnDesign: 'Design',
  columnTitle: 'Title',
  columnKeywords: 'Keywords',
  columnDescription: 'Description',
  fieldLabel: (field: string, fileName: string) => `${field} of ${fileName}`,
  titlePlaceholder: 'What it is, for whom, in the words buyers search for',
  keywordsPlaceholder: 'Comma-separated: cat lover gift, funny cat shirt',
  descriptionPlaceholder: 'What makes it special, materials, sizes, care',
  counterLabel: (count: number, limit: number, noun: string) =>
    `${plural(count, noun, `${noun}s`)} of ${limit}`,
  unsavedRow: 'Unsaved',
  previewDesign: (fileName: string) => `Preview ${fileName}`,

  // Update Metadata.
  save: 'Update Metadata',
  saveNothing: 'Nothing has changed since the metadata was last loaded or saved.',
  saveFailed: 'The metadata could not be saved. Please try again.',
  saveWarningsTitle: 'Saved, but some listings break store limits',
  saveWarnings: (designs: number, names: string[]) =>
    `${plural(designs, 'design still breaks', 'designs still break')} a store limit: ${nameList(names)}. Fix them before creating listings.`,
  unsaved: (designs: number) => `${plural(designs, 'design', 'designs')} with unsaved changes`,

  // Leaving with unsaved edits.
  leaveTitle: 'Leave without saving?',
  leaveText: (designs: number) =>
    `You have unsaved changes to ${plural(designs, 'design', 'designs')}. If you leave now they are lost.`,
  stay: 'Stay',
  leave: 'Leave without saving',
  saveAndLeave: 'Save and continue',

  // Generate Metadata (AI).
  generate: 'Generate Metadata (AI)',
  generateStarting: 'Starting the AI run…',
  generateRunning:
    'AI metadata is still being written for this workspace. Wait for it to finish, then try again.',
  confirmTitle: 'Generate metadata with AI',
  confirmWhat: (designs: number) =>
    `AI will write the title, keywords and description of ${designs === 1 ? 'the' : `all ${count(designs)}`} ${designs === 1 ? 'design' : 'designs'} of this workspace.`,
  confirmCost: (designs: number) =>
    `It uses one AI token per design: ${plural(designs, 'token', 'tokens')} for this run.`,
  tokensLeft: (remaining: number, allowance: number) =>
    `You have ${count(remaining)} of ${count(allowance)} AI tokens left this month.`,
  tokensLoading: 'Checking your AI tokens…',
  tokensFailed: 'Your AI token balance could not be loaded; the server checks it when the run starts.',
  tokensShort: (needed: number, remaining: number) =>
    `This run needs ${plural(needed, 'token', 'tokens')}; only ${count(remaining)} ${remaining === 1 ? 'is' : 'are'} left this month.`,
  confirmHints:
    'What you have typed (saved or not) is sent to the AI as hints. The text it writes replaces what the fields hold now.',
  cancel: 'Cancel',
  proceed: 'Proceed',
  // SPEC.md section 8: 403 'AI tokens quota exceeded'.
  aiTokensQuota: 'You have exceeded your AI tokens quota. Please upgrade your plan or try again later.',
  generateFailed: 'The AI run could not be started. Please try again.',
  upgradePlan: 'See plans',

  // Task Status Summary.
  summaryTitle: 'Task Status Summary',
  summaryLoading: 'Loading the task status…',
  summaryFailed: 'The task status could not be loaded.',
  summaryRunning: 'AI is writing your metadata…',
  summaryDone: 'Your metadata is written',
  summaryDoneWithFailures: 'Finished, but some designs could not be written',
  summaryAllFailed: 'No metadata could be written',
  summaryIdle: 'No AI run yet',
  summaryProgress: (done: number, total: number) =>
    `${count(done)} of ${plural(total, 'design', 'designs')} done`,
  summaryProgressLabel: 'AI run progress',
  summaryCloseHint: 'Closing this window reloads the designs with what the AI wrote.',
  failuresTitle: 'Designs that could not be written',
  close: 'Close',
  runBanner: (done: number, total: number) =>
    `AI is writing metadata: ${count(done)} of ${plural(total, 'design', 'designs')} done.`,
  viewProgress: 'View progress',

  // CSV.
  exportCsv: 'Export CSV',
  exportUnsavedHint: 'The file holds the saved metadata: update it first to include your edits.',
  exported: (fileName: string) => `Saved ${fileName}`,
  exportFailed: 'The CSV file could not be downloaded. Please try again.',
  importCsv: 'Import CSV',
  importTitle: 'Import metadata from a CSV file',
  importIntro:
    'Use the file Export CSV gives you (columns file_name, title, keywords, description). Rows are matched to designs by file name; you see what changes before anything is saved.',
  importFileLabel: 'CSV file',
  importFilePlaceholder: 'Choose a .csv file',
  importChecking: 'Reading the file…',
  importFailed: 'The CSV file could not be read. Please try again.',
  importUnsaved: 'You have unsaved edits: designs this file changes take the imported text instead.',
  importChanges: (designs: number) => `${plural(designs, 'design', 'designs')} will change`,
  importUnchanged: (rows: number) => `${plural(rows, 'design', 'designs')} unchanged`,
  importUnmatchedCount: (rows: number) => `${plural(rows, 'row matches', 'rows match')} no design`,
  importInvalidCount: (rows: number) => `${plural(rows, 'row', 'rows')} could not be read`,
  importChangesLabel: 'Changes the import makes',
  importUnmatchedTitle: 'Rows that match no design',
  importInvalidTitle: 'Rows that could not be read',
  importRow: (row: number) => `Row ${count(row)}`,
  importEmptyValue: '(empty)',
  importColumnField: 'Field',
  importColumnChange: 'Change',
  apply: (designs: number) =>
    designs ? `Apply changes to ${plural(designs, 'design', 'designs')}` : 'Apply',
  applyNothing: 'Nothing in this file differs from the saved metadata.',
  applyFailed: 'The import could not be applied. Please try again.',
  fieldNames: { title: 'Title', keywords: 'Keywords', description: 'Description' },
} as const;
