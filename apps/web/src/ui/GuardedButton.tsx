import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface GuardedButtonProps extends ButtonProps {
  /** Why the button cannot be used now; null when it can. Shown as its tooltip. */
  reason: string | null;
  /** The width a long reason wraps at; false keeps it on one line. */
  reasonWidth?: number | false;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A button that looks disabled while it has a reason not to act, yet stays hoverable and
 * focusable so its tooltip can say why (a disabled button gets no pointer events).
 */
export function GuardedButton({
  reason,
  reasonWidth = 280,
  onClick,
  children,
  ...props
}: GuardedButtonProps) {
  const blocked = reason !== null;
  return (
    <Tooltip
      label={reason}
      disabled={!blocked}
      withArrow
      multiline={reasonWidth !== false}
      maw={reasonWidth === false ? undefined : reasonWidth}
    >
      <Button
        {...props}
        data-disabled={blocked || undefined}
        aria-disabled={blocked}
        onClick={(event) => {
          if (blocked) {
            event.preventDefault();
            return;
          }
          onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
