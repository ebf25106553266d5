/** The client's public methods: every endpoint group's methods are installed on the one class. */
import { ManagementClient } from "../../../provider/client";

const PUBLIC_METHODS = [
  "activateCustomHostname",
  "applyMigration",
  "applyNetworkRestrictions",
  "createApiKey",
  "createFunction",
  "createOrganization",
  "createProject",
  "deleteApiKey",
  "deleteCustomHostname",
  "deleteFunction",
  "deleteProject",
  "deleteSecrets",
  "deployFunction",
  "findOrganization",
  "findProject",
  "getApiKey",
  "getApiKeys",
  "getCustomHostname",
  "getFunction",
  "getFunctionBody",
  "getFunctionFiles",
  "getMigration",
  "getNetworkBans",
  "getNetworkRestrictions",
  "getPgsodium",
  "getProject",
  "getTypescriptTypes",
  "initializeCustomHostname",
  "listFunctions",
  "listMigrations",
  "listOrganizations",
  "listProjects",
  "listSecrets",
  "patchMigration",
  "removeNetworkBans",
  "request",
  "reverifyCustomHostname",
  "rollbackMigrations",
  "runQuery",
  "updateApiKey",
  "updateDatabasePassword",
  "updateFunction",
  "updatePgsodium",
  "updateProject",
  "upsertMigration",
  "upsertSecrets",
];

test("a client has exactly the documented methods, each callable", () => {
  const client = new ManagementClient({ apiUrl: "http://127.0.0.1:9", accessToken: () => "t" });
  const found = new Set<string>();
  for (let p = Object.getPrototypeOf(client); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== "constructor") found.add(name);
  }
  found.delete("typed"); // protected: the endpoint groups' schema-checked call
  expect([...found].sort()).toEqual([...PUBLIC_METHODS].sort());
  for (const name of PUBLIC_METHODS)
    expect(typeof (client as unknown as Record<string, unknown>)[name]).toBe("function");
});
