/** CustomHostname: bad inputs are refused at check with field-level messages; diff compares hostnames normalized. */
import { provider } from "supabase-pulumi/runtime";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("customHostname", [
  ["an apex domain", {}, { projectRef: REF, hostname: "example.com" }, "hostname", /subdomain/],
  [
    "a hostname with an underscore",
    {},
    { projectRef: REF, hostname: "my_api.example.com" },
    "hostname",
    /valid DNS name/,
  ],
  [
    "a hostname with a scheme",
    {},
    { projectRef: REF, hostname: "https://api.example.com" },
    "hostname",
    /valid DNS name/,
  ],
  [
    "a zero activation timeout",
    {},
    { projectRef: REF, hostname: "api.example.com", activationTimeoutSeconds: 0 },
    "activationTimeoutSeconds",
    /positive/,
  ],
]);

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
