/**
 * CustomHostname's importer: the project's custom hostname, with `activate`
 * when it is active. Create takes a configured hostname over without a write.
 */
import { ApiError, isNotFound } from "../../errors";
import { managementClient } from "../../context";
import type { KindImporter } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

/** The status of an active hostname. */
const ACTIVE = "5_services_reconfigured";

export const customHostnameImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const h = await managementClient()
      .getCustomHostname(ref)
      .catch((err: unknown) => {
        if (isNotFound(err) || (ApiError.isApi(err) && err.status === 400)) return undefined;
        throw err;
      });
    if (!h?.custom_hostname) return [];
    const inputs: Record<string, UsageValue> = {
      projectRef: new UsageOutput(ctx.names.project!, "ref"),
      hostname: h.custom_hostname.toLowerCase(),
    };
    if (h.status === ACTIVE) inputs.activate = true;
    return [{ name: ctx.name("hostname"), inputs }];
  },
};
