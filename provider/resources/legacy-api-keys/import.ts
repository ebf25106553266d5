/**
 * LegacyApiKeys' importer: the switch, declared only when the legacy keys
 * are off (a new project accepts them). A service that no longer has the
 * endpoint (404, announced) has nothing to import.
 */
import { managementClient } from "../../context";
import { isNotFound } from "../../errors";
import type { KindImporter } from "../../importer";
import { configImporter } from "../config/import";

const base = configImporter({
  kind: "legacyApiKeys",
  what: "legacy-keys",
  fields: { enabled: { api: "enabled", kind: "boolean" } },
  read: async (ref) => ({ enabled: await managementClient().getLegacyApiKeys(ref) }),
});

export const legacyApiKeysImporter: KindImporter = {
  scope: "project",
  read: (ctx) =>
    base.read(ctx).catch((err: unknown) => {
      if (isNotFound(err)) return [];
      throw err;
    }),
};
