import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PageHandle } from '../lib/analytics';
import { CenteredLoader } from '../ui/CenteredLoader';
import { AppLayout, ContentLayout, WorkflowLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { SessionGuard } from './SessionGuard';

/**
 * A route whose screen is loaded on first visit, so the landing page stays small. The title names
 * the page in the browser tab and in page views (lib/analytics).
 */
function screen(path: string, load: () => Promise<ComponentType>, title?: string): RouteObject {
  const handle: PageHandle | undefined = title ? { title } : undefined;
  return { path, handle, lazy: async () => ({ Component: await load() }) };
}

/** The route table of SPEC.md section 2. Paths match case-insensitively. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: CenteredLoader,
    children: [
      screen('/', () => import('../features/landing/LandingPage').then((m) => m.LandingPage)),
      screen('/home', () => import('../features/landing/LandingPage').then((m) => m.LandingPage)),
      {
        Component: ContentLayout,
        children: [
          screen('/login', () => import('../features/auth/SignInPage').then((m) => m.SignInPage), 'Sign in'),
          screen('/logout', () => import('../features/auth/LogoutPage').then((m) => m.LogoutPage)),
          screen(
            '/register',
            () => import('../features/auth/RegisterPage').then((m) => m.RegisterPage),
            'Register',
          ),
          screen(
            '/forgot-password',
            () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
            'Forgot password',
          ),
          screen('/reset-password/:token', () =>
            import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
          ),
          screen(
            '/success',
            () => import('../features/billing/PaymentSuccessPage').then((m) => m.PaymentSuccessPage),
            'Subscription successful',
          ),
          screen(
            '/failure',
            () => import('../features/billing/PaymentFailurePage').then((m) => m.PaymentFailurePage),
            'Subscription failed',
          ),
          screen('/aboutus', () => import('../features/info/AboutPage').then((m) => m.AboutPage), 'About Us'),
          screen(
            '/returns',
            () => import('../features/info/ReturnsPage').then((m) => m.ReturnsPage),
            'Refund Policy',
          ),
          screen(
            '/terms-and-conditions',
            () => import('../features/info/TermsPage').then((m) => m.TermsPage),
            'Terms and Conditions',
          ),
          screen(
            '/privacy-policy',
            () => import('../features/info/PrivacyPage').then((m) => m.PrivacyPage),
            'Privacy Policy',
          ),
          screen(
            '/resources',
            () => import('../features/resources/ResourcesPage').then((m) => m.ResourcesPage),
            'Resources',
          ),
          screen(
            '/tutorial/:file',
            () => import('../features/resources/TutorialPage').then((m) => m.TutorialPage),
            'Tutorial',
          ),
          screen(
            '/contactus',
            () => import('../features/contact/ContactPage').then((m) => m.ContactPage),
            'Contact Us',
          ),
          {
            Component: SessionGuard,
            children: [
              screen(
                '/account',
                () => import('../features/account/AccountPage').then((m) => m.AccountPage),
                'Your Account',
              ),
              // One route for the list and its order's drawer: opening an order keeps the list as it is.
              screen(
                '/orders/:orderId?',
                () => import('../features/orders/OrdersPage').then((m) => m.OrdersPage),
                'Orders',
              ),
            ],
          },
          { path: '*', Component: NotFoundPage, handle: { title: 'Page not found' } satisfies PageHandle },
        ],
      },
      {
        Component: SessionGuard,
        children: [
          {
            Component: WorkflowLayout,
            children: [
              screen('/welcome', () =>
                import('../features/workspaces/WorkspacesPage').then((m) => m.WorkspacesPage),
              ),
              screen('/prepareDesigns', () =>
                import('../features/designs/PrepareDesignsPage').then((m) => m.PrepareDesignsPage),
              ),
              screen('/SelectMockupImageModeTemplates', () =>
                import('../features/templates/SelectImageModeTemplatesPage').then(
                  (m) => m.SelectImageModeTemplatesPage,
                ),
              ),
              screen('/selectMockupTemplates', () =>
                import('../features/templates/SelectTemplatesPage').then((m) => m.SelectTemplatesPage),
              ),
              screen('/generateMockups', () =>
                import('../features/mockups/GenerateMockupsPage').then((m) => m.GenerateMockupsPage),
              ),
              screen('/reviewMockups', () =>
                import('../features/mockups/ReviewMockupsPage').then((m) => m.ReviewMockupsPage),
              ),
              screen('/updateMetadata', () =>
                import('../features/metadata/UpdateMetadataPage').then((m) => m.UpdateMetadataPage),
              ),
              screen('/createPrintifyListings', () =>
                import('../features/listings/CreateListingsPage').then((m) => m.CreateListingsPage),
              ),
              screen('/publishListings', () =>
                import('../features/publish/PublishListingsPage').then((m) => m.PublishListingsPage),
              ),
            ],
          },
        ],
      },
    ],
  },
];

/** The app's router. */
export const router = createBrowserRouter(routes);
