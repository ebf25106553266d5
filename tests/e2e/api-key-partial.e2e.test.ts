/**
 * ApiKey on the real engine: a create that got the revealed key but then
 * failed (a partial failure, which puts the key in the properties the engine
 * records) keeps the key encrypted in the state, and out of the output.
 */
import * as supabase from "supabase-pulumi";
import { emulatorStack, settingsProject, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

const REVEALED = "sb_secret_PartialFailureKey0123456789abcdefXYZ";

test("the revealed key of a partial failure is stored encrypted", async () => {
  const { emu, dirs } = suite;
  const captured: string[] = [];
  const onOutput = (o: string) => void captured.push(o);
  const s = await emulatorStack(emu, async () => {
    const project = settingsProject();
    new supabase.ApiKey("ci", { projectRef: project.ref, type: "secret", name: "ci_key", description: "fresh" });
  });
  dirs.push(s.dir);
  // The create answers the revealed key with a stale description, so the provider PATCHes it; the PATCH then
  // fails (the key is unknown to the service), and the key is recorded as a partial failure.
  await emu.addFault({
    method: "POST",
    path: "/v1/projects/{ref}/api-keys",
    status: 201,
    times: 1,
    body: {
      id: "8f9d3c1e-0000-4000-8000-00000000abcd",
      name: "ci_key",
      type: "secret",
      api_key: REVEALED,
      prefix: REVEALED.slice(0, 14),
      description: "stale",
      secret_jwt_template: { role: "service_role" },
      hash: null,
      inserted_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    },
  });
  await expect(s.stack.up({ parallel: 8, onOutput })).rejects.toThrow();

  const exported = await s.cli(["stack", "export"]);
  expect(exported.code).toBe(0);
  const dep = JSON.parse(exported.stdout).deployment;
  const key = dep.resources.find((r: any) => r.type === "pulumi-nodejs:dynamic/supabase:ApiKey");
  expect(key).toBeDefined();
  expect(key.id).toContain("8f9d3c1e-0000-4000-8000-00000000abcd");
  expect(key.outputs.apiKey).toHaveProperty("ciphertext");
  expect(`${exported.stdout}\n${captured.join("\n")}`).not.toContain(REVEALED);
  await s.stack.destroy({ parallel: 8 }).catch(() => undefined);
});
