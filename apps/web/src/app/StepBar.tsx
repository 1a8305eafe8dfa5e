import { Container } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './StepBar.module.css';
import { stepIndexOf, workflowSteps } from './workflow-steps';

/** The eight-step bar of the workflow: current step in brand colour, earlier steps checked. */
export function StepBar() {
  const { pathname } = useLocation();
  const current = stepIndexOf(pathname);

  return (
    <nav className={classes.bar} aria-label="Workflow steps">
      <Container size={1280} px="xl">
        <ol className={classes.list}>
          {workflowSteps.map((step, index) => {
            const done = current >= 0 && index < current;
            const isCurrent = index === current;
            return (
              <li key={step.route} className={classes.item} data-done={done || undefined}>
                <Link
                  to={step.route}
                  className={classes.link}
                  data-done={done || undefined}
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-label={`Step ${index + 1}: ${step.label}${done ? ' (done)' : ''}`}
                >
                  <span className={classes.circle} aria-hidden>
                    {done ? <IconCheck size={16} stroke={3} /> : index + 1}
                  </span>
                  <span className={classes.label}>{step.label}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </Container>
    </nav>
  );
}
