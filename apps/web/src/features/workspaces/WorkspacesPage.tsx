import { IconFolders } from '@tabler/icons-react';
import { StepPlaceholder } from '../../ui/StepPlaceholder';

/** /welcome: step 1, Select Workspace. */
export function WorkspacesPage() {
  return (
    <StepPlaceholder
      title="Your Workspaces"
      description="A workspace is like a folder that organizes your designs. Open one to continue where you left off, or start a new one."
      icon={<IconFolders size={30} />}
      upcoming="Create workspaces, open one to work on its designs, and delete the ones you no longer need."
    />
  );
}
