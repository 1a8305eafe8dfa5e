import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys } from './config.ts';

/**
 * The Dockerfile and compose.yaml cannot be run here (no Docker engine): they are read and held
 * against what they must agree with: the workspaces, the variables config.ts reads, the roles.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      command?: string[];
      environment?: Record<string, string>;
      deploy?: { replicas?: number };
      stop_grace_period?: string;
      depends_on?: Record<string, { condition: string }>;
    }
  >;
};

/** Every workspace folder (root package.json's globs, one level deep) with its package.json. */
function workspaces(): string[] {
  const globs = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  return globs.flatMap((glob) => {
    const parent = glob.replace(/\/\*$/, '');
    return readdirSync(path.join(root, parent))
      .map((name) => `${parent}/${name}`)
      .filter((folder) => existsSync(path.join(root, folder, 'package.json')));
  });
}

describe('the Dockerfile', () => {
  it("copies every workspace's manifest before npm ci, so the install sees every package", () => {
    const install = dockerfile.indexOf('RUN npm ci');
    expect(install).toBeGreaterThan(0);
    for (const folder of workspaces()) {
      const copy = dockerfile.indexOf(`COPY ${folder}/package.json ${folder}/`);
      expect(copy, folder).toBeGreaterThan(0);
      expect(copy, folder).toBeLessThan(install);
    }
  });

  it('runs as a non-root user, checks its health on /healthz and starts the server', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.indexOf('USER node')).toBeGreaterThan(dockerfile.indexOf('RUN npm run build'));
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/src\/main\.ts"\]$/m);
    expect(dockerfile).toMatch(/APP_SECRET/);
  });
});

describe('compose.yaml', () => {
  const podflow = Object.entries(compose.services).filter(([, service]) => service.image === 'podflow');

  it('runs PostgreSQL, Redis, S3 storage, a migrate step, one api and two workers of one image', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'migrate', 'api', 'worker']),
    );
    expect(podflow.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    expect(podflow.every(([, service]) => service.build === '.')).toBe(true);
    expect(compose.services.api!.environment!.ROLE).toBe('api');
    expect(compose.services.worker!.environment!.ROLE).toBe('worker');
    expect(compose.services.worker!.deploy!.replicas).toBe(2);
    expect(compose.services.migrate!.command).toEqual(['node', 'apps/server/src/migrate.ts']);
    expect(existsSync(path.join(root, 'apps/server/src/migrate.ts'))).toBe(true);
  });

  it('sets only variables the configuration reads, and one APP_SECRET for every process', () => {
    for (const [name, service] of podflow) {
      const environment = service.environment ?? {};
      expect(
        Object.keys(environment).filter((key) => !configKeys.includes(key)),
        name,
      ).toEqual([]);
      expect(environment.APP_SECRET, name).toMatch(/^\$\{APP_SECRET:\?/);
      expect(environment).toMatchObject({ STORAGE: 's3', NODE_ENV: 'production' });
      expect(environment.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(environment.REDIS_URL, name).toBe('redis://redis:6379');
    }
  });

  it('lets the api and the workers stop within their grace period before compose kills them', () => {
    for (const name of ['api', 'worker']) {
      const service = compose.services[name]!;
      const grace = Number(service.environment?.SHUTDOWN_GRACE_SECONDS);
      expect(grace, name).toBeGreaterThan(0);
      const killAfter = /^(\d+)s$/.exec(service.stop_grace_period ?? '');
      expect(killAfter, `${name} stop_grace_period in seconds`).not.toBeNull();
      // Compose's own limit must leave the process time to exit by itself.
      expect(Number(killAfter![1]), name).toBeGreaterThanOrEqual(grace + 3);
    }
  });

  it('starts the api and the workers only after the migration, Redis and the bucket', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]!.depends_on, name).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
    expect(compose.services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });
});
