/**
 * With a data directory, branches survive a restart: the parent's list, the
 * branch's own project, keys and database (answering its GraphQL API), its
 * runs, and what can be done to it afterwards.
 */
import { usePersistentEmulators } from "../../../harness/suite";
import * as fs from "node:fs";
import * as path from "node:path";
import { readyProject, type TestEmulator } from "../../../harness/emulator";

const persistent = usePersistentEmulators("branches");
const { start, stop } = persistent;

/** The names of `notes` through the branch's GraphQL API, with its own anon key. */
async function graphqlNames(emu: TestEmulator, ref: string): Promise<string[]> {
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ name: string; api_key: string }>;
  const anon = keys.find((k) => k.name === "anon")!.api_key;
  const res = await fetch(`${emu.projectUrlTemplate.replace("{ref}", ref)}/graphql/v1`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: anon },
    body: JSON.stringify({ query: "{ notesCollection(orderBy: [{ id: AscNullsLast }]) { edges { node { name } } } }" }),
  });
  const body = (await res.json()) as { data: { notesCollection: { edges: Array<{ node: { name: string } }> } } };
  return body.data.notesCollection.edges.map((e) => e.node.name);
}

test("branches, their projects and databases survive a restart", async () => {
  const first = await start();
  const { ref } = await readyProject(first, "durable-parent");
  const migrated = await first.api("POST", `/v1/projects/${ref}/database/migrations`, {
    query:
      "create table public.notes (id int primary key, name text); grant select on public.notes to anon;" +
      "insert into public.notes values (1, 'kept')",
    name: "notes",
  });
  expect(migrated.status).toBe(200);
  const branch = (
    await first.api("POST", `/v1/projects/${ref}/branches`, {
      branch_name: "durable",
      with_data: true,
      persistent: true,
    })
  ).body;
  expect(await graphqlNames(first, branch.project_ref)).toEqual(["kept"]);
  const detail = (await first.api("GET", `/v1/branches/${branch.id}`)).body;
  const runs = (await first.api("GET", `/v1/projects/${branch.project_ref}/actions`)).body;
  await stop(first);

  const second = await start();
  const list = (await second.api("GET", `/v1/projects/${ref}/branches`)).body;
  expect(list.map((b: { name: string; id: string }) => [b.name, b.id])).toEqual([
    ["main", list[0].id],
    ["durable", branch.id],
  ]);
  expect(list[1]).toMatchObject({ persistent: true, with_data: true, status: "MIGRATIONS_PASSED" });
  expect((await second.api("GET", `/v1/branches/${branch.project_ref}`)).body).toEqual(detail);
  expect((await second.api("GET", `/v1/projects/${branch.project_ref}/actions`)).body).toEqual(runs);
  expect(await graphqlNames(second, branch.project_ref)).toEqual(["kept"]);

  // Still a working branch: a migration on it merges into the parent.
  const added = await second.api("POST", `/v1/projects/${branch.project_ref}/database/migrations`, {
    query: "alter table public.notes add column body text",
    name: "body",
  });
  expect(added.status).toBe(200);
  expect((await second.api("POST", `/v1/branches/${branch.id}/merge`, {})).status).toBe(201);
  const columns = await second.api("POST", `/v1/projects/${ref}/database/query`, {
    query: "select column_name from information_schema.columns where table_name = 'notes' order by ordinal_position",
  });
  expect(columns.body).toEqual([{ column_name: "id" }, { column_name: "name" }, { column_name: "body" }]);

  // Deleting it removes its database from the data directory once the deletion completes.
  expect(fs.existsSync(path.join(persistent.dataDir, "db", branch.project_ref))).toBe(true);
  expect((await second.api("DELETE", `/v1/branches/${branch.id}`)).status).toBe(200);
  await second.advanceTime(10_000);
  expect((await second.api("GET", `/v1/projects/${branch.project_ref}`)).status).toBe(404);
  expect(fs.existsSync(path.join(persistent.dataDir, "db", branch.project_ref))).toBe(false);
});
