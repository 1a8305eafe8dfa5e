import { rmSync } from 'node:fs';

/** Removes the run's data directory (made in playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('podflow-e2e-')) rmSync(dir, { recursive: true, force: true });
}
