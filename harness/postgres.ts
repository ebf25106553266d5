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

/** Where PostgreSQL binaries live: $PG_BIN, else the newest Debian-style /usr/lib/postgresql/N/bin, else PATH. */
export function findPgBin(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const root = path.join(path.sep, "usr", "lib", "postgresql");
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, "bin")));
  }
  candidates.push(...(process.env.PATH ?? "").split(path.delimiter));
  return candidates.find(
    (d): d is string => !!d && fs.existsSync(path.join(d, "initdb")) && fs.existsSync(path.join(d, "pg_ctl")),
  );
}

function findBinary(name: string): string {
  const dir = findPgBin();
  if (!dir)
    throw new Error(
      `${name} not found in $PG_BIN, /usr/lib/postgresql or PATH; install PostgreSQL or set SUPABASE_EMULATOR_TEST_POSTGRES_URL`,
    );
  return path.join(dir, name);
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

/**
 * The server the tests use: SUPABASE_EMULATOR_TEST_POSTGRES_URL when set
 * (CI starts one; stop() then leaves it running), else a throwaway one.
 */
export async function testPostgres(): Promise<TestPostgres> {
  const external = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL;
  if (external) return { url: external, stop: async () => undefined };
  return startTestPostgres();
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
    await runAsServerUser([
      initdb,
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--no-sync",
      "--no-instructions",
    ]);
    const serverOptions = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await runAsServerUser([
      pgCtl,
      "-D",
      dataDir,
      "-o",
      serverOptions,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  } catch (err) {
    const log = path.join(dir, "server.log");
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8")}` : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a test PostgreSQL: ${(err as Error).message}${detail}`, { cause: err });
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
