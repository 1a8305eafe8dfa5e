/** The texts of the workspaces screen: SPEC.md sections 2 and 8 word for word where it has them. */
export const workspaceMessages = {
  title: 'Your Workspaces',
  explanation:
    'A workspace is like a folder that organizes your designs: keep each collection, shop or launch in its own. Open one to upload and prepare its designs.',
  newWorkspace: 'New Workspace',
  empty: 'No workspaces available',
  emptyHint: 'Create your first workspace with New Workspace, then open it to upload your designs.',
  current: 'Current',
  deleteTitle: 'Confirm to delete workspace',
  // The spec's spelling of "permanently" is kept on purpose.
  deleteText:
    'Are you sure you want to delete this workspace? This operation is irreversible and all your data in this workspace will be deleted permanantly.',
  deleteYes: 'Yes',
  deleteNo: 'No',
  deleting: 'Deleting workspace',
  deleted: 'Workspace deleted',
  deleteFailed: 'The workspace could not be deleted.',
  createTitle: 'New Workspace',
  nameLabel: 'Workspace Name',
  nameHint: 'Up to 100 characters, for example "Summer cats collection".',
  nameAtLimit: '100 of 100 characters: a workspace name cannot be any longer.',
  nameLeft: (left: number) => `${left} ${left === 1 ? 'character' : 'characters'} left of 100.`,
  create: 'Create Workspace',
  cancel: 'Cancel',
  created: 'Workspace created',
  createFailed: 'The workspace could not be created.',
  loadFailed: 'Your workspaces could not be loaded.',
  retry: 'Try again',
} as const;
