/**
 * A throwaway PostgreSQL server for tests: initdb into a temporary directory,
 * start on a free loopback port with trust auth, stop and delete afterwards.
 *
 * initdb refuses to run as root, so as root the server runs as the `postgres`
 * user (via runuser, else su). Binaries come from PATH, or from $PG_BIN.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

function findBinary(name: string): string {
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? "").split(path.delimiter)].filter((d): d is string => !!d);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found on PATH (or in $PG_BIN); install PostgreSQL or set SUPABASE_EMULATOR_TEST_POSTGRES_URL`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Runs a command, as the `postgres` user when we are root. */
async function runAsServerUser(argv: string[]): Promise<void> {
  if (process.getuid?.() !== 0) {
    await run(argv[0], argv.slice(1));
    return;
  }
  try {
    await run("runuser", ["-u", "postgres", "--", ...argv]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    await run("su", ["postgres", "-s", "/bin/sh", "-c", argv.map(shellQuote).join(" ")]);
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const initdb = findBinary("initdb");
  const pgCtl = findBinary("pg_ctl");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-pg-"));
  const dataDir = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    await runAsServerUser([initdb, "-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
    const serverOptions = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await runAsServerUser([pgCtl, "-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]);
  } catch (err) {
    const log = path.join(dir, "server.log");
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8")}` : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a test PostgreSQL: ${(err as Error).message}${detail}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await runAsServerUser([pgCtl, "-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
