import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Unsaved edits are not lost silently: moving to another screen in the app is held (the caller
 * asks with the blocker) and closing or reloading the tab asks the browser's question.
 */
export function useUnsavedGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

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
