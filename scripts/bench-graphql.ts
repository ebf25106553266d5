/**
 * GraphQL data API benchmark (`npm run bench:graphql`): the emulator's
 * project GraphQL endpoint side by side with PostGraphile 4.14 over HTTP, on
 * the same throwaway PostgreSQL server and the same database (the emulator
 * project's), plus the emulator on embedded PGlite.
 *
 * Workloads (8 concurrent connections, autocannon):
 *   1. a page of 10 rows with cursors and pageInfo
 *   2. one row found by an equality filter on a non-key column
 *   3. a two-level nested relation: 10 accounts → 5 blogs each → their posts
 *   4. three levels, to-many and to-one mixed, with `first` and a filter on
 *      the inner connections: accounts → 3 blogs (→ their owner) → 2
 *      published posts (→ their blog)
 *
 * PostGraphile runs with `--default-role service_role`, so each of its
 * requests is a transaction under a role too; the emulator is called with
 * the project's service_role key. Both servers run in their own processes;
 * the load generator runs in this one.
 *
 * `--compare <git-ref>` also runs the emulator of another head (checked out
 * and installed in a temporary worktree, see bench-worktree.ts) against the
 * same PostgreSQL server, seeded by this script, in the same alternating
 * rounds; it prints each workload's ratio to that head as well, and exits
 * with status 1 when a workload falls more than 10% below it.
 *
 * Round trips and SQL statements per request are counted in a separate,
 * sequential phase in which each server reaches PostgreSQL through its own
 * small TCP proxy that reads the frontend protocol (pg-count-proxy.ts). The
 * throughput phase connects directly, without the proxies.
 *
 * PostGraphile and autocannon live in bench/package.json, outside the main
 * dependencies; they are installed there on first use. Each measurement
 * runs for BENCH_SECONDS (default 5), BENCH_ROUNDS times (default 2), and
 * only against 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as diagnostics from "node:diagnostics_channel";
import * as fs from "node:fs";
import type { ServerResponse } from "node:http";
import * as net from "node:net";
import * as path from "node:path";
import * as readline from "node:readline";
import { findPgBin, testPostgres, type TestPostgres } from "../harness/postgres";
import { checkOutOtherHead, type OtherHead } from "./bench-worktree";
import { countingProxy, type Counts } from "./pg-count-proxy";

const SEED = [
  `create table account (id serial primary key, email text not null, created_at timestamptz default now())`,
  `create table blog (id serial primary key, owner_id int not null references account(id), title text not null)`,
  `create table post (id serial primary key, blog_id int not null references blog(id), body text not null, published boolean not null)`,
  `insert into account (email) select 'user' || g || '@x.com' from generate_series(1, 200) g`,
  `insert into blog (owner_id, title) select a, 'blog ' || a || '.' || b from generate_series(1, 200) a, generate_series(1, 5) b`,
  `insert into post (blog_id, body, published) select bl, 'post ' || p, p <> 2 from generate_series(1, 1000) bl, generate_series(1, 3) p`,
  `create index on blog (owner_id)`,
  `create index on post (blog_id)`,
  `analyze`,
];

interface Workload {
  name: string;
  emulator: string;
  postgraphile: string;
  variables?: Record<string, unknown>;
}

const WORKLOADS: Workload[] = [
  {
    name: "page of 10 rows + cursors + pageInfo",
    emulator: `{ accountCollection(first: 10) { edges { cursor node { id email created_at } } pageInfo { hasNextPage endCursor } } }`,
    postgraphile: `{ allAccounts(first: 10) { edges { cursor node { id email createdAt } } pageInfo { hasNextPage endCursor } } }`,
  },
  {
    name: "one row by equality on a non-key column",
    emulator: `query($email: String!) { accountCollection(filter: {email: {eq: $email}}) { edges { node { id email created_at } } } }`,
    postgraphile: `query($email: String!) { allAccounts(condition: {email: $email}) { edges { node { id email createdAt } } } }`,
    variables: { email: "user42@x.com" },
  },
  {
    name: "nested: 10 parents × 5 children × theirs",
    emulator: `{ accountCollection(first: 10) { edges { node { id email blogCollection(first: 5) { edges { node { id title postCollection { edges { node { id body } } } } } } } } } }`,
    postgraphile: `{ allAccounts(first: 10) { edges { node { id email blogsByOwnerId(first: 5) { edges { node { id title postsByBlogId { edges { node { id body } } } } } } } } } }`,
  },
  {
    name: "deep: 3 levels, to-one + to-many, filter + first",
    emulator: `{ accountCollection(first: 10) { edges { node { id email blogCollection(first: 3) { edges { node { id title owner { id email } postCollection(first: 2, filter: {published: {eq: true}}) { edges { node { id body blog { id title } } } } } } } } } } }`,
    postgraphile: `{ allAccounts(first: 10) { edges { node { id email blogsByOwnerId(first: 3) { edges { node { id title accountByOwnerId { id email } postsByBlogId(first: 2, condition: {published: true}) { edges { node { id body blogByBlogId { id title } } } } } } } } } } }`,
  },
];

const BENCH_DIR = path.join(__dirname, "..", "bench");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));

interface Target {
  url: string;
  headers: Record<string, string>;
}

// ---------------------------------------------------------------------------
// Child mode: an emulator with one seeded project, in its own process.

/**
 * Requests whose handler has not answered yet. When the load generator stops,
 * it drops the requests it still has open, but the emulator goes on running
 * them; closing the emulator under them would fail each one with a stack
 * trace. So a stop waits for every handler to reach its answer first.
 */
function trackRequests(): () => Promise<void> {
  let inFlight = 0;
  const whenIdle: Array<() => void> = [];
  diagnostics.subscribe("http.server.request.start", (message) => {
    const response = (message as { response: ServerResponse }).response;
    inFlight++;
    const end = response.end;
    response.end = function (this: ServerResponse, ...args: unknown[]) {
      response.end = end;
      if (--inFlight === 0) whenIdle.splice(0).forEach((resolve) => resolve());
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["end"];
  });
  return () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(resolve)));
}

type Harness = typeof import("../harness/emulator");

/** The emulator of this head, or of the head checked out at BENCH_EMULATOR_ROOT (`--compare`). */
function harness(): Harness {
  const root = process.env.BENCH_EMULATOR_ROOT || path.join(__dirname, "..");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(root, "harness", "emulator")) as Harness;
}

async function serve(): Promise<void> {
  const requestsDone = trackRequests();
  const { startTestEmulator, readyProject } = harness();
  const emu = await startTestEmulator({
    postgresUrl: process.env.BENCH_POSTGRES_URL || undefined,
    rateLimit: { enabled: false },
  });
  const project = await readyProject(emu, "bench");
  for (const query of SEED) {
    const res = await emu.api("POST", `/v1/projects/${project.ref}/database/query`, { query });
    if (res.status >= 300) throw new Error(`seeding answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  process.stdout.write(
    `${JSON.stringify({ graphqlUrl: project.graphqlUrl, serviceKey: project.serviceKey, database: `proj_${project.ref}` })}\n`,
  );
  process.stdin.resume();
  const stop = (why: string) => () => {
    process.stderr.write(`[bench emulator] stopping: ${why}\n`);
    void requestsDone()
      .then(() => emu.close())
      .finally(() => process.exit(0));
  };
  process.stdin.on("end", stop("stdin closed"));
  process.on("SIGTERM", stop("SIGTERM"));
}

interface EmulatorChild {
  target: Target;
  database: string;
  child: ChildProcess;
}

async function startEmulatorChild(postgresUrl?: string, root?: string): Promise<EmulatorChild> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", __filename, "--serve"], {
    env: {
      ...process.env,
      BENCH_POSTGRES_URL: postgresUrl ?? "",
      BENCH_EMULATOR_ROOT: root ?? "",
      TS_NODE_TRANSPILE_ONLY: "true",
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the emulator exited early (code ${code})`)));
  });
  const info = JSON.parse(line) as { graphqlUrl: string; serviceKey: string; database: string };
  return {
    child,
    database: info.database,
    target: {
      url: info.graphqlUrl,
      headers: { apikey: info.serviceKey, authorization: `Bearer ${info.serviceKey}` },
    },
  };
}

// ---------------------------------------------------------------------------
// PostGraphile and autocannon from bench/.

function benchRequire<T>(name: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve(name, { paths: [BENCH_DIR] })) as T;
}

function ensureBenchDependencies(): void {
  if (fs.existsSync(path.join(BENCH_DIR, "node_modules", "postgraphile", "package.json"))) return;
  process.stderr.write("installing the benchmark's own dependencies (bench/package.json)…\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["ci", "--prefix", BENCH_DIR, "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm ci in bench/ failed");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, database: string, port?: number): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (port !== undefined) {
    u.hostname = "127.0.0.1";
    u.port = String(port);
  }
  return u.toString();
}

async function post(target: Target, query: string, variables?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(target.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: await res.json() };
}

async function startPostgraphile(dbUrl: string): Promise<{ target: Target; child: ChildProcess }> {
  const port = await freePort();
  const cli = require.resolve("postgraphile/cli.js", { paths: [BENCH_DIR] });
  const child = spawn(
    process.execPath,
    [cli, "-c", dbUrl, "-s", "public", "--default-role", "service_role", "-n", "127.0.0.1", "-p", String(port)],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } },
  );
  const target: Target = { url: `http://127.0.0.1:${port}/graphql`, headers: {} };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostGraphile exited (code ${child.exitCode})`);
    try {
      if ((await post(target, "{ __typename }")).status === 200) return { target, child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("PostGraphile did not start within 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops a child and resolves once it is gone (at once when it already is, whether it exited or a signal ended it). */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------------------
// Load.

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

async function load(target: Target, query: string, variables: unknown, seconds: number): Promise<AutocannonResult> {
  const autocannon = benchRequire<Autocannon>("autocannon");
  const r = await autocannon({
    url: target.url,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "content-type": "application/json", ...target.headers },
    body: JSON.stringify({ query, variables }),
  });
  if (r.non2xx || r.errors) throw new Error(`${target.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}

/** One request, checked for data without errors; returns the number of rows of the first level. */
async function check(target: Target, query: string, variables: unknown): Promise<number> {
  const res = await post(target, query, variables);
  const body = res.body as { data?: Record<string, { edges: unknown[] }>; errors?: unknown };
  if (res.status !== 200 || body.errors || !body.data)
    throw new Error(`${target.url}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return Object.values(body.data)[0].edges.length;
}

async function countPerRequest(target: Target, query: string, variables: unknown, counts: Counts): Promise<Counts> {
  const n = 50;
  await check(target, query, variables);
  const before = { ...counts };
  for (let i = 0; i < n; i++) await check(target, query, variables);
  return {
    roundTrips: (counts.roundTrips - before.roundTrips) / n,
    statements: (counts.statements - before.statements) / n,
  };
}

/**
 * Requests per second of each target, in alternating rounds after one
 * warm-up each; each round starts with the next target, so none is always
 * measured first.
 */
async function alternate(targets: Array<{ target: Target; query: string }>, variables: unknown): Promise<number[]> {
  for (const t of targets) await load(t.target, t.query, variables, 1);
  const sums = targets.map(() => 0);
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      sums[i] += (await load(targets[i].target, targets[i].query, variables, SECONDS)).requests.average;
    }
  return sums.map((s) => s / ROUNDS);
}

interface Row {
  backend: string;
  workload: string;
  emulator: number;
  /** The other head's emulator (`--compare`). */
  other?: number;
  postgraphile?: number;
  emulatorTrips?: Counts;
  postgraphileTrips?: Counts;
}

const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** A workload falling more than this far below the other head fails `--compare`. */
const TOLERATED_DROP = 0.1;

function printTable(rows: Row[], other?: OtherHead): void {
  const ratio = (a: number, b?: number) => (b ? `${(a / b).toFixed(2)}×` : "-");
  const fmt = (c: Counts | undefined, k: keyof Counts) => (c ? c[k].toFixed(2) : "-");
  const columns: Array<[string, (r: Row) => string]> = [
    ["backend", (r) => r.backend],
    ["workload", (r) => r.workload],
    ["emulator req/s", (r) => r.emulator.toFixed(0)],
  ];
  if (other)
    columns.push(
      [`${other.ref} req/s`, (r) => (r.other ? r.other.toFixed(0) : "-")],
      [`vs ${other.ref}`, (r) => ratio(r.emulator, r.other)],
    );
  columns.push(
    ["PostGraphile req/s", (r) => (r.postgraphile ? r.postgraphile.toFixed(0) : "-")],
    ["vs PostGraphile", (r) => ratio(r.emulator, r.postgraphile)],
  );
  if (other) columns.push([`${other.ref} vs PostGraphile`, (r) => ratio(r.other ?? 0, r.postgraphile)]);
  columns.push(
    [
      "round trips/req (emu / PG)",
      (r) =>
        r.emulatorTrips ? `${fmt(r.emulatorTrips, "roundTrips")} / ${fmt(r.postgraphileTrips, "roundTrips")}` : "-",
    ],
    [
      "SQL statements/req (emu / PG)",
      (r) =>
        r.emulatorTrips ? `${fmt(r.emulatorTrips, "statements")} / ${fmt(r.postgraphileTrips, "statements")}` : "-",
    ],
  );
  const table = rows.map((r) => columns.map(([, cell]) => cell(r)));
  const header = columns.map(([h]) => h);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per measurement (mean of ${ROUNDS}, alternating), HTTP on 127.0.0.1; ` +
      `round trips = Sync + simple Query messages, statements = Execute + simple Query messages (BEGIN/COMMIT included)` +
      (other ? `; ${other.ref} is commit ${other.commit}` : ""),
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const t of table) console.log(line(t));
}

/** `--compare <git-ref>`, or undefined. */
function compareRef(): string | undefined {
  const i = process.argv.indexOf("--compare");
  if (i < 0) return undefined;
  const ref = process.argv[i + 1];
  if (!ref || ref.startsWith("-")) throw new Error("--compare needs a git ref (a branch, tag or commit)");
  return ref;
}

async function main(): Promise<void> {
  const ref = compareRef();
  ensureBenchDependencies();
  const rows: Row[] = [];
  let server: TestPostgres | undefined;
  let other: OtherHead | undefined;
  const only = process.env.BENCH_ONLY;
  const children: ChildProcess[] = [];
  const cleanUp = async () => {
    await Promise.all(children.map(stopChild));
    await server?.stop();
    other?.remove();
  };
  // Interrupted (Ctrl-C): the servers, the throwaway database and the other head's checkout go too.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      progress(`${signal}: stopping the servers`);
      void cleanUp().finally(() => process.exit(130));
    });
  try {
    if (ref) other = checkOutOtherHead(path.join(__dirname, ".."), ref, progress);
    const pgUrl =
      only !== "pglite" && (process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL || findPgBin())
        ? (server = await testPostgres()).url
        : undefined;
    /** This head's emulator and, with `--compare`, the other head's, on one backend. */
    const emulators = async (postgresUrl?: string) => {
      const mine = await startEmulatorChild(postgresUrl);
      children.push(mine.child);
      const theirs = other ? await startEmulatorChild(postgresUrl, other.root) : undefined;
      if (theirs) children.push(theirs.child);
      return { mine, theirs };
    };

    // The emulator on embedded PGlite (no PostGraphile: it needs a server).
    if (only !== "postgres") {
      progress("pglite: throughput");
      const { mine, theirs } = await emulators(undefined);
      for (const w of WORKLOADS) {
        progress(`  ${w.name}`);
        const rowsE = await check(mine.target, w.emulator, w.variables);
        if (theirs && (await check(theirs.target, w.emulator, w.variables)) !== rowsE)
          throw new Error(`${w.name}: the two heads return different row counts`);
        const targets = [mine, ...(theirs ? [theirs] : [])].map((e) => ({ target: e.target, query: w.emulator }));
        const [e, o] = await alternate(targets, w.variables);
        rows.push({ backend: "pglite", workload: w.name, emulator: e, other: o });
      }
      await Promise.all([mine, theirs].map((e) => e && stopChild(e.child)));
    }
    if (pgUrl) {
      // Round trips and statements per request, through counting proxies.
      const upstream = new URL(pgUrl);
      const proxyE = await countingProxy(upstream);
      const proxyP = await countingProxy(upstream);
      const trips: Array<{ e: Counts; p: Counts }> = [];
      progress("postgres: counting round trips and statements");
      try {
        const emu = await startEmulatorChild(withDatabase(pgUrl, "postgres", proxyE.port));
        children.push(emu.child);
        const pg = await startPostgraphile(withDatabase(pgUrl, emu.database, proxyP.port));
        children.push(pg.child);
        for (const w of WORKLOADS) {
          trips.push({
            e: await countPerRequest(emu.target, w.emulator, w.variables, proxyE.counts),
            p: await countPerRequest(pg.target, w.postgraphile, w.variables, proxyP.counts),
          });
        }
        await Promise.all([stopChild(emu.child), stopChild(pg.child)]);
      } finally {
        await proxyE.close();
        await proxyP.close();
      }

      // Throughput, direct connections; PostGraphile reads this head's database, the other head has its own copy.
      progress("postgres: throughput");
      const { mine, theirs } = await emulators(pgUrl);
      const pg = await startPostgraphile(withDatabase(pgUrl, mine.database));
      children.push(pg.child);
      for (const [i, w] of WORKLOADS.entries()) {
        progress(`  ${w.name}`);
        const rowsE = await check(mine.target, w.emulator, w.variables);
        const rowsP = await check(pg.target, w.postgraphile, w.variables);
        if (rowsE !== rowsP) throw new Error(`${w.name}: the emulator returned ${rowsE} rows, PostGraphile ${rowsP}`);
        if (theirs && (await check(theirs.target, w.emulator, w.variables)) !== rowsE)
          throw new Error(`${w.name}: the two heads return different row counts`);
        // Alternating rounds, so background load on the machine hits every server alike.
        const targets = [
          { target: mine.target, query: w.emulator },
          { target: pg.target, query: w.postgraphile },
          ...(theirs ? [{ target: theirs.target, query: w.emulator }] : []),
        ];
        const [e, p, o] = await alternate(targets, w.variables);
        rows.push({
          backend: "postgres",
          workload: w.name,
          emulator: e,
          other: o,
          postgraphile: p,
          emulatorTrips: trips[i].e,
          postgraphileTrips: trips[i].p,
        });
      }
      await Promise.all([mine, theirs, pg].map((e) => e && stopChild(e.child)));
    } else {
      process.stderr.write("no PostgreSQL found (set SUPABASE_EMULATOR_TEST_POSTGRES_URL or PG_BIN): PGlite only\n");
    }

    printTable(rows, other);
    const fallen = rows.filter((r) => r.other !== undefined && r.emulator < r.other * (1 - TOLERATED_DROP));
    for (const r of fallen)
      console.log(
        `REGRESSION: ${r.backend} / ${r.workload}: ${(r.emulator / r.other!).toFixed(2)}× of ${other!.ref} (more than ${TOLERATED_DROP * 100}% below)`,
      );
    if (fallen.length) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

if (process.argv.includes("--serve")) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
