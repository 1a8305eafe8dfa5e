import type { TemplateInfo } from '@podflow/contract/templates';
import { templateMessages as text } from './template-messages';

/** The ids of a panel's templates that are checked (a checked id no longer in the list is ignored). */
export function checkedIds(list: readonly TemplateInfo[], checked: ReadonlySet<string>): string[] {
  return list.filter((template) => checked.has(template.mkp_template_id)).map((t) => t.mkp_template_id);
}

/** Moves the templates with the given ids from one panel to the end of the other, keeping order. */
export function moveTemplates(
  from: readonly TemplateInfo[],
  to: readonly TemplateInfo[],
  ids: readonly string[],
): { from: TemplateInfo[]; to: TemplateInfo[] } {
  const moving = new Set(ids);
  const present = new Set(to.map((template) => template.mkp_template_id));
  const moved = from.filter((template) => moving.has(template.mkp_template_id));
  return {
    from: from.filter((template) => !moving.has(template.mkp_template_id)),
    to: [...to, ...moved.filter((template) => !present.has(template.mkp_template_id))],
  };
}

/** What a toolbar button may do now, and why not when it may not. */
export interface ActionState {
  ids: string[];
  enabled: boolean;
  /** Why the button is disabled (shown as its tooltip); null when enabled. */
  reason: string | null;
}

export interface PanelActions {
  /** >>: the checked Remaining Templates. */
  select: ActionState;
  /** <<: the checked Selected Templates. */
  remove: ActionState;
  /** Delete: every checked template, in either panel, when all are the seller's own. */
  deleteOwn: ActionState;
}

/**
 * SPEC.md sections 4 and 5: >> and << act on the checked items of their panel only, and the
 * calls (delete included) fire only with at least one checked; Delete takes own templates only.
 */
export function panelActions(
  remaining: readonly TemplateInfo[],
  selected: readonly TemplateInfo[],
  checkedRemaining: ReadonlySet<string>,
  checkedSelected: ReadonlySet<string>,
): PanelActions {
  const toSelect = checkedIds(remaining, checkedRemaining);
  const toRemove = checkedIds(selected, checkedSelected);
  const checked = [
    ...remaining.filter((t) => checkedRemaining.has(t.mkp_template_id)),
    ...selected.filter((t) => checkedSelected.has(t.mkp_template_id)),
  ];
  const starters = checked.filter((template) => template.source === 'library').length;
  const deleteReason =
    checked.length === 0 ? text.deleteNoneChecked : starters > 0 ? text.deleteStarterChecked(starters) : null;
  return {
    select: {
      ids: toSelect,
      enabled: toSelect.length > 0,
      reason: toSelect.length > 0 ? null : text.selectNoneChecked,
    },
    remove: {
      ids: toRemove,
      enabled: toRemove.length > 0,
      reason: toRemove.length > 0 ? null : text.removeNoneChecked,
    },
    deleteOwn: {
      ids: checked.map((template) => template.mkp_template_id),
      enabled: deleteReason === null,
      reason: deleteReason,
    },
  };
}
