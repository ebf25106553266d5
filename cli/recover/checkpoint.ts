/**
 * A file (DIY) backend's checkpoint that a killed run left unreadable.
 *
 * What the engine (v3.248, gocloud.dev v0.46 `fileblob`) does when it saves
 * a stack's checkpoint `.pulumi/stacks/<project>/<stack>.json`: it copies the
 * old file to `<stack>.json.bak`, then writes the new one. Each blob write
 * goes to a temporary file beside the target (the engine sets `no_tmp_dir`)
 * that is renamed over it: the checkpoint itself is replaced atomically. But
 * before that rename, `fileblob` writes the blob's metadata sidecar,
 * `<file>.attrs`, in place: `os.Create` (truncate) then a JSON encode, not
 * atomic. A run killed between the two leaves an empty or cut-off
 * `<stack>.json.attrs` (or `.json.bak.attrs`) next to an intact checkpoint,
 * and every later command fails reading the sidecar: `failed to load
 * checkpoint: EOF` (empty) or `unexpected EOF` (cut off).
 *
 * The sidecar holds only the blob's content type and MD5, and a missing one
 * is read as defaults, so the repair is to remove a sidecar that is not valid
 * JSON. Should the checkpoint itself be unreadable, it is restored from
 * `<stack>.json.bak` (the state before the last step), else from the newest
 * copy in `.pulumi/history/` (after each update) or `.pulumi/backups/`
 * (before each). A backend URL with `?metadata=skip` writes no sidecars at
 * all (checked with the engine: only the `.json` files are written).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The directory of a `file://` backend URL (without its query), or undefined for other backends. */
export function fileBackendDir(url: string | undefined): string | undefined {
  if (!url || !url.startsWith("file://")) return undefined;
  let p = url.slice("file://".length).split("?")[0];
  if (p === "~" || p.startsWith("~/")) p = path.join(os.homedir(), p.slice(1));
  return path.resolve(p);
}

/** True when the engine's failure is a checkpoint that could not be read (empty or cut off). */
export function isUnreadableCheckpoint(message: string): boolean {
  return /failed to load checkpoint: (?:[^\n]*: )?(?:unexpected )?EOF|unexpected end of JSON input/i.test(message);
}

function validJson(file: string): boolean {
  try {
    JSON.parse(fs.readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

/**
 * Repairs the stacks of a file backend: removes sidecars that are not valid
 * JSON, restores checkpoints that are not. Answers what it did, one line each.
 */
export function repairFileBackend(root: string, project?: string): string[] {
  const done: string[] = [];
  const stacksDir = path.join(root, ".pulumi", "stacks", ...(project ? [project] : []));
  const files = walk(stacksDir);
  for (const f of files.filter((f) => f.endsWith(".attrs"))) {
    if (validJson(f)) continue;
    const empty = fs.statSync(f).size === 0;
    fs.rmSync(f);
    done.push(`removed ${f}: a blob metadata sidecar a killed run left ${empty ? "empty" : "cut off"}`);
  }
  for (const f of files.filter((f) => f.endsWith(".json"))) {
    if (validJson(f)) continue;
    const rel = path.relative(path.join(root, ".pulumi", "stacks"), f).replace(/\.json$/, "");
    const bak = `${f}.bak`;
    // The copies the engine keeps: the history's checkpoint after each update, and the backup before each.
    const copies = [
      ...walk(path.join(root, ".pulumi", "history", rel)).filter((h) => h.endsWith(".checkpoint.json")),
      ...walk(path.join(root, ".pulumi", "backups", rel)).filter((h) => h.endsWith(".json")),
    ]
      .filter(validJson)
      .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
    const source = fs.existsSync(bak) && validJson(bak) ? bak : copies[copies.length - 1];
    if (!source) {
      done.push(`cannot repair ${f}: no readable backup (${bak}) or history copy`);
      continue;
    }
    fs.copyFileSync(source, f);
    fs.rmSync(`${f}.attrs`, { force: true });
    done.push(`restored ${f} from ${source}`);
  }
  return done;
}
