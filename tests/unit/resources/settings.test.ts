/**
 * Project-settings resources: bad inputs are refused at check with
 * field-level messages, and diff is pure and normalized.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { provider } from "supabase-pulumi/runtime";
import { normalizeCidrList } from "../../../provider/cidr";
import { UNKNOWN } from "../../../provider/resources/common";
import { secretDigest, sha256Hex } from "../../../provider/resources/shared";

const REF = "abcdefghijklmnopqrst";
const KEY_A = "a".repeat(64);
const KEY_B = "0123456789abcdef".repeat(4);

type Case = [
  kind: string,
  title: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  property: string,
  reason: RegExp,
];

const cases: Case[] = [
  // Secret
  ["secret", "a SUPABASE_ name", {}, { projectRef: REF, name: "SUPABASE_URL", value: "x" }, "name", /reserved/],
  ["secret", "an empty name", {}, { projectRef: REF, name: "", value: "x" }, "name", /must not be empty/],
  [
    "secret",
    "a name over 256 characters",
    {},
    { projectRef: REF, name: "A".repeat(257), value: "x" },
    "name",
    /at most 256/,
  ],
  [
    "secret",
    "a name with a dash",
    {},
    { projectRef: REF, name: "MY-KEY", value: "x" },
    "name",
    /environment variable name/,
  ],
  [
    "secret",
    "a name starting with a digit",
    {},
    { projectRef: REF, name: "1KEY", value: "x" },
    "name",
    /environment variable name/,
  ],
  [
    "secret",
    "an oversized value",
    {},
    { projectRef: REF, name: "BIG", value: "x".repeat(24577) },
    "value",
    /at most 24576/,
  ],
  ["secret", "a non-string value", {}, { projectRef: REF, name: "NUM", value: 42 }, "value", /must be a string/],
  [
    "secret",
    "a malformed project ref",
    {},
    { projectRef: "ABC", name: "K", value: "x" },
    "projectRef",
    /20 lowercase letters/,
  ],
  // Secrets
  [
    "secrets",
    "a SUPABASE_ name in the map",
    {},
    { projectRef: REF, secrets: { SUPABASE_DB_URL: "x" } },
    "secrets.SUPABASE_DB_URL",
    /reserved/,
  ],
  [
    "secrets",
    "an oversized value in the map",
    {},
    { projectRef: REF, secrets: { OK: "x".repeat(24577) } },
    "secrets.OK",
    /at most 24576/,
  ],
  [
    "secrets",
    "a bad name in the map",
    {},
    { projectRef: REF, secrets: { "bad name": "x" } },
    "secrets.bad name",
    /environment variable name/,
  ],
  // Function
  [
    "function",
    "a slug with a space",
    {},
    { projectRef: REF, slug: "my fn", source: "x" },
    "slug",
    /start with a letter/,
  ],
  [
    "function",
    "a slug starting with a digit",
    {},
    { projectRef: REF, slug: "1fn", source: "x" },
    "slug",
    /start with a letter/,
  ],
  ["function", "neither source nor sourcePath", {}, { projectRef: REF, slug: "fn" }, "source", /exactly one of source/],
  [
    "function",
    "both source and sourcePath",
    {},
    { projectRef: REF, slug: "fn", source: "x", sourcePath: "a.ts" },
    "source",
    /exactly one of source/,
  ],
  [
    "function",
    "a missing source file",
    {},
    { projectRef: REF, slug: "fn", sourcePath: "does/not/exist.ts" },
    "sourcePath",
    /cannot read/,
  ],
  [
    "function",
    "a non-boolean verifyJwt",
    {},
    { projectRef: REF, slug: "fn", source: "x", verifyJwt: "yes" },
    "verifyJwt",
    /must be a boolean/,
  ],
  // CustomHostname
  ["customHostname", "an apex domain", {}, { projectRef: REF, hostname: "example.com" }, "hostname", /subdomain/],
  [
    "customHostname",
    "a hostname with an underscore",
    {},
    { projectRef: REF, hostname: "my_api.example.com" },
    "hostname",
    /valid DNS name/,
  ],
  [
    "customHostname",
    "a hostname with a scheme",
    {},
    { projectRef: REF, hostname: "https://api.example.com" },
    "hostname",
    /valid DNS name/,
  ],
  [
    "customHostname",
    "a zero activation timeout",
    {},
    { projectRef: REF, hostname: "api.example.com", activationTimeoutSeconds: 0 },
    "activationTimeoutSeconds",
    /positive/,
  ],
  // Pgsodium
  [
    "pgsodium",
    "a non-hex root key",
    {},
    { projectRef: REF, rootKey: "z".repeat(64) },
    "rootKey",
    /64 hexadecimal characters/,
  ],
  ["pgsodium", "a short root key", {}, { projectRef: REF, rootKey: "abcd" }, "rootKey", /64 hexadecimal characters/],
  [
    "pgsodium",
    "a root-key change without the opt-in",
    { projectRef: REF, rootKey: KEY_A },
    { projectRef: REF, rootKey: KEY_B },
    "rootKey",
    /acknowledgeDataLoss: true/,
  ],
  // NetworkRestriction
  [
    "networkRestriction",
    "a malformed IPv4 CIDR",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.256/8"] },
    "dbAllowedCidrs[0]",
    /not a valid IPv4 CIDR/,
  ],
  [
    "networkRestriction",
    "a prefix over 32",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.0/33"] },
    "dbAllowedCidrs[0]",
    /not a valid IPv4 CIDR/,
  ],
  [
    "networkRestriction",
    "an IPv6 block in the IPv4 list",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.0/8", "2001:db8::/32"] },
    "dbAllowedCidrs[1]",
    /IPv6 block; put it in dbAllowedCidrsV6/,
  ],
  [
    "networkRestriction",
    "an IPv4 block in the IPv6 list",
    {},
    { projectRef: REF, dbAllowedCidrsV6: ["10.0.0.0/8"] },
    "dbAllowedCidrsV6[0]",
    /IPv4 block; put it in dbAllowedCidrs/,
  ],
  [
    "networkRestriction",
    "a malformed IPv6 CIDR",
    {},
    { projectRef: REF, dbAllowedCidrsV6: ["2001:db8:::/32"] },
    "dbAllowedCidrsV6[0]",
    /not a valid IPv6 CIDR/,
  ],
  [
    "networkRestriction",
    "a non-list",
    {},
    { projectRef: REF, dbAllowedCidrs: "10.0.0.0/8" },
    "dbAllowedCidrs",
    /must be a list/,
  ],
];

describe("check refuses bad project-settings inputs with field-level messages", () => {
  test.each(cases)("%s: %s", async (kind, _title, olds, news, property, reason) => {
    const res = await provider(kind).check(olds, news);
    const failure = res.failures?.find((f) => f.property === property);
    if (!failure) throw new Error(`no failure on ${property}; got ${JSON.stringify(res.failures)}`);
    expect(failure.reason).toMatch(reason);
  });

  test("check never echoes secret values in its failures", async () => {
    const res = await provider("secret").check({}, { projectRef: REF, name: "SUPABASE_X", value: "hunter2-secret" });
    expect(JSON.stringify(res)).not.toMatch(/failures.*hunter2-secret/);
  });
});

describe("NetworkRestriction diff is normalized", () => {
  const nr = provider("networkRestriction");
  const olds = {
    projectRef: REF,
    dbAllowedCidrs: ["10.0.0.0/8", "192.168.1.0/24"],
    dbAllowedCidrsV6: ["2001:db8::/32"],
    status: "applied",
  };

  test("a list written differently (order, host bits, case, duplicates) shows no diff", async () => {
    const news = {
      projectRef: REF,
      dbAllowedCidrs: ["192.168.1.77/24", "10.1.2.3/8", "10.0.0.0/8"],
      dbAllowedCidrsV6: ["2001:DB8:0:0::/32"],
    };
    expect(await nr.diff(REF, olds, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  test("check returns the canonical lists", async () => {
    const r = await nr.check(
      {},
      { projectRef: REF, dbAllowedCidrs: ["10.1.2.3/8", "1.2.3.4"], dbAllowedCidrsV6: ["2001:DB8::1/32"] },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({
      dbAllowedCidrs: ["1.2.3.4/32", "10.0.0.0/8"],
      dbAllowedCidrsV6: ["2001:db8::/32"],
    });
  });

  test("a real change and a stored (not yet applied) config both show", async () => {
    expect((await nr.diff(REF, olds, { ...olds, dbAllowedCidrs: ["10.0.0.0/16"] })).changes).toBe(true);
    expect(
      (
        await nr.diff(
          REF,
          { ...olds, status: "stored" },
          { projectRef: REF, dbAllowedCidrs: olds.dbAllowedCidrs, dbAllowedCidrsV6: olds.dbAllowedCidrsV6 },
        )
      ).changes,
    ).toBe(true);
  });

  test("normalizeCidrList sorts by family and address and removes duplicates", () => {
    expect(normalizeCidrList(["::/0", "10.0.0.1/8", "10.0.0.0/8", "1.1.1.1"])).toEqual([
      "1.1.1.1/32",
      "10.0.0.0/8",
      "::/0",
    ]);
  });
});

describe("Secret and Secrets diff by digest", () => {
  test("Secret: same value, no change; new value or an out-of-band digest, change", async () => {
    const s = provider("secret");
    const olds = { projectRef: REF, name: "K", digest: secretDigest("v1") };
    expect((await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K", value: "v1" })).changes).toBe(false);
    expect((await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K", value: "v2" })).changes).toBe(true);
    expect(
      (
        await s.diff(
          `${REF}/K`,
          { ...olds, digest: secretDigest("changed") },
          { projectRef: REF, name: "K", value: "v1" },
        )
      ).changes,
    ).toBe(true);
    expect(await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K2", value: "v1" })).toMatchObject({
      changes: true,
      replaces: ["name"],
    });
  });

  test("Secrets: key order does not matter; a removed name is a change", async () => {
    const s = provider("secrets");
    const olds = { projectRef: REF, names: ["A", "B"], digests: { A: secretDigest("1"), B: secretDigest("2") } };
    expect((await s.diff(REF, olds, { projectRef: REF, secrets: { B: "2", A: "1" } })).changes).toBe(false);
    expect((await s.diff(REF, olds, { projectRef: REF, secrets: { A: "1" } })).changes).toBe(true);
  });

  test("digests are the hex SHA-256 of the UTF-8 value", () => {
    expect(secretDigest("bar")).toBe("fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9");
  });
});

describe("Function redeploys only on a content or setting change", () => {
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
});

describe("CustomHostname and Pgsodium diffs", () => {
  test("hostnames compare case-insensitively; a different one replaces", async () => {
    const h = provider("customHostname");
    const olds = { projectRef: REF, hostname: "api.example.com", status: "2_initiated" };
    expect((await h.diff(REF, olds, { projectRef: REF, hostname: "API.Example.com" })).changes).toBe(false);
    expect(await h.diff(REF, olds, { projectRef: REF, hostname: "www.example.com" })).toMatchObject({
      changes: true,
      replaces: ["hostname"],
    });
    expect((await h.diff(REF, olds, { projectRef: REF, hostname: "api.example.com", activate: true })).changes).toBe(
      true,
    );
  });

  test("an adopted key is only observed; a declared key is enforced", async () => {
    const p = provider("pgsodium");
    expect(
      (await p.diff(REF, { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_B }, { projectRef: REF })).changes,
    ).toBe(false);
    expect(
      (
        await p.diff(
          REF,
          { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_B },
          { projectRef: REF, rootKey: KEY_A },
        )
      ).changes,
    ).toBe(true);
    expect(
      (
        await p.diff(
          REF,
          { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_A },
          { projectRef: REF, rootKey: KEY_A.toUpperCase() },
        )
      ).changes,
    ).toBe(false);
  });

  test("a root-key change with the opt-in passes check; unknown keys are not judged", async () => {
    const p = provider("pgsodium");
    expect(
      (
        await p.check(
          { projectRef: REF, rootKey: KEY_A },
          { projectRef: REF, rootKey: KEY_B, acknowledgeDataLoss: true },
        )
      ).failures,
    ).toEqual([]);
    expect(
      (await p.check({ projectRef: REF, rootKey: KEY_A }, { projectRef: REF, rootKey: UNKNOWN })).failures,
    ).toEqual([]);
  });
});
