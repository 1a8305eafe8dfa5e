import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];
const builtIndex = 'apps/web/dist/index.html';

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Builds the web app when its build is missing or older than its sources; exits on failure. */
export function ensureWebBuild(): void {
  if (existsSync(builtIndex) && Math.max(...sources.map(newestChange)) <= statSync(builtIndex).mtimeMs)
    return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', '--silent', 'build', '--workspace', '@podflow/web'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
