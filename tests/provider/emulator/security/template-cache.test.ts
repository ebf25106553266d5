/**
 * The embedded engine's initdb template is cached per user, in a directory
 * only that user can write, and loaded only when its SHA-256 matches the one
 * recorded next to it: a tampered or foreign tarball is rebuilt, never used.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PgliteManager, templateCacheDir } from "../../../../emulator/db";

let cacheHome: string;
const saved = process.env.XDG_CACHE_HOME;
beforeAll(() => {
  cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-cache-"));
  process.env.XDG_CACHE_HOME = cacheHome;
});
afterAll(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  fs.rmSync(cacheHome, { recursive: true, force: true });
});

async function build(): Promise<void> {
  const manager = new PgliteManager();
  try {
    await manager.engineVersion();
  } finally {
    await manager.close();
  }
}

const tarballs = () => fs.readdirSync(templateCacheDir()).filter((f) => f.endsWith(".tar.gz"));

test("the cache is per user and private, and a tampered tarball is rebuilt, not loaded", async () => {
  expect(templateCacheDir()).toBe(path.join(cacheHome, "supabase-emulator"));
  await build();
  const dir = templateCacheDir();
  expect(fs.statSync(dir).mode & 0o077).toBe(0);
  const [tar] = tarballs();
  const meta = JSON.parse(fs.readFileSync(path.join(dir, tar.replace(/\.tar\.gz$/, ".json")), "utf8"));
  expect(meta.sha256).toMatch(/^[0-9a-f]{64}$/);
  const good = fs.readFileSync(path.join(dir, tar));

  // Someone swaps the tarball: it no longer matches its digest, so it is rebuilt.
  fs.writeFileSync(path.join(dir, tar), Buffer.from("not the template"));
  await build();
  const rebuilt = fs.readFileSync(path.join(dir, tar));
  expect(rebuilt.equals(Buffer.from("not the template"))).toBe(false);
  expect(rebuilt.length).toBeGreaterThan(good.length / 2);

  // A cache directory others can write is not trusted at all: nothing is read from it or written to it.
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(path.join(dir, tar), Buffer.from("planted"));
  await build();
  expect(fs.readFileSync(path.join(dir, tar)).toString()).toBe("planted");
  fs.chmodSync(dir, 0o700);
});
