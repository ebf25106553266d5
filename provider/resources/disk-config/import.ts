/**
 * DiskConfig's importer: the live disk, declared only when it differs from a
 * new project's (gp3, 8 GB, 3,000 IOPS, 125 MiB/s), or always with
 * `--all-fields`. The declaration equals the live disk, so the first `up`
 * modifies nothing.
 */
import { managementClient } from "../../context";
import type { KindImporter } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";
import { GP3_DEFAULTS } from "./rules";

export const NEW_PROJECT_DISK_GB = 8;

export const diskConfigImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const a = (await managementClient().getDisk(ctx.ref!)).attributes as Record<string, unknown>;
    const isNew =
      a.type === "gp3" &&
      a.size_gb === NEW_PROJECT_DISK_GB &&
      a.iops === GP3_DEFAULTS.iops &&
      (a.throughput_mibps ?? GP3_DEFAULTS.throughputMibps) === GP3_DEFAULTS.throughputMibps;
    if (isNew && !ctx.allFields) return [];
    const inputs: Record<string, UsageValue> = {
      projectRef: new UsageOutput(ctx.names.project!, "ref"),
      sizeGb: a.size_gb as number,
      type: a.type as string,
      iops: a.iops as number,
    };
    if (a.type === "gp3" && typeof a.throughput_mibps === "number") inputs.throughputMibps = a.throughput_mibps;
    return [{ name: ctx.name("disk"), inputs }];
  },
};
