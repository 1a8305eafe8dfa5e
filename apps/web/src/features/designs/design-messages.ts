import type {
  designMessages as contractDesignMessages,
  quotaErrors as contractQuotaErrors,
} from '@podflow/contract/designs';

/**
 * The 403 texts the server answers with when a quota is full (the contract's `quotaErrors`,
 * repeated here so no zod module reaches the bundle; the type keeps the two identical).
 */
export const quotaErrors: typeof contractQuotaErrors = {
  designs: 'Designs quota exceeded',
  space: 'Space quota exceeded',
  aiTokens: 'AI tokens quota exceeded',
};

const noFiles: (typeof contractDesignMessages)['noFiles'] = 'Please select files to upload.';

/** The texts of the Prepare Designs screen: SPEC.md sections 2, 5 and 8 word for word where it has them. */
export const designMessages = {
  title: 'Prepare Designs',
  intro:
    'Upload your designs as PNG files with a transparent background, sized to suit your mockup templates. Select the ones you no longer need to delete them.',

  noWorkspaceText: 'Designs live in a workspace. Pick one (or create one) on the Select Workspace step.',

  empty: 'No designs available',
  emptyHint: 'No designs yet — upload PNG files with a transparent background',

  upload: 'Upload',
  selectAll: 'Select All',
  deselectAll: 'Deselect All',
  deleteSelected: 'Delete Selected',
  deleteSelectedHint: 'Select one or more designs to delete them',

  deleteFailed: 'Failed to delete designs',
  deleted: (count: number) => `${count} ${count === 1 ? 'design' : 'designs'} deleted`,

  noTransparency: 'No transparency',
  noTransparencyHint: 'This PNG has no transparent background, so its background will show on mockups.',
  selectDesign: (fileName: string) => `Select ${fileName}`,
  previewDesign: (fileName: string) => `Preview ${fileName}`,

  // The upload modal.
  uploadTitle: 'Upload designs',
  uploadIntro: 'PNG files with a transparent background, up to 50 MB and 100 megapixels each.',
  dropTitle: 'Drag PNG files here or click to choose them',
  dropHint: 'Choose as many as you like; they are sent in batches.',
  dropInputLabel: 'Choose design files',
  noFiles,
  uploadMore: 'Upload more files',
  stopQuestion: 'Stop the upload? Files already stored stay in the workspace.',
  keepUploading: 'Keep uploading',
  stopUpload: 'Stop upload',
  stopped: 'The upload was stopped.',
  notSentAfterError: 'The upload stopped before this file was sent.',
  removeFile: (fileName: string) => `Remove ${fileName}`,

  designsQuota:
    'You have exceeded your designs quota for current workspace. Please delete some designs and try again.',
  spaceQuota: 'You have exceeded your storage space quota. Please delete some files and try again.',
  aiTokensQuota: 'You have exceeded your AI tokens quota. Please upgrade your plan or try again later.',
  unexpected: 'An unexpected error occurred. Please try again.',
  uploadFailed: 'An error occurred during the upload. Please try again.',
} as const;
