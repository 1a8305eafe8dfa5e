import { describe, expect, it } from 'vitest';
import type { TemplateInfo } from '@podflow/contract/templates';
import { checkedIds, moveTemplates, panelActions } from './panel-moves';

function template(id: string, source: 'library' | 'own' = 'own'): TemplateInfo {
  return {
    mkp_template_id: id,
    thumbnail_image_path: `/files/${id}.webp`,
    user_file_name: `${id}.png`,
    image_path: `/files/${id}.png`,
    width: 800,
    height: 1000,
    source,
    placement: null,
  };
}

const remaining = [template('a'), template('b'), template('lib', 'library')];
const selected = [template('c'), template('d')];
const none = new Set<string>();

describe('checkedIds', () => {
  it('lists only checked templates still in the panel, in panel order', () => {
    expect(checkedIds(remaining, new Set(['b', 'a', 'gone']))).toEqual(['a', 'b']);
  });
});

describe('moveTemplates', () => {
  it('moves only the given templates, appending them to the other panel', () => {
    const moved = moveTemplates(remaining, selected, ['b']);
    expect(moved.from.map((t) => t.mkp_template_id)).toEqual(['a', 'lib']);
    expect(moved.to.map((t) => t.mkp_template_id)).toEqual(['c', 'd', 'b']);
  });

  it('never duplicates a template already in the target', () => {
    const moved = moveTemplates([template('c')], selected, ['c']);
    expect(moved.to.map((t) => t.mkp_template_id)).toEqual(['c', 'd']);
  });
});

describe('panelActions (SPEC.md sections 4 and 5)', () => {
  it('disables >>, << and Delete with nothing checked, saying why', () => {
    const actions = panelActions(remaining, selected, none, none);
    expect(actions.select).toMatchObject({ enabled: false, ids: [] });
    expect(actions.remove).toMatchObject({ enabled: false, ids: [] });
    expect(actions.deleteOwn).toMatchObject({ enabled: false, ids: [] });
    expect(actions.select.reason).toBe('Check templates in Remaining Templates first');
    expect(actions.remove.reason).toBe('Check templates in Selected Templates first');
    expect(actions.deleteOwn.reason).toBe('Check one or more of your own templates to delete them');
  });

  it('>> takes the checked Remaining Templates only, << the checked Selected ones only', () => {
    const actions = panelActions(remaining, selected, new Set(['b']), new Set(['d']));
    expect(actions.select).toEqual({ ids: ['b'], enabled: true, reason: null });
    expect(actions.remove).toEqual({ ids: ['d'], enabled: true, reason: null });
    // A check left over in the other panel's set does not count.
    const stale = panelActions(remaining, selected, new Set(['c']), none);
    expect(stale.select.enabled).toBe(false);
  });

  it('Delete takes every checked own template, in both panels', () => {
    const actions = panelActions(remaining, selected, new Set(['a']), new Set(['c', 'd']));
    expect(actions.deleteOwn).toEqual({ ids: ['a', 'c', 'd'], enabled: true, reason: null });
  });

  it('refuses Delete while a starter template is checked', () => {
    const actions = panelActions(remaining, selected, new Set(['a', 'lib']), none);
    expect(actions.deleteOwn.enabled).toBe(false);
    expect(actions.deleteOwn.reason).toMatch(
      /^1 checked template is a starter template: starter templates come with every account and cannot be deleted/,
    );
    // Moving it is still fine.
    expect(actions.select.ids).toEqual(['a', 'lib']);
  });
});
