import { benchGive, type Figure } from './give.js';
import { CONNECTIONS, countQueries, SECONDS } from './load.js';
import {
  benchPurchases,
  BUYERS,
  PGBENCH_CLIENTS,
  PURCHASE_SECONDS,
  type PurchaseFigure,
} from './purchase.js';
import { benchDistrict, districtSize, printDistrict } from './district.js';
import { benchMorning, printMorning } from './morning.js';
import { benchReads, type ReadFigure } from './read.js';
import { benchReports, printReports } from './reports.js';
import { benchSignIns, printSignIns } from './sign-ins.js';
import { benchDatabase } from './setup.js';
import { benchScan, printScan } from './scan.js';
import { benchVitals, printVitals } from './vitals.js';
import { benchWeb, printWeb, webBenchUnavailable } from './web.js';
import { benchTargets } from './targets.js';

/**
 * Benchmarks, each printed against a baseline measured in the same run on the same machine:
 * read calls against a bare Fastify hello world, gives against plain SQL inserts.
 * PGlite always; PostgreSQL too when DATABASE_URL is set or a server answers on 127.0.0.1:5432.
 */
const targets = await benchTargets();
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

const printReads = (label: string, figures: ReadFigure[]) => {
  console.log(
    `\n${label}: read calls (goal: 25% of bare each; bare measured just before each line)`,
  );
  for (const f of figures)
    console.log(
      `  ${f.name.padEnd(34)} ${num(f.rps).padStart(7)} req/s  ${(((100 * f.rps) / f.bare.rps).toFixed(1) + '%').padStart(6)} of bare (${num(f.bare.rps).padStart(6)} req/s)  p99 ${num(f.p99Ms).padStart(5)} ms  ${f.queriesPerRequest.toFixed(2)} queries/request`,
    );
};

const printGives = (label: string, figures: Figure[]) => {
  console.log(`\n${label}: gives`);
  for (const f of figures)
    console.log(
      `  ${f.name.padEnd(34)} ${f.ms.toFixed(1).padStart(8)} ms  ${f.perActivityUs.toFixed(0).padStart(6)} µs/activity  baseline (plain SQL insert) ${f.baselineMs.toFixed(1).padStart(7)} ms  ratio ${f.ratio.toFixed(2)}x`,
    );
};

const printPurchases = (label: string, f: PurchaseFigure) => {
  console.log(
    `\n${label}: purchases (${BUYERS} students buying at once for ${PURCHASE_SECONDS} s, the app's pool of 10 connections)`,
  );
  console.log(
    `  ${'POST order (one item)'.padEnd(30)} ${num(f.ordersPerSecond).padStart(7)} orders/s  p99 ${num(f.p99Ms).padStart(5)} ms  failed ${f.failed}  books balance: ${f.booksBalance ? 'yes' : 'NO'}`,
  );
  console.log(
    `  ${`pgbench TPC-B-like, ${PGBENCH_CLIENTS} clients`.padEnd(30)} ${num(f.pgbenchTps).padStart(7)} tps`,
  );
  console.log(
    `  ratio ${((100 * f.ordersPerSecond) / f.pgbenchTps).toFixed(1)}% of pgbench  (server CPU ${f.serverCpuMsPerOrder.toFixed(2)} ms per order)`,
  );
};

countQueries();
if (runs('reads'))
  console.log(
    `Read calls: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, the app in this process on the demo school;`,
  );
if (runs('reads'))
  console.log(
    'a bare Fastify hello world is loaded the same way just before each call (the machine is shared);',
  );
if (runs('reads'))
  console.log(
    '"bare Fastify + one select 1" sends one prepared statement through the same pool: the ceiling of a one-statement read.',
  );
if (runs('reads'))
  console.log(
    "Each read twice: with the server's default, where a kept answer's one statement is the marker that proves no change to its school is on its way (docs/decisions/120-answer-cache.md), and with every answer computed by the database.",
  );

for (const t of targets) {
  if (runs('reads'))
    for (const answerCache of [true, false]) {
      const reads = await benchDatabase(t.url, 'default'); // the server's own pool size
      try {
        printReads(
          answerCache
            ? `${t.label}, the server's default (answers kept ANSWER_CACHE_SECONDS while the school is unchanged)`
            : `${t.label}, every answer from the database (ANSWER_CACHE_SECONDS=0)`,
          await benchReads(reads, { answerCache }),
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
