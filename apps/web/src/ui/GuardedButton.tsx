import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useRef, type ReactNode } from 'react';

interface GuardedButtonProps extends ButtonProps {
  /** Why the button cannot be used now; null when it can. Shown as its tooltip. */
  reason: string | null;
  /** The width a long reason wraps at; false keeps it on one line. */
  reasonWidth?: number | false;
  /** Its action; when that answers a promise, further clicks are ignored until it settles. */
  onClick: () => unknown;
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
  const inFlight = useRef(false);
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
          if (blocked || inFlight.current) {
            event.preventDefault();
            return;
          }
          const pending = onClick();
          if (pending instanceof Promise) {
            inFlight.current = true;
            void pending.catch(() => undefined).finally(() => (inFlight.current = false));
          }
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
