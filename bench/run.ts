import { benchGive, type Figure } from './give.js';
import { CONNECTIONS, countQueries } from './load.js';
import {
  benchPurchases,
  BUYERS,
  PGBENCH_CLIENTS,
  PURCHASE_SECONDS,
  type PurchaseFigure,
} from './purchase.js';
import { benchDistrict, districtSize, printDistrict } from './district.js';
import { benchMorning, printMorning } from './morning.js';
import { benchReads, READ_RUNS, READ_SECONDS, SESSIONS, type ReadFigures } from './read.js';
import { benchReports, printReports } from './reports.js';
import { benchSignIns, printSignIns } from './sign-ins.js';
import { benchDatabase } from './setup.js';
import { benchScan, printScan } from './scan.js';
import { benchVitals, printVitals } from './vitals.js';
import { benchWeb, printWeb, webBenchUnavailable } from './web.js';
import { benchTargets } from './targets.js';
import { formatSpread, spreadOf } from './spread.js';

/** `--name=value` options: `--calls=periods,balance` (reads whose names hold a word), `--cache=off|on`, `--db=postgres|pglite`. */
const option = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
/**
 * Benchmarks, each printed against a baseline measured in the same run on the same machine:
 * read calls against a bare Fastify hello world or one prepared statement, gives against plain
 * SQL inserts, purchases against pgbench. PGlite always; PostgreSQL too when DATABASE_URL is set
 * or a server answers on 127.0.0.1:5432 (`--db=` picks one).
 */
const targets = (await benchTargets()).filter(
  (t) => !option('db') || option('db') === (t.url ? 'postgres' : 'pglite'),
);
/**
 * `npm run bench -- reports web` runs only the named sections; no names runs them all.
 * `district` runs only when named (it builds a district of 200 schools: minutes), with
 * `--schools=N --students=M` to change its size.
 */
const SECTIONS = [
  'reads',
  'gives',
  'purchases',
  'reports',
  'sign-ins',
  'morning',
  'web',
  'scan',
  'district',
] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length)
  throw new Error(
    `Unknown bench section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`,
  );
const runs = (section: (typeof SECTIONS)[number]) =>
  asked.includes(section) || (asked.length === 0 && section !== 'district');

const num = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const printReads = (label: string, r: ReadFigures) => {
  const ceiling = r.baseline === 'one statement';
  const against = ceiling
    ? `one prepared select 1 (a bare Fastify, ${r.baselineWhere})`
    : 'bare Fastify hello world';
  console.log(
    `\n${label}: read calls, ${SESSIONS} sessions taking turns; median (min–max) of ${READ_RUNS} runs, each against the ${against} loaded just before it (goal: ${ceiling ? '40% of one statement' : '25% of bare'} each)`,
  );
  for (const f of r.figures) {
    const rps = spreadOf(f.runs.map((x) => x.rps));
    const ratio = spreadOf(f.runs.map((x) => (100 * x.rps) / x.baseline.rps));
    const base = spreadOf(f.runs.map((x) => x.baseline.rps));
    const p99 = spreadOf(f.runs.map((x) => x.p99Ms));
    const first = f.name.startsWith('one prepared');
    console.log(
      `  ${f.name.padEnd(34)} ${num(rps.median).padStart(7)} req/s  ${formatSpread(ratio, (n) => `${n.toFixed(1)}%`).padStart(21)} of ${first ? 'bare' : ceiling ? 'one statement' : 'bare'} (${num(base.median).padStart(6)} req/s)  p99 ${num(p99.median).padStart(4)} ms  ${f.queriesPerRequest.toFixed(2)} queries/request`,
    );
  }
};

const printGives = (label: string, figures: Figure[]) => {
  console.log(`\n${label}: gives`);
  for (const f of figures)
    console.log(
      `  ${f.name.padEnd(34)} ${f.ms.toFixed(1).padStart(8)} ms  ${f.perActivityUs.toFixed(0).padStart(6)} µs/activity  baseline (plain SQL insert) ${f.baselineMs.toFixed(1).padStart(7)} ms  ratio ${f.ratio.toFixed(2)}x`,
    );
};

const printPurchases = (label: string, f: PurchaseFigure) => {
  const of = (pick: (r: PurchaseFigure['runs'][number]) => number) => spreadOf(f.runs.map(pick));
  console.log(
    `\n${label}: purchases (${BUYERS} students buying at once for ${PURCHASE_SECONDS} s, the app's pool of 10 connections; ${f.runs.length} runs, each beside its own pgbench run: median (min–max))`,
  );
  const failed = f.runs.reduce((n, r) => n + r.failed, 0);
  const balanced = f.runs.filter((r) => r.booksBalance).length;
  console.log(
    `  ${'POST order (one item)'.padEnd(30)} ${formatSpread(
      of((r) => r.ordersPerSecond),
      (n) => num(n),
    )} orders/s  p99 ${formatSpread(
      of((r) => r.p99Ms),
      (n) => num(n),
    )} ms  failed ${failed}  books balance: ${balanced === f.runs.length ? 'yes, after every run' : `NO (${f.runs.length - balanced} of ${f.runs.length} runs)`}`,
  );
  console.log(
    `  ${`pgbench TPC-B-like, ${PGBENCH_CLIENTS} clients`.padEnd(30)} ${formatSpread(
      of((r) => r.pgbenchTps),
      (n) => num(n),
    )} tps`,
  );
  console.log(
    `  ratio ${formatSpread(
      of((r) => (100 * r.ordersPerSecond) / r.pgbenchTps),
      (n) => `${n.toFixed(1)}%`,
    )} of pgbench  (goal 30%)  server CPU ${formatSpread(
      of((r) => r.serverCpuMsPerOrder),
      (n) => n.toFixed(2),
    )} ms per order (goal 0.8)`,
  );
};

countQueries();
const onlyCalls = (option('calls') ?? '').split(',').filter(Boolean);
const cachePasses = [true, false].filter(
  (on) => !option('cache') || option('cache') === (on ? 'on' : 'off'),
);
if (runs('reads'))
  console.log(
    `Read calls: autocannon, ${CONNECTIONS} connections, ${SESSIONS} sessions taking turns (each connection goes round them all), ${READ_SECONDS} s each, ${READ_RUNS} runs; the app in this process on the demo school.`,
  );
if (runs('reads'))
  console.log(
    "Each read twice: with the server's default, where a kept answer's one statement is the marker that proves no change to its school is on its way (docs/decisions/120-answer-cache.md), against a bare Fastify hello world; and with every answer computed by the database, against a bare Fastify sending one prepared `select 1` (the ceiling of a one-statement read).",
  );
if (runs('reads'))
  console.log(
    'Each baseline is loaded the same way just before each run of each read (the machine is shared).',
  );

for (const t of targets) {
  if (runs('reads'))
    for (const answerCache of cachePasses) {
      const reads = await benchDatabase(t.url, 'default'); // the server's own pool size
      try {
        printReads(
          answerCache
            ? `${t.label}, the server's default (answers kept ANSWER_CACHE_SECONDS while the school is unchanged)`
            : `${t.label}, every answer from the database (ANSWER_CACHE_SECONDS=0)`,
          await benchReads(reads, { answerCache, only: onlyCalls }),
        );
      } finally {
        await reads.close();
      }
    }
  if (runs('gives')) {
    const gives = await benchDatabase(t.url);
    try {
      printGives(t.label, await benchGive(gives));
    } finally {
      await gives.close();
    }
  }
  if (t.url && runs('purchases')) {
    const store = await benchDatabase(t.url, 'default');
    try {
      printPurchases(t.label, await benchPurchases(store, t.url));
    } finally {
      await store.close();
    }
  }
  if (runs('sign-ins')) {
    const morning = await benchDatabase(t.url, 'default');
    try {
      printSignIns(t.label, await benchSignIns(morning));
    } finally {
      await morning.close();
    }
  }
  if (t.url && runs('morning')) {
    // A school's morning and lunch rush (MORNING_SECONDS and LUNCH_SECONDS shorten it).
    const school = await benchDatabase(t.url, 'default');
    try {
      printMorning(t.label, await benchMorning(school));
    } finally {
      await school.close();
    }
  }
  if (t.url && runs('reports')) {
    // A year of a 2,000-student school (~3.6 million activities) in its own scratch database.
    const year = await benchDatabase(t.url, 'default');
    try {
      printReports(t.label, await benchReports(year));
    } finally {
      await year.close();
    }
  }
  if (t.url && runs('district'))
    printDistrict(t.label, await benchDistrict(t.url, districtSize(process.argv.slice(2))));
}

// The student home page in Chromium: its JavaScript against the budget, its LCP against a static file's.
if (runs('web')) {
  const webSkipped = webBenchUnavailable();
  if (webSkipped) console.log(`\nStudent home page: not measured (${webSkipped})`);
  else {
    printWeb(await benchWeb());
    // The student home and the class page on a mid-range phone profile (issue 35).
    printVitals(await benchVitals());
  }
}

// Scan to give on a mid-range phone profile, online and offline (issue 35).
if (runs('scan')) {
  const skipped = webBenchUnavailable();
  if (skipped) console.log(`\nScan to give: not measured (${skipped})`);
  else printScan(await benchScan());
}
