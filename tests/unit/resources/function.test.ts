/** Function: check refuses bad inputs per field; it redeploys only on a content or setting change. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { provider } from "supabase-pulumi/runtime";
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
  expect(a.inputs!.sourceHash).toBe(sha256Hex(source));
  expect(b.inputs!.sourceHash).toBe(sha256Hex(source));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("same content and settings: no change; the file path alone does not matter", async () => {
  expect(
    (
      await f.diff("x", olds, {
        projectRef: REF,
        slug: "hello",
        sourcePath: "elsewhere.ts",
        sourceHash: sha256Hex(source),
      })
    ).changes,
  ).toBe(false);
});

test("new content, a changed setting, or a new slug", async () => {
  expect((await f.diff("x", olds, { projectRef: REF, slug: "hello", sourceHash: sha256Hex("other") })).changes).toBe(
    true,
  );
  expect(
    (await f.diff("x", olds, { projectRef: REF, slug: "hello", verifyJwt: false, sourceHash: olds.sourceHash }))
      .changes,
  ).toBe(true);
  expect(await f.diff("x", olds, { projectRef: REF, slug: "hello2", sourceHash: olds.sourceHash })).toMatchObject({
    changes: true,
    replaces: ["slug"],
  });
});
