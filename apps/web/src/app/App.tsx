import { useMediaQuery } from '@mantine/hooks';
import { RouterProvider } from 'react-router';
import { NarrowScreenNotice } from './NarrowScreenNotice';
import { router } from './router';

/** SPEC.md section 1: at 768 px wide or less the notice replaces the whole application. */
export const narrowScreenQuery = '(max-width: 768px)';

/** The application: the router, or the narrow-screen notice. */
export function App() {
  const narrow = useMediaQuery(narrowScreenQuery, false, { getInitialValueInEffect: false });
  return narrow ? <NarrowScreenNotice /> : <RouterProvider router={router} />;
}
