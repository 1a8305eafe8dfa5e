import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { workspaceInUrl } from '../../ui/tab-workspace';

/**
 * Unsaved edits are not lost silently: moving to another screen in the app, or to another
 * workspace on this one, is held (the caller asks with the blocker), and closing or reloading the
 * tab asks the browser's question. Adding the tab's own workspace to a URL that had none is no move.
 */
export function useUnsavedGuard(unsaved: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!unsaved) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    const from = workspaceInUrl(currentLocation.search);
    const to = workspaceInUrl(nextLocation.search);
    return from !== null && to !== null && from !== to;
  });

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // Saved meanwhile (or the edits were undone): nothing to hold any more.
  useEffect(() => {
    if (!unsaved && blocker.state === 'blocked') blocker.proceed();
  }, [unsaved, blocker]);

  return blocker;
}
