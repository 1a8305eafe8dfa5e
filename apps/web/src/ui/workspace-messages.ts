/** The texts every workspace-scoped step shares: its workspace gate and its context bar. */
export const workspaceMessages = {
  workspaceLabel: 'Workspace',
  changeWorkspace: 'Change workspace',
  noWorkspaceTitle: 'Choose a workspace first',
  missingWorkspaceText:
    'The workspace you had open no longer exists. Pick another one on the Select Workspace step.',
  goToWorkspaces: 'Go to your workspaces',
} as const;
