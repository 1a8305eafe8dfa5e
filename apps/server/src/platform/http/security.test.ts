import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from './security.ts';

describe('content security policy', () => {
  it('allows scripts from our origin only, unless the tag manager is turned on', () => {
    expect(appContentSecurityPolicy(false)['script-src']).toEqual(["'self'"]);
    const withTags = appContentSecurityPolicy(true);
    expect(withTags['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(withTags['connect-src']).toContain('https://*.google-analytics.com');
    expect(withTags['object-src']).toEqual(["'none'"]);
  });
});
