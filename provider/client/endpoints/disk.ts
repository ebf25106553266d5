/** A project's database disk: its attributes, their modification, its utilization and autoscaling. */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type DiskAttributes = WireSchemas["DiskRequestBody"]["attributes"];
export type Disk = Open<WireSchemas["DiskResponse"]>;
export type DiskUtilization = Open<WireSchemas["DiskUtilMetricsResponse"]>;
export type DiskAutoscale = Open<WireSchemas["DiskAutoscaleConfig"]>;

const diskSchema = z
  .looseObject({
    attributes: z.looseObject({
      type: z.string(),
      size_gb: z.number(),
      iops: z.number(),
      throughput_mibps: z.number().optional(),
    }),
    last_modified_at: z.string().optional(),
  })
  .transform((d) => d as unknown as Disk);
const utilSchema = z
  .looseObject({
    timestamp: z.string(),
    metrics: z.looseObject({ fs_size_bytes: z.number(), fs_avail_bytes: z.number(), fs_used_bytes: z.number() }),
  })
  .transform((u) => u as unknown as DiskUtilization);
const autoscaleSchema = z
  .looseObject({
    growth_percent: z.number().nullable(),
    min_increment_gb: z.number().nullable(),
    max_size_gb: z.number().nullable(),
  })
  .transform((a) => a as unknown as DiskAutoscale);

/** The disk's use and its autoscaling, as `getDiskUtilization` answers them. */
export interface DiskUsage {
  /** When the service measured it. */
  timestamp: string;
  sizeBytes: number;
  usedBytes: number;
  availableBytes: number;
  autoscale: { growthPercent: number | null; minIncrementGb: number | null; maxSizeGb: number | null };
}

export abstract class DiskEndpoints extends ManagementTransport {
  getDisk(ref: string): Promise<Disk> {
    return this.typed(diskSchema, "GET", `/v1/projects/${enc(ref)}/config/disk`);
  }

  /**
   * Modifies the disk. Not repeated blindly: the service counts every
   * modification against its daily allowance, and refuses one that is the same.
   */
  async modifyDisk(ref: string, attributes: DiskAttributes): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/config/disk`, {
      body: { attributes } satisfies WireSchemas["DiskRequestBody"],
      expect: "text",
    });
  }

  getDiskUtilization(ref: string): Promise<DiskUtilization> {
    return this.typed(utilSchema, "GET", `/v1/projects/${enc(ref)}/config/disk/util`);
  }

  getDiskAutoscale(ref: string): Promise<DiskAutoscale> {
    return this.typed(autoscaleSchema, "GET", `/v1/projects/${enc(ref)}/config/disk/autoscale`);
  }

  /** The file system's use and the autoscaling settings together (two reads). */
  async getDiskUsage(ref: string): Promise<DiskUsage> {
    const [util, auto] = await Promise.all([this.getDiskUtilization(ref), this.getDiskAutoscale(ref)]);
    return {
      timestamp: util.timestamp,
      sizeBytes: util.metrics.fs_size_bytes,
      usedBytes: util.metrics.fs_used_bytes,
      availableBytes: util.metrics.fs_avail_bytes,
      autoscale: {
        growthPercent: auto.growth_percent ?? null,
        minIncrementGb: auto.min_increment_gb ?? null,
        maxSizeGb: auto.max_size_gb ?? null,
      },
    };
  }
}
