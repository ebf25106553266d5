/** With a data directory, organizations, projects, keys and embedded databases survive a restart. */
import { usePersistentEmulators } from "../../../harness/suite";
import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator } from "../../../harness/emulator";

const persistent = usePersistentEmulators("persist");
const { start, stop } = persistent;

test("state and databases survive a restart; the data directory is locked while in use", async () => {
  const first = await start();
  expect(first.dataDir).toBe(path.resolve(persistent.dataDir));
  const org = (await first.api("POST", "/v1/organizations", { name: "Durable" })).body;
  const project = (
    await first.api("POST", "/v1/projects", {
      name: "keeper",
      organization_slug: org.slug,
      region: "ap-south-1",
      db_pass: "very-secret-pw",
    })
  ).body;
  await first.api("PATCH", `/v1/projects/${project.id}`, { name: "kept" });
  const keys = (await first.api("GET", `/v1/projects/${project.id}/api-keys?reveal=true`)).body;
  const created = await first.api("POST", `/v1/projects/${project.id}/database/query`, {
    query: "create table notes (id int primary key, body text); insert into notes values (1, 'one'), (2, 'two');",
  });
  expect(created.status).toBe(201);

  await expect(startTestEmulator({ dataDir: persistent.dataDir })).rejects.toThrow(/in use by another emulator/);

  const stateText = fs.readFileSync(path.join(persistent.dataDir, "state.json"), "utf8");
  expect(stateText).not.toContain("very-secret-pw");
  expect(fs.existsSync(path.join(persistent.dataDir, "db", project.id, "PG_VERSION"))).toBe(true);
  await stop(first);

  const second = await start();
  expect((await second.api("GET", "/v1/organizations")).body).toEqual([org]);
  const again = (await second.api("GET", `/v1/projects/${project.id}`)).body;
  expect(again).toMatchObject({
    id: project.id,
    name: "kept",
    region: "ap-south-1",
    created_at: project.created_at,
    status: "ACTIVE_HEALTHY",
  });
  expect((await second.api("GET", `/v1/projects/${project.id}/api-keys?reveal=true`)).body).toEqual(keys);
  const rows = await second.api("POST", `/v1/projects/${project.id}/database/query`, {
    query: "select id, body from notes order by id",
  });
  expect(rows).toMatchObject({
    status: 201,
    body: [
      { id: 1, body: "one" },
      { id: 2, body: "two" },
    ],
  });
  const idAfter = (await second.api("PATCH", `/v1/projects/${project.id}`, { name: "kept" })).body.id;

  // A project created after the restart continues the integer ids.
  const next = (
    await second.api("POST", "/v1/projects", {
      name: "next",
      organization_slug: org.slug,
      region: "eu-west-1",
      db_pass: "pw12",
    })
  ).body;
  expect((await second.api("PATCH", `/v1/projects/${next.id}`, { name: "next" })).body.id).toBeGreaterThan(idAfter);

  // Deleting removes the database directory once the project is gone.
  await second.api("DELETE", `/v1/projects/${project.id}`);
  await second.advanceTime(1_000);
  expect((await second.api("GET", `/v1/projects/${project.id}`)).status).toBe(404);
  expect(fs.existsSync(path.join(persistent.dataDir, "db", project.id))).toBe(false);
  await stop(second);

  const third = await start();
  expect((await third.api("GET", "/v1/projects")).body.map((p: { id: string }) => p.id)).toEqual([next.id]);
});
