import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../../scripts/services.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));

/** One server process of a fleet (apps/server/src/main.ts), by the name the test gave it. */
export type FleetProcess = {
  name: string;
  url: string;
  pid: number;
  /** Resolves when the process exits, with its code or signal and when (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
};

type Running = FleetProcess & {
  child: ChildProcess;
  env: Record<string, string>;
  /** The test stops this process itself: its exit is expected. */
  stopping: boolean;
  /** The last lines it printed (pino logs and stderr), shown when it exits unexpectedly. */
  tail: string[];
};

/** Settings every process of a test fleet shares: quiet logs, no web build, no rate limits in the way. */
export function fleetEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST_DIR: path.join(tmpdir(), 'podflow-no-web-build'),
  };
}

/**
 * Server processes started, killed and restarted by a test. Every process that exits without the
 * test stopping it is recorded (with its last lines) for `takeUnexpectedExits`, which a suite
 * asserts empty after each scenario.
 */
export class Fleet {
  private readonly processes = new Map<string, Running>();
  private readonly dataDirs: string[] = [];
  private unexpected: string[] = [];
  private readonly shared: Record<string, string>;

  constructor(shared: Record<string, string>) {
    this.shared = shared;
  }

  /** Starts main.ts with the shared settings and `env` on a free port; resolves once /healthz answers. */
  async start(name: string, env: Record<string, string>): Promise<FleetProcess> {
    const port = await freePort();
    const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), `podflow-${name}-`));
    if (!env.DATA_DIR) this.dataDirs.push(dataDir);
    const fullEnv = { DATA_DIR: dataDir, ...this.shared, ...env };
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, ...fullEnv, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running: Running = {
      name,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid ?? 0,
      child,
      env,
      stopping: false,
      tail: [],
      exited: new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
      ),
    };
    const keep = (chunk: Buffer) => {
      running.tail.push(...chunk.toString().split('\n').filter(Boolean));
      running.tail.splice(0, Math.max(0, running.tail.length - 40));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void running.exited.then(({ code, signal }) => {
      if (running.stopping) return;
      this.unexpected.push(
        `${name} (pid ${running.pid}) exited by itself (${signal ?? `code ${code}`}):\n${running.tail.join('\n')}`,
      );
    });
    this.processes.set(name, running);
    await this.healthy(running);
    return running;
  }

  private async healthy(running: Running): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (running.child.exitCode !== null) break;
      try {
        if ((await fetch(`${running.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${running.name} did not answer /healthz within 30 s:\n${running.tail.join('\n')}`);
  }

  get(name: string): FleetProcess {
    const running = this.processes.get(name);
    if (!running) throw new Error(`no process named ${name}`);
    return running;
  }

  /** Sends `signal` (SIGKILL by default) and waits for the exit; answers it and the ms it took. */
  async stop(name: string, signal: NodeJS.Signals = 'SIGKILL') {
    const running = this.processes.get(name);
    if (!running) throw new Error(`no process named ${name}`);
    running.stopping = true;
    const sent = performance.now();
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
    const exit = await running.exited;
    return { ...exit, ms: exit.at - sent };
  }

  /** Starts a stopped process again under its name, with the environment it had (a new port). */
  async restart(name: string): Promise<FleetProcess> {
    const running = this.processes.get(name);
    if (!running) throw new Error(`no process named ${name}`);
    if (!running.stopping) throw new Error(`${name} is still running`);
    return this.start(name, running.env);
  }

  /** The value of a gauge or counter on one process's /metrics, summed over series matching `labels`. */
  async metric(name: string, metric: string, labels: Record<string, string> = {}): Promise<number> {
    const text = await (await fetch(`${this.get(name).url}/metrics`)).text();
    let sum = 0;
    for (const line of text.split('\n')) {
      const match = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== metric) continue;
      const has = Object.entries(labels).every(([k, v]) => match[2]?.includes(`${k}="${v}"`));
      if (has) sum += Number(match[3]);
    }
    return sum;
  }

  /** The exits no test asked for since the last call, each with the process's last lines. */
  takeUnexpectedExits(): string[] {
    const taken = this.unexpected;
    this.unexpected = [];
    return taken;
  }

  /** Starts again every process that is not running (after a scenario, so the next finds the fleet whole). */
  async restartStopped(): Promise<void> {
    const stopped = [...this.processes.values()].filter(
      (p) => p.child.exitCode !== null || p.child.signalCode !== null,
    );
    await Promise.all(stopped.map((p) => this.start(p.name, p.env)));
  }

  /** Kills every process still running and removes the data folders the fleet made. */
  async close(): Promise<void> {
    await Promise.all([...this.processes.keys()].map((name) => this.stop(name)));
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
