/**
 * `npm start`: builds the web app when its build is missing or stale, then runs the server in
 * this process (embedded defaults: SQLite and files under ./data, port 8080).
 */
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
await import('../apps/server/src/main.ts');
