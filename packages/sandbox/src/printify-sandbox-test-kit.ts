import { afterEach } from 'vitest';
import {
  type PrintifySandbox,
  type PrintifySandboxOptions,
  startPrintifySandbox,
} from './printify-sandbox.ts';

/** For tests: a `start(options)` of Printify sandboxes that are all closed after each test. */
export function usePrintifySandboxes() {
  const started: PrintifySandbox[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
  });
  return async function start(options: PrintifySandboxOptions = {}) {
    const sandbox = await startPrintifySandbox(options);
    started.push(sandbox);
    return sandbox;
  };
}
