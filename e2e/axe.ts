import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * axe-core on the page as it is now: no serious or critical violation of WCAG 2.1 A and AA or of
 * axe's best practices (minor and moderate ones are printed under `what`, not failed); `only`, a
 * CSS selector, scans just that part of the page.
 */
export async function expectNoSeriousViolations(page: Page, what: string, only?: string): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const results = await (only ? axe.include(only) : axe).analyze();
  const described = results.violations.map(
    (violation) =>
      `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')})`,
  );
  if (described.length > 0) console.log(`${what}\n  ${described.join('\n  ')}`);
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => `${violation.id} (${what})`)).toEqual([]);
}
