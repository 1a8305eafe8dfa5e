import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ReasonButtonProps extends ButtonProps {
  /** Why the button cannot be used now; null when it can. Shown as its tooltip. */
  reason: string | null;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A button that looks disabled while it has a reason not to act, yet stays hoverable and
 * focusable so its tooltip can say why (a disabled button gets no pointer events). The templates
 * screen has the same piece; features do not share code, so it is repeated here.
 */
export function ReasonButton({ reason, onClick, children, ...props }: ReasonButtonProps) {
  const blocked = reason !== null;
  return (
    <Tooltip label={reason} disabled={!blocked} withArrow multiline maw={280}>
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
