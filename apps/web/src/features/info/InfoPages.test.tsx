import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AboutPage } from './AboutPage';
import { PrivacyPage } from './PrivacyPage';
import { ReturnsPage } from './ReturnsPage';
import { TermsPage } from './TermsPage';

const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('information pages', () => {
  it('About states the mission and asks for feedback through the contact page', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About PodFlow' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeTruthy();
    expect(screen.getByText(/automate product listings, mockup generation, order processing/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send us your feedback' }).getAttribute('href')).toBe(
      '/contactus',
    );
  });

  it("Returns has SPEC's 7 days, 5 and 7 business days, and the three non-refundable cases", () => {
    renderWithProviders(<ReturnsPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('within 7 days of the purchase');
    expect(text).toContain('within 5 business days');
    expect(text).toContain('within 7 business days');
    const cases = within(screen.getByRole('region', { name: 'What cannot be refunded' })).getAllByRole(
      'listitem',
    );
    expect(cases.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Services fully delivered or used',
      'One-time setup fees',
      'Promotional or discounted offers',
    ]);
  });

  it('Terms has twelve numbered sections, contents linking to each, and 30 days of notice', () => {
    renderWithProviders(<TermsPage />);
    const headings = sectionHeadings();
    expect(headings).toHaveLength(12);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. `)));
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getAllByRole('link')).toHaveLength(12);
    expect(within(contents).getAllByRole('link')[11]?.getAttribute('href')).toBe('/#changes');
    expect(document.body.textContent).toContain('at least 30 days before it takes effect');
  });

  it('Privacy was last updated July 03, 2024 and sets the minimum age at 13', () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByText('Last updated July 03, 2024')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Children' })).getByText('13 years old')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeTruthy();
  });
});
