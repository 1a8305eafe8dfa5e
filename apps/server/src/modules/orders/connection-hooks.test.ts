import { describe, expect, it } from 'vitest';
import { connectionHooks } from './connection-hooks.ts';

const silent = { error: () => undefined } as unknown as Parameters<typeof connectionHooks>[0];

describe('connection hooks', () => {
  it('runs one derivation of a seller at a time, in order, and survives a failing one', async () => {
    const hooks = connectionHooks(silent);
    const log: string[] = [];
    let running = 0;
    hooks.attach(async (userId, without) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${userId} ${without ?? '-'}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (without === 'boom') throw new Error('provider down');
      log.push(`end ${userId}`);
    });
    hooks.saved('u1');
    const deleting = hooks.beforeWorkspaceDelete('u1', 'boom');
    hooks.saved('u1');
    await expect(deleting).resolves.toBeUndefined();
    await hooks.idle();
    expect(log).toEqual(['start u1 -', 'end u1', 'start u1 boom', 'start u1 -', 'end u1']);
  });

  it('does nothing before the orders module is attached', async () => {
    const hooks = connectionHooks(silent);
    hooks.saved('u1');
    await expect(hooks.beforeWorkspaceDelete('u1', 'w1')).resolves.toBeUndefined();
    await hooks.idle();
  });
});
