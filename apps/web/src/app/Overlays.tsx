import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import classes from './Providers.module.css';

/**
 * The hosts of confirmation modals and toasts (5000 ms: SPEC.md section 9). Toasts sit bottom-right,
 * not top-right as the spec has it: at the top they covered the step bar, and the sticky toolbar
 * with Next once scrolled (docs/decisions.md). The app opens
 * both through Mantine's event APIs (`modals.openConfirmModal`, `notifications.show`), never through
 * context, so these hosts need not wrap the pages and can load after the first paint.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="bottom-right" autoClose={5000} classNames={{ root: classes.notifications }} />
    </>
  );
}
