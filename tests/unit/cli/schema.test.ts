/** `supabase-pulumi schema`: its arguments, refused by name, and the plan's printed form. */
import { parseArgs, formatPlan, schemaCommand } from "../../../cli/schema";
import { runCli } from "../../../cli/commands";

const REF = "abcdefghijklmnopqrst";

test("plan and pull take their folders, schemas and switches", () => {
  expect(parseArgs(["plan", "--project", REF, "--dir", "schemas"])).toEqual({
    action: "plan",
    project: REF,
    dir: "schemas",
    schemas: ["public"],
    allowDestructive: false,
    force: false,
  });
  expect(
    parseArgs(["plan", `--project=${REF}`, "--dir=db", "--schemas", "public, app,storage", "--allow-destructive"]),
  ).toMatchObject({ dir: "db", schemas: ["public", "app", "storage"], allowDestructive: true });
  expect(parseArgs(["plan", "--project", REF, "--dir", "d", "--schema", "app", "--schema", "public"]).schemas).toEqual([
    "app",
    "public",
  ]);
  expect(parseArgs(["pull", "-p", REF, "--out", "out", "--force"])).toMatchObject({
    action: "pull",
    dir: "out",
    force: true,
  });
});

test.each([
  [[], "give plan or pull"],
  [["diff"], "unknown schema command diff"],
  [["plan", "--dir", "d"], "give --project REF"],
  [["plan", "--project", "Nope", "--dir", "d"], "a project ref is 20 lowercase letters"],
  [["plan", "--project", REF], "give --dir DIR"],
  [["pull", "--project", REF], "give --out DIR"],
  [["pull", "--project", REF, "--dir", "d"], "unknown argument --dir"],
  [["plan", "--project", REF, "--out", "d"], "unknown argument --out"],
  [["plan", "--project", REF, "--dir", "d", "--force"], "unknown argument --force"],
  [["pull", "--project", REF, "--out", "d", "--allow-destructive"], "unknown argument --allow-destructive"],
  [["plan", "--project", REF, "--dir", "d", "--schemas", "public,,app"], "--schemas needs schema names"],
  [["plan", "--project", REF, "--dir", "d", "--schemas", "Bad-Name"], "is not a schema name"],
  [["plan", "--project", REF, "--dir", "d", "--schemas", "auth"], "auth is reserved: the platform's Auth service"],
  [["plan", "--project", REF, "--dir", "d", "--schemas", "pg_temp_1"], "names starting with pg_ are PostgreSQL's"],
  [["plan", "--project", REF, "--dir", "d", "--allow-destructive=yes"], "unknown argument --allow-destructive=yes"],
])("%j is refused: %s", (argv, message) => {
  expect(() => parseArgs(argv)).toThrow(message);
});

test("bad arguments exit 2 with the usage; --help prints it and exits 0", async () => {
  let err = "";
  expect(
    await schemaCommand(
      ["plan"],
      () => undefined,
      (s) => void (err += s),
    ),
  ).toBe(2);
  expect(err).toContain("give --project REF");
  expect(err).toContain("Usage: supabase-pulumi schema plan");
  let out = "";
  expect(await runCli(["schema", "--help"], (s) => void (out += s))).toBe(0);
  expect(out).toContain("Exit codes: plan: 0 nothing to apply, 1 changes to apply, 2 error");
});

test("a plan prints as SQL, one statement a line; a destructive one says why, and whether it is refused", () => {
  expect(formatPlan({ statements: [], refused: [] })).toBe("-- nothing to apply\n");
  const add = {
    sql: "ALTER TABLE public.t ADD COLUMN c text",
    object: "column public.t.c",
    reason: "missing",
    destructive: false,
  };
  const drop = { sql: "DROP TABLE public.old", object: "table public.old", reason: "extra", destructive: true };
  expect(formatPlan({ statements: [add, drop], refused: [drop] })).toBe(
    "ALTER TABLE public.t ADD COLUMN c text;\n" +
      "-- destructive (refused without --allow-destructive): table public.old: extra\nDROP TABLE public.old;\n" +
      "-- 1 destructive statement(s) refused; plan again with --allow-destructive to apply them.\n",
  );
  expect(formatPlan({ statements: [add, drop], refused: [] })).toBe(
    "ALTER TABLE public.t ADD COLUMN c text;\n-- destructive: table public.old: extra\nDROP TABLE public.old;\n",
  );
});
