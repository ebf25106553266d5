/**
 * The emulator's `POST /v1/projects/{ref}/functions/deploy`: a multipart
 * bundle (a `metadata` part and `file` parts named by relative path) creates
 * or updates a function, the body endpoint serves the stored files, versions
 * increase, and malformed or oversized bundles are refused with JSON before
 * anything is stored. The seed's create keeps working beside it.
 */
import { readyProject, startTestEmulator, type TestEmulator } from "../../../harness/emulator";

const MiB = 1024 * 1024;
let emu: TestEmulator;
let ref: string;

beforeAll(async () => {
  emu = await startTestEmulator({ limits: { maxBodyBytes: 2 * MiB } });
  ({ ref } = await readyProject(emu, "deploy"));
});

afterAll(() => emu.close());

type Files = Record<string, string | Buffer>;

function form(metadata: unknown, files: Files, extra: Record<string, string> = {}): FormData {
  const f = new FormData();
  if (metadata !== undefined) f.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
  for (const [name, content] of Object.entries(files))
    f.append("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  return f;
}

async function deploy(body: FormData, query = "slug=hello") {
  const res = await fetch(`${emu.apiUrl}/v1/projects/${ref}/functions/deploy?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.accessToken}` },
    body,
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: JSON.parse(text) };
}

async function slugs(): Promise<string[]> {
  return (await emu.api("GET", `/v1/projects/${ref}/functions`)).body.map((f: { slug: string }) => f.slug);
}

const entry = `import { greet } from "./greet.ts";\nDeno.serve(() => new Response(greet("you")));\n`;
const greet = `export const greet = (n: string) => \`hello \${n}\`;\n`;
const importMap = JSON.stringify({ imports: { std: "https://deno.land/std/" } });

test("a bundle creates the function, the body endpoint serves its files, and each deploy is a new version", async () => {
  const meta = { entrypoint_path: "index.ts", import_map_path: "deno.json", name: "Hello", verify_jwt: false };
  const first = await deploy(form(meta, { "index.ts": entry, "greet.ts": greet, "deno.json": importMap }));
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({
    slug: "hello",
    name: "Hello",
    status: "ACTIVE",
    version: 1,
    verify_jwt: false,
    import_map: true,
    entrypoint_path: "index.ts",
    import_map_path: "deno.json",
  });
  expect(first.body.ezbr_sha256).toMatch(/^[0-9a-f]{64}$/);

  // The plain download is the entrypoint; with Accept: multipart/form-data every file by its path.
  const plain = await fetch(`${emu.apiUrl}/v1/projects/${ref}/functions/hello/body`, {
    headers: { authorization: `Bearer ${emu.accessToken}` },
  });
  expect(await plain.text()).toBe(entry);
  const multi = await fetch(`${emu.apiUrl}/v1/projects/${ref}/functions/hello/body`, {
    headers: { authorization: `Bearer ${emu.accessToken}`, accept: "multipart/form-data" },
  });
  const parts = await multi.formData();
  expect(JSON.parse(String(parts.get("metadata")))).toMatchObject({ import_map_path: "deno.json" });
  const files = parts.getAll("file") as File[];
  expect(files.map((f) => f.name)).toEqual(["deno.json", "greet.ts", "index.ts"]);
  expect(await files[1]!.text()).toBe(greet);

  // The same bundle again: same function, next version, same hash; a changed file: another hash.
  const second = await deploy(form(meta, { "greet.ts": greet, "index.ts": entry, "deno.json": importMap }));
  expect(second.body).toMatchObject({ id: first.body.id, version: 2, ezbr_sha256: first.body.ezbr_sha256 });
  expect(second.body.created_at).toBe(first.body.created_at);
  expect(second.body.updated_at).toBeGreaterThan(first.body.updated_at);
  const third = await deploy(form({ entrypoint_path: "index.ts" }, { "index.ts": entry, "greet.ts": `${greet}//` }));
  expect(third.body).toMatchObject({ version: 3, import_map: false, name: "Hello", verify_jwt: false });
  expect(third.body).not.toHaveProperty("import_map_path");
  expect(third.body.ezbr_sha256).not.toBe(first.body.ezbr_sha256);
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/hello`)).body.version).toBe(3);
});

test("bundleOnly answers the function without storing it; the slug may come from the metadata's name", async () => {
  const dry = await deploy(form({ entrypoint_path: "index.ts" }, { "index.ts": entry }), "slug=dry&bundleOnly=true");
  expect(dry.status).toBe(201);
  expect(dry.body).toMatchObject({ slug: "dry", version: 1 });
  expect(await slugs()).not.toContain("dry");

  const named = await deploy(form({ entrypoint_path: "index.ts", name: "by-name" }, { "index.ts": entry }), "");
  expect(named.body).toMatchObject({ slug: "by-name", name: "by-name" });
});

test("malformed, oversized and overfull bundles are refused with JSON and store nothing", async () => {
  const before = await slugs();
  const many: Files = { "index.ts": entry };
  for (let i = 0; i < 1000; i++) many[`m/${i}.ts`] = "export {};";
  const cases: Array<[string, FormData, string?]> = [
    ["too many files", form({ entrypoint_path: "index.ts" }, many)],
    ["too large", form({ entrypoint_path: "index.ts" }, { "index.ts": Buffer.alloc(3 * MiB, 0x20) })],
    ["no metadata", form(undefined, { "index.ts": entry })],
    ["metadata without entrypoint", form({ name: "x" }, { "index.ts": entry })],
    ["entrypoint not among the files", form({ entrypoint_path: "main.ts" }, { "index.ts": entry })],
    [
      "import map not among the files",
      form({ entrypoint_path: "index.ts", import_map_path: "deno.json" }, { "index.ts": entry }),
    ],
    ["a path leaving the bundle", form({ entrypoint_path: "index.ts" }, { "index.ts": entry, "../x.ts": "" })],
    ["an undeclared part", form({ entrypoint_path: "index.ts" }, { "index.ts": entry }, { other: "x" })],
    ["no files", form({ entrypoint_path: "index.ts" }, {})],
    ["a bad slug", form({ entrypoint_path: "index.ts" }, { "index.ts": entry }), "slug=9lives"],
  ];
  for (const [label, body, query] of cases) {
    const r = await deploy(body, query ?? "slug=refused");
    expect({ label, status: r.status >= 400 && r.status < 500, json: r.type }).toEqual({
      label,
      status: true,
      json: expect.stringContaining("application/json"),
    });
    expect(typeof r.body.message).toBe("string");
  }
  expect((await deploy(form({ entrypoint_path: "index.ts" }, many))).status).toBe(400);
  expect((await deploy(form({ entrypoint_path: "index.ts" }, { "index.ts": Buffer.alloc(3 * MiB) }))).status).toBe(413);
  expect(await slugs()).toEqual(before);
});

test("the seed's create still works, and a deploy takes over a function it created", async () => {
  const created = await emu.api("POST", `/v1/projects/${ref}/functions`, {
    slug: "seeded",
    name: "seeded",
    body: "v1",
  });
  expect(created.status).toBe(201);
  const r = await deploy(form({ entrypoint_path: "index.ts" }, { "index.ts": entry }), "slug=seeded");
  expect(r.body).toMatchObject({ id: created.body.id, version: 2, entrypoint_path: "index.ts" });
  // New code through the seed's PATCH replaces the bundle with one body again.
  await emu.api("PATCH", `/v1/projects/${ref}/functions/seeded`, { body: "patched" });
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/seeded/body`)).body).toBe("patched");
});
