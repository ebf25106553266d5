/**
 * Function: check refuses bad inputs per field; it redeploys only on a content or setting change; a folder's hash
 * covers every file in a stable order and ignores where the folder lives.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { provider } from "supabase-pulumi/runtime";
import { folderHash, listFolder, treeHash } from "../../../provider/resources/function/bundle";
import { sha256Hex } from "../../../provider/resources/shared";
import { REF, refusesAtCheck } from "./helpers";

const f = provider("function");
const source = "export default () => new Response('hi')";
const olds = {
  projectRef: REF,
  slug: "hello",
  name: "hello",
  verifyJwt: true,
  sourceHash: sha256Hex(source),
  version: 1,
};

refusesAtCheck("function", [
  ["a slug with a space", {}, { projectRef: REF, slug: "my fn", source: "x" }, "slug", /start with a letter/],
  ["a slug starting with a digit", {}, { projectRef: REF, slug: "1fn", source: "x" }, "slug", /start with a letter/],
  ["neither source nor sourcePath", {}, { projectRef: REF, slug: "fn" }, "source", /exactly one of source/],
  [
    "both source and sourcePath",
    {},
    { projectRef: REF, slug: "fn", source: "x", sourcePath: "a.ts" },
    "source",
    /exactly one of source/,
  ],
  [
    "a missing source file",
    {},
    { projectRef: REF, slug: "fn", sourcePath: "does/not/exist.ts" },
    "sourcePath",
    /cannot read/,
  ],
  [
    "source and sourceDir together",
    {},
    { projectRef: REF, slug: "fn", source: "x", sourceDir: "fns/fn" },
    "source",
    /exactly one of source/,
  ],
  ["a missing folder", {}, { projectRef: REF, slug: "fn", sourceDir: "does/not/exist" }, "sourceDir", /cannot read/],
  [
    "an entrypoint outside the bundle",
    {},
    { projectRef: REF, slug: "fn", sourceDir: "fns/fn", entrypointPath: "../index.ts" },
    "entrypointPath",
    /inside the bundle/,
  ],
  [
    "an import map for a one-file function",
    {},
    { projectRef: REF, slug: "fn", source: "x", importMapPath: "deno.json" },
    "importMapPath",
    /needs sourceDir/,
  ],
  [
    "importMap without its path",
    {},
    { projectRef: REF, slug: "fn", sourceDir: "fns/fn", importMap: true },
    "importMap",
    /needs importMapPath/,
  ],
  [
    "static patterns that are not strings",
    {},
    { projectRef: REF, slug: "fn", sourceDir: "fns/fn", staticPatterns: [1] },
    "staticPatterns[0]",
    /must be strings/,
  ],
  [
    "a non-boolean verifyJwt",
    {},
    { projectRef: REF, slug: "fn", source: "x", verifyJwt: "yes" },
    "verifyJwt",
    /must be a boolean/,
  ],
]);

test("check hashes inline source and files alike", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fn-"));
  const file = path.join(dir, "index.ts");
  fs.writeFileSync(file, source);
  const a = await f.check({}, { projectRef: REF, slug: "hello", source });
  const b = await f.check({}, { projectRef: REF, slug: "hello", sourcePath: file });
  // Under an internal key: a preview --diff never shows it as the user's input.
  expect(a.inputs!.__sourceHash).toBe(sha256Hex(source));
  expect(b.inputs!.__sourceHash).toBe(sha256Hex(source));
  expect(a.inputs).not.toHaveProperty("sourceHash");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("same content and settings: no change; the file path alone does not matter", async () => {
  expect(
    (
      await f.diff("x", olds, {
        projectRef: REF,
        slug: "hello",
        sourcePath: "elsewhere.ts",
        __sourceHash: sha256Hex(source),
      })
    ).changes,
  ).toBe(false);
});

test("new content, a changed setting, or a new slug", async () => {
  expect((await f.diff("x", olds, { projectRef: REF, slug: "hello", __sourceHash: sha256Hex("other") })).changes).toBe(
    true,
  );
  expect(
    (await f.diff("x", olds, { projectRef: REF, slug: "hello", verifyJwt: false, __sourceHash: olds.sourceHash }))
      .changes,
  ).toBe(true);
  expect(await f.diff("x", olds, { projectRef: REF, slug: "hello2", __sourceHash: olds.sourceHash })).toMatchObject({
    changes: true,
    replaces: ["slug"],
  });
});

describe("folder bundles", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "fn-bundle-"));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function write(dir: string, files: Record<string, string>): string {
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  }
  const files = { "index.ts": 'import "./lib/a.ts";', "lib/a.ts": "export {};", "deno.json": "{}" };

  test("files are listed by relative path in byte order, whatever order they were written in; dot-files are left out", () => {
    const dir = write(path.join(root, "f"), { "lib/a.ts": "1", "Z.ts": "2", "index.ts": "3", ".DS_Store": "x" });
    write(dir, { ".git/HEAD": "x" });
    expect(listFolder(dir).map((f) => f.name)).toEqual(["Z.ts", "index.ts", "lib/a.ts"]);
  });

  test("the hash does not depend on the order of the files or where the folder lives", () => {
    const a = write(path.join(root, "one", "fn"), files);
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const b = write(path.join(root, "two", "deeper", "renamed"), reversed);
    expect(folderHash(a)).toBe(folderHash(b));
    const entries = Object.entries(files).map(([name, c]) => ({ name, content: Buffer.from(c) }));
    expect(treeHash(entries)).toBe(treeHash([...entries].reverse()));
    expect(folderHash(a)).toBe(treeHash(entries));
  });

  test("editing, renaming, adding or removing a file changes the hash", () => {
    const base = folderHash(write(path.join(root, "base"), files));
    const variants: Array<Record<string, string>> = [
      { ...files, "lib/a.ts": "export {}; " },
      { "index.ts": files["index.ts"], "lib/b.ts": files["lib/a.ts"], "deno.json": "{}" },
      { ...files, "extra.ts": "" },
      { "index.ts": files["index.ts"], "lib/a.ts": files["lib/a.ts"] },
    ];
    const hashes = variants.map((v, i) => folderHash(write(path.join(root, `v${i}`), v)));
    expect(new Set([base, ...hashes]).size).toBe(1 + variants.length);
  });

  test("check hashes a folder and diff sees no change for the same files elsewhere", async () => {
    const a = write(path.join(root, "a"), files);
    const b = write(path.join(root, "b"), files);
    const ca = await f.check({}, { projectRef: REF, slug: "hello", sourceDir: a, importMapPath: "deno.json" });
    const cb = await f.check({}, { projectRef: REF, slug: "hello", sourceDir: b, importMapPath: "deno.json" });
    expect(ca.failures).toEqual([]);
    expect(ca.inputs!.__sourceHash).toBe(folderHash(a));
    const outs = { ...ca.inputs!, sourceHash: ca.inputs!.__sourceHash, name: "hello", version: 1 };
    expect((await f.diff("x", outs, cb.inputs!)).changes).toBe(false);
  });

  test("check refuses a folder without its entrypoint or import map", async () => {
    const dir = write(path.join(root, "c"), { "main.ts": "" });
    const noEntry = await f.check({}, { projectRef: REF, slug: "fn", sourceDir: dir });
    expect(noEntry.failures).toEqual([
      { property: "sourceDir", reason: expect.stringMatching(/no entrypoint index.ts/) },
    ]);
    const noMap = await f.check(
      {},
      { projectRef: REF, slug: "fn", sourceDir: dir, entrypointPath: "main.ts", importMapPath: "deno.json" },
    );
    expect(noMap.failures).toEqual([
      { property: "sourceDir", reason: expect.stringMatching(/no import map deno.json/) },
    ]);
  });
});
