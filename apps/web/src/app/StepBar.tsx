import { Container, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useWorkspaces, workspacesQuery } from '../api/get-workspaces.api';
import { useTabWorkspaceId, withWorkspace } from '../ui/tab-workspace';
import classes from './StepBar.module.css';
import { stepIndexOf, stepProgress, workflowSteps } from './workflow-steps';

/**
 * The eight-step bar of the workflow: current step in brand colour, a check mark on each step the
 * tab's workspace has actually done (its progress from the server, fetched again on each step),
 * every link keeping the workspace in its URL.
 */
export function StepBar() {
  const { pathname } = useLocation();
  const current = stepIndexOf(pathname);
  const workspaceId = useTabWorkspaceId();
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.find((item) => item.workspace_id === workspaceId);
  const progress = stepProgress(workspace);

  // Moving to another step is when a seller expects the marks to catch up with what they did.
  const queryClient = useQueryClient();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void queryClient.invalidateQueries({ queryKey: workspacesQuery.queryKey });
  }, [pathname, queryClient]);

  return (
    <nav className={classes.bar} aria-label="Workflow steps">
      <Container size={1280} px="xl">
        <ol className={classes.list}>
          {workflowSteps.map((step, index) => {
            const { done, detail } = progress[index] ?? { done: false, detail: null };
            const isCurrent = index === current;
            return (
              <li key={step.route} className={classes.item} data-done={done || undefined}>
                <Tooltip label={detail} disabled={!detail} openDelay={300} withArrow>
                  <Link
                    to={withWorkspace(step.route, workspaceId)}
                    className={classes.link}
                    data-done={done || undefined}
                    aria-current={isCurrent ? 'step' : undefined}
                  >
                    <span className={classes.circle} aria-hidden>
                      {done ? <IconCheck size={16} stroke={3} /> : index + 1}
                    </span>
                    {/* Named by its text, so speech input can say what it sees (WCAG 2.5.3). */}
                    <VisuallyHidden component="span">{`Step ${index + 1}:`}</VisuallyHidden>{' '}
                    <span className={classes.label}>{step.label}</span>
                    {done && (
                      <>
                        {' '}
                        <VisuallyHidden component="span">(done)</VisuallyHidden>
                      </>
                    )}
                  </Link>
                </Tooltip>
              </li>
            );
          })}
        </ol>
      </Container>
    </nav>
  );
}
