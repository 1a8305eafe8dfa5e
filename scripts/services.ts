import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** The Debian packages the test suites and benches need, with a file that proves each is there. */
const debianPackages: Record<string, string> = {
  chromium: '/usr/bin/chromium',
  postgresql: '/usr/lib/postgresql',
  'redis-server': '/usr/bin/redis-server',
  imagemagick: '/usr/bin/convert-im6.q16',
};

/** Installs the missing Debian packages when running as root; otherwise fails naming them. */
export function ensureDebianPackages(): void {
  const missing = Object.entries(debianPackages)
    .filter(([, probe]) => !existsSync(probe))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (userInfo().uid !== 0) {
    throw new Error(
      `Missing Debian packages: ${missing.join(', ')}. Install them: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.log(`Installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Service = {
  url: string;
  stop: () => void;
  /** The server's process, where the suite started one. */ pid?: number;
};

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('PostgreSQL is not installed under /usr/lib/postgresql');
  return path.join(root, version, 'bin', name);
}

/** A throw-away PostgreSQL cluster on a loopback port (trust auth, no fsync). */
export async function startPostgres(): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-pg-'));
  const asRoot = userInfo().uid === 0;
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run(postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(postgresBin('pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(postgresBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A throw-away Redis on a loopback port, without persistence; answers PING before returning. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  await launchRedis(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => void spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']),
  };
}

/** Starts a Redis without persistence on `port` (daemonized) and waits until it answers PING. */
export async function launchRedis(port: number | string): Promise<void> {
  execFileSync('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
  ]);
  for (let i = 0; i < 50; i += 1) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout.trim() === 'PONG') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Redis did not answer PING on port ${port}`);
}

/**
 * A throw-away S3-compatible server (s3rver, an npm devDependency: no Debian package needed) on a
 * loopback port over a temp folder; tests create their own buckets in it. Answers once it listens.
 */
export async function startS3(): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-s3-'));
  const script = path.join(import.meta.dirname, 's3-server.ts');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`The S3 server (s3rver) stopped at start (exit ${code})`)));
    setTimeout(() => reject(new Error('The S3 server (s3rver) did not start within 20 s')), 20_000).unref();
  }).catch((error: unknown) => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  child.stdout.removeAllListeners('data').resume();
  child.removeAllListeners('exit');
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
