/**
 * The plugin's Provider without the network: secrets in the engine's wire
 * format are unwrapped before a kind sees them and marked again on the way
 * out, URNs name their kind, and what cannot be imported says so.
 */
import {
  isSecret,
  kindOfUrn,
  markSecrets,
  pluginProvider,
  reveal,
  SECRET_SIG,
  SIG,
} from "../../../provider/plugin/provider";
import { packageSchema } from "../../../provider/plugin/package-schema";

const secret = (value: unknown) => ({ [SIG]: SECRET_SIG, value });
const urn = (type: string, name = "x") => `urn:pulumi:dev::proj::${type}::${name}`;
const plugin = pluginProvider("1.2.3");

test("serves its version and the package schema", () => {
  expect(plugin.version).toBe("1.2.3");
  expect(JSON.parse(plugin.schema!)).toEqual(packageSchema("1.2.3"));
});

test("a URN names its kind by the type token, under a parent too", () => {
  expect(kindOfUrn(urn("supabase:index:Project"))).toBe("project");
  expect(kindOfUrn(urn("my:component:Stack$supabase:index:AuthConfig"))).toBe("authConfig");
  expect(() => kindOfUrn(urn("supabase:index:Nope"))).toThrow(/unknown resource type "supabase:index:Nope"/);
});

test("secret markers are removed at any depth, and put back on named properties", () => {
  const touched = { secret: false };
  expect(reveal({ a: [secret("x")], b: { c: secret(secret(1)) } }, touched)).toEqual({ a: ["x"], b: { c: 1 } });
  expect(touched.secret).toBe(true);
  const marked = markSecrets({ a: "x", b: 1, c: undefined }, ["a", "c", "missing"]);
  expect(isSecret(marked.a)).toBe(true);
  expect(marked.b).toBe(1);
  expect(marked).not.toHaveProperty("missing");
});

test("check sees plain values and answers the schema's secret inputs, and any that arrived secret, marked", async () => {
  const r = await plugin.check!(
    urn("supabase:index:Project"),
    {},
    { name: secret("app"), organizationId: "acme", region: "eu-west-2", dbPass: "a-long-password" },
  );
  expect(r.failures).toEqual([]);
  expect(r.inputs.dbPass).toEqual(secret("a-long-password"));
  expect(r.inputs.name).toEqual(secret("app"));
  expect(r.inputs.region).toBe("eu-west-2");
});

test("check failures are the kind's own, with the secret value nowhere in them", async () => {
  const r = await plugin.check!(urn("supabase:index:Project"), {}, { name: "app", dbPass: secret("short") });
  expect(r.failures!.map((f) => f.property).sort()).toEqual(["dbPass", "organizationId", "region"]);
  expect(JSON.stringify(r.failures)).not.toContain("short");
});

test("a kind that cannot be read by its ID refuses an import, saying why", async () => {
  await expect(plugin.read!("abc", urn("supabase:index:TableRows"), undefined)).rejects.toThrow(
    /supabase:index:TableRows cannot be imported: its inputs are the rows/,
  );
});

test("an unknown function is refused", async () => {
  await expect(plugin.invoke!("supabase:index:getNothing", {})).rejects.toThrow(/unknown function/);
});
