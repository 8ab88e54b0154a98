import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase } from '../db/client.js';

/*
 * Several API servers on one PostgreSQL behind HAProxy (docs/decisions/099-three-servers-behind-haproxy.md):
 * `npm run cluster -- 3` and the cluster tests start them through here. Every server is the
 * ordinary `apps/server/src/main.ts` on a loopback port; HAProxy (Debian's, installed by
 * scripts/ensure-haproxy.sh) is the one address, with health checks on GET /api/v1/status.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';
const STARTUP_TIMEOUT_MS = 90_000;
const OUTPUT_LIMIT = 20_000;

export interface ClusterOptions {
  /** How many API servers. */
  servers: number;
  /** The PostgreSQL database they share (postgres://…). */
  databaseUrl: string;
  /** Where HAProxy listens. */
  host: string;
  port: number;
  /** The servers' own loopback ports, one each. */
  serverPorts: number[];
  /** Added to every server's environment (after this process's own). */
  env?: NodeJS.ProcessEnv;
  /** PgBouncer (transaction pooling) between the servers and PostgreSQL, on this port. */
  pgbouncerPort?: number;
  /** Each line a server, HAProxy or PgBouncer prints, with its name. */
  onOutput?: (name: string, line: string) => void;
}

interface ClusterServer {
  name: string;
  port: number;
  url: string;
  /** What it printed since its last start (its last 20,000 characters). */
  output(): string;
  /** Sends a signal (SIGKILL: the fault tests); resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again after it exited, and waits until it answers. */
  restart(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: the one the clients use. */
  url: string;
  servers: ClusterServer[];
  /** The database URL the servers were given (PgBouncer's when it is in front). */
  serverDatabaseUrl: string;
  stop(): Promise<void>;
}

/** Why this database cannot carry a cluster, or null. */
export function clusterDatabaseRefusal(databaseUrl: string | undefined): string | null {
  if (!databaseUrl)
    return (
      'DATABASE_URL is not set. Several servers cannot share the embedded database (PGlite lives ' +
      'inside one server process, with its data directory locked to it): set DATABASE_URL to a ' +
      'PostgreSQL database, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.'
    );
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    return 'DATABASE_URL must start with postgres:// (a PostgreSQL server).';
  return null;
}

/** HAProxy's configuration: round robin over the servers, health-checked on the status call. */
export function haproxyConfig(opts: { host: string; port: number; serverPorts: number[] }): string {
  const bind = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    // X-Forwarded-For carries the client's address to the servers (they trust loopback: TRUST_PROXY).
    '  option forwardfor',
    // A connection refused by a server that just died is tried again, on another server; only the
    // connection is retried (HAProxy's default retry-on), never a request a server may have
    // started: a purchase must not run twice.
    '  retries 3',
    '  option redispatch',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout check 2s',
    'frontend cluster',
    `  bind ${bind}:${opts.port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /api/v1/status',
    '  http-check expect status 200',
    // Down after two failed checks half a second apart; back after two good ones.
    '  default-server check inter 500ms fall 2 rise 2',
    ...opts.serverPorts.map((p, i) => `  server s${i + 1} 127.0.0.1:${p}`),
    '',
  ].join('\n');
}

/**
 * Why this PgBouncer cannot carry the servers in transaction pooling, or null. Before 1.21 it
 * forwards a named prepared statement (the servers prepare their hottest reads:
 * apps/server/src/db/prepared.ts) to whichever server connection is free, which answers
 * "prepared statement … already exists" or "… does not exist" (docs/decisions/099-three-servers-behind-haproxy.md).
 */
export function pgbouncerRefusal(versionText: string): string | null {
  const m = /PgBouncer (\d+)\.(\d+)/.exec(versionText);
  if (!m) return `cannot read PgBouncer's version from ${JSON.stringify(versionText.slice(0, 80))}`;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major > 1 || minor >= 21) return null;
  return (
    `PgBouncer ${major}.${minor} cannot carry the servers' named prepared statements in ` +
    'transaction pooling (they land on another server connection: "prepared statement … already ' +
    'exists" / "does not exist"); it needs 1.21 or later (max_prepared_statements).'
  );
}

/** PgBouncer (1.21+) in transaction pooling in front of the database in `databaseUrl`. */
function pgbouncerConfig(databaseUrl: string, port: number): string {
  const u = new URL(databaseUrl);
  const db = decodeURIComponent(u.pathname.slice(1) || 'postgres');
  const user = decodeURIComponent(u.username || 'postgres');
  return [
    '[databases]',
    `${db} = host=${u.hostname} port=${u.port || 5432} dbname=${db} user=${user}${u.password ? ` password=${decodeURIComponent(u.password)}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = any',
    'pool_mode = transaction',
    // Protocol-level named prepared statements, tracked per client (PgBouncer 1.21+).
    'max_prepared_statements = 200',
    'log_connections = 0',
    'log_disconnections = 0',
    'default_pool_size = 20',
    'max_client_conn = 500',
    'ignore_startup_parameters = extra_float_digits,options',
    '',
  ].join('\n');
}

interface Child {
  output(): string;
  process: ChildProcess;
}

function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onOutput?: (name: string, line: string) => void,
): Child {
  let output = '';
  let partial = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_LIMIT);
    if (!onOutput) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onOutput(name, line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // A failed spawn (no such program) shows as an exit; the waiter reports the output.
  child.on('error', (err) => (output += `\n${err.message}`));
  return { output: () => output, process: child };
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 10_000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
  }
}

/** Waits until `url` answers 200 (or the process exits: then throws with what it printed). */
async function waitForStatus(url: string, child?: Child): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && exited(child.process))
      throw new Error(
        `exited (${child.process.exitCode ?? child.process.signalCode}) before answering:\n${child.output()}`,
      );
    try {
      const res = await fetch(`${url}/api/v1/status`, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${url} did not answer /api/v1/status within ${STARTUP_TIMEOUT_MS / 1000} s (${last})`,
  );
}

/** Waits until a TCP port accepts connections (PgBouncer's). */
async function waitForPort(port: number, child: Child): Promise<void> {
  const net = await import('node:net');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exited(child.process)) throw new Error(`exited before listening:\n${child.output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`did not listen on ${port} within 10 s:\n${child.output()}`);
}

/**
 * Starts the cluster: migrates the database once, starts the servers one after the other (the
 * first seeds an empty database when SEED_DEMO says so; no two seed at once), then HAProxy, and
 * waits until HAProxy answers. Throws (having stopped what it started) when anything fails.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const refusal = clusterDatabaseRefusal(opts.databaseUrl);
  if (refusal) throw new Error(refusal);
  if (opts.serverPorts.length !== opts.servers)
    throw new Error(`${opts.servers} servers need ${opts.servers} ports`);
  if (!existsSync(HAPROXY))
    throw new Error(`HAProxy is not installed at ${HAPROXY}: run bash scripts/ensure-haproxy.sh`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'cluster-'));
  const children: ChildProcess[] = [];
  const servers: ClusterServer[] = [];
  let haproxy: Child | null = null;
  let pgbouncer: Child | null = null;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (haproxy) await stopChild(haproxy.process);
    await Promise.all(servers.map((s) => s.stop()));
    if (pgbouncer) await stopChild(pgbouncer.process);
    await rm(dir, { recursive: true, force: true });
  };

  try {
    // Once, before any server: the servers' own migration then finds nothing to do.
    const database = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }

    let serverDatabaseUrl = opts.databaseUrl;
    if (opts.pgbouncerPort) {
      pgbouncer = await startPgbouncer(opts, opts.pgbouncerPort, dir);
      children.push(pgbouncer.process);
      await waitForPort(opts.pgbouncerPort, pgbouncer);
      const u = new URL(opts.databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(opts.pgbouncerPort);
      serverDatabaseUrl = u.toString();
    }

    const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${opts.port}`;
    for (let i = 0; i < opts.servers; i++) {
      const { server, start } = clusterServer(opts, i, { dir, url, serverDatabaseUrl }, children);
      servers.push(server);
      await start();
    }

    haproxy = await startHaproxy(opts, dir);
    children.push(haproxy.process);
    await waitForStatus(url, haproxy);
    return { url, servers, serverDatabaseUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    // Whatever happens to this process, its children do not outlive it.
    process.once('exit', () => {
      for (const c of children) if (!exited(c)) c.kill('SIGKILL');
    });
  }
}

/** PgBouncer between the servers and the database, from a configuration written into `dir`. */
async function startPgbouncer(opts: ClusterOptions, port: number, dir: string): Promise<Child> {
  if (!existsSync(PGBOUNCER))
    throw new Error(`PgBouncer is not installed at ${PGBOUNCER}: apt-get install -y pgbouncer`);
  const version = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' });
  const tooOld = pgbouncerRefusal(`${version.stdout}${version.stderr}`);
  if (tooOld) throw new Error(tooOld);
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(ini, pgbouncerConfig(opts.databaseUrl, port), { mode: 0o644 });
  // PgBouncer refuses to run as root: there it drops to the postgres user, who must read the file.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const pgbArgs = asRoot ? ['-u', 'postgres', ini] : [ini];
  return startChild('pgbouncer', PGBOUNCER, pgbArgs, { ...process.env }, opts.onOutput);
}

/** The i-th server: its environment, and how to start it (again). */
function clusterServer(
  opts: ClusterOptions,
  i: number,
  { dir, url, serverDatabaseUrl }: { dir: string; url: string; serverDatabaseUrl: string },
  children: ChildProcess[],
): { server: ClusterServer; start: () => Promise<void> } {
  const name = `s${i + 1}`;
  const port = opts.serverPorts[i]!;
  const webDist = process.env.WEB_DIST;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // A data directory each, as on machines of their own: nothing may rest on a shared disk.
    DATA_DIR: path.join(dir, name),
    ...(webDist ? { WEB_DIST: webDist } : {}),
    PUBLIC_URL: url,
    // Behind HAProxy: its X-Forwarded-For names the client (rate limits count per address).
    TRUST_PROXY: 'loopback',
    ...opts.env,
    DATABASE_URL: serverDatabaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  let current: Child | null = null;
  const start = async () => {
    current = startChild(name, process.execPath, ['--import', 'tsx', MAIN], env, opts.onOutput);
    children.push(current.process);
    try {
      await waitForStatus(`http://127.0.0.1:${port}`, current);
    } catch (err) {
      throw new Error(`server ${name} ${(err as Error).message}`);
    }
  };
  const server: ClusterServer = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => current?.output() ?? '',
    async kill(signal) {
      if (!current) return;
      current.process.kill(signal);
      await waitForExit(current.process, 10_000);
    },
    async restart() {
      if (current && !exited(current.process)) throw new Error(`server ${name} is still running`);
      await start();
    },
    async stop() {
      if (current) await stopChild(current.process);
    },
  };
  return { server, start };
}

/** HAProxy in front of the servers, its configuration checked first. */
async function startHaproxy(opts: ClusterOptions, dir: string): Promise<Child> {
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(opts));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`HAProxy refused its configuration:\n${check.stdout}${check.stderr}`);
  // -db: stay in the foreground, so this process owns it and stops it.
  return startChild('haproxy', HAPROXY, ['-db', '-f', cfg], { ...process.env }, opts.onOutput);
}
