import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getTabWorkspaceId, setTabWorkspaceId, useCurrentWorkspaceId } from '../api/session';

/** The search parameter naming the workspace a step works in: `/prepareDesigns?workspace=<id>`. */
export const WORKSPACE_PARAM = 'workspace';

/** The workspace a location's URL names, or null. */
export function workspaceInUrl(search: string): string | null {
  return new URLSearchParams(search).get(WORKSPACE_PARAM) || null;
}

/** A route with the workspace in its URL (none added when there is no workspace). */
export function withWorkspace(route: string, workspaceId: string | null): string {
  if (!workspaceId) return route;
  const [path, query = ''] = route.split('?');
  const params = new URLSearchParams(query);
  params.set(WORKSPACE_PARAM, workspaceId);
  return `${path}?${params.toString()}`;
}

/**
 * The workspace this tab works in: the one its URL names; else the one this tab worked in last
 * (a link that names none keeps it); else the one picked last in any tab (SPEC.md section 3's
 * stored workspace_id). Another tab picking a workspace never changes a tab whose URL names one.
 */
export function useTabWorkspaceId(): string | null {
  const [params] = useSearchParams();
  const picked = useCurrentWorkspaceId();
  return params.get(WORKSPACE_PARAM) || getTabWorkspaceId() || picked;
}

/** A function giving a step's route with this tab's workspace in it. */
export function useStepLink(): (route: string) => string {
  const workspaceId = useTabWorkspaceId();
  return useCallback((route: string) => withWorkspace(route, workspaceId), [workspaceId]);
}

/**
 * Keeps the tab's workspace in its URL: a workflow screen opened without one gets it added (in
 * place, no new history entry), so a reload, a copied link or a second tab shows the same one.
 * Only on arrival at a location: a workspace picked while on it (a tile opening its workspace
 * navigates by itself) must not be written back over that navigation.
 */
export function usePinnedTabWorkspace(): void {
  const workspaceId = useTabWorkspaceId();
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = workspaceInUrl(location.search);
  const arrivedAt = useRef<string | null>(null);

  useEffect(() => {
    if (inUrl) {
      if (getTabWorkspaceId() !== inUrl) setTabWorkspaceId(inUrl);
      return;
    }
    if (arrivedAt.current === location.key) return;
    arrivedAt.current = location.key;
    if (!workspaceId) return;
    setTabWorkspaceId(workspaceId);
    const params = new URLSearchParams(location.search);
    params.set(WORKSPACE_PARAM, workspaceId);
    void navigate(
      { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  }, [inUrl, workspaceId, location, navigate]);
}
