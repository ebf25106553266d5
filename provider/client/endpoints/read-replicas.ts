/**
 * Read replicas [Beta in the service's document]: set one up in a region,
 * remove one by its database identifier, and a project's databases (its
 * primary and its replicas), which the service lists only with the projects
 * of an organization (`GET /v1/organizations/{slug}/projects`, `databases`).
 */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

type WireOrganizationProject = WireSchemas["OrganizationProjectsResponse"]["projects"][number];
/** One database of a project: its identifier, type (PRIMARY or READ_REPLICA), region and status. */
export type ProjectDatabaseEntry = Open<WireOrganizationProject["databases"][number]>;
/** A project as an organization's list shows it, with its databases. */
export type OrganizationProject = Open<Omit<WireOrganizationProject, "databases">> & {
  databases: ProjectDatabaseEntry[];
};
export type ReadReplicaRegion = WireSchemas["SetUpReadReplicaBody"]["read_replica_region"];

const databaseSchema = z.looseObject({
  identifier: z.string(),
  type: z.string(),
  region: z.string(),
  status: z.string(),
});
const pageSchema = z
  .looseObject({
    projects: z.array(z.looseObject({ ref: z.string(), databases: z.array(databaseSchema).default([]) })),
    pagination: z.looseObject({ count: z.number(), limit: z.number(), offset: z.number() }),
  })
  .transform((p) => p as unknown as { projects: OrganizationProject[]; pagination: { count: number } });

/** The largest page the document allows. */
const PAGE = 100;

export abstract class ReadReplicaEndpoints extends ManagementTransport {
  /**
   * Sets up a read replica in `region`. The answer (201) has no body: the new
   * replica's identifier is only in the project's databases. Not idempotent
   * (a repeat sets up a second replica): never retried.
   */
  async setupReadReplica(ref: string, region: ReadReplicaRegion): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/read-replicas/setup`, {
      body: { read_replica_region: region } satisfies WireSchemas["SetUpReadReplicaBody"],
      expect: "text",
      idempotent: false,
    });
  }

  /** Removes the read replica `identifier`. Removing one that is going down changes nothing: retryable. */
  async removeReadReplica(ref: string, identifier: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/read-replicas/remove`, {
      body: { database_identifier: identifier } satisfies WireSchemas["RemoveReadReplicaBody"],
      expect: "text",
      idempotent: true,
    });
  }

  /** Every project of the organization with its databases, page by page (100 a page). */
  async listOrganizationProjects(slug: string): Promise<OrganizationProject[]> {
    const out: OrganizationProject[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.typed(pageSchema, "GET", `/v1/organizations/${enc(slug)}/projects`, {
        query: { offset, limit: PAGE, sort: "created_asc" },
      });
      out.push(...page.projects);
      if (page.projects.length < PAGE || out.length >= page.pagination.count) return out;
    }
  }
}
