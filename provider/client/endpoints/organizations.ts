/** Organizations: list, create, find by name. */
import { ManagementTransport } from "../transport";
import { organizationSchema, type CreateOrganizationInput, type Organization } from "../types";

export abstract class OrganizationEndpoints extends ManagementTransport {
  listOrganizations(): Promise<Organization[]> {
    return this.typed(organizationSchema.array(), "GET", "/v1/organizations");
  }

  /** Not idempotent: never retried. Wrap in `withUnknownOutcome` with `findOrganization`. */
  createOrganization(input: CreateOrganizationInput): Promise<Organization> {
    const body: CreateOrganizationInput = { name: input.name };
    return this.typed(organizationSchema, "POST", "/v1/organizations", { body });
  }

  /** The organization with this exact name, if any (first match). */
  async findOrganization(name: string): Promise<Organization | undefined> {
    return (await this.listOrganizations()).find((o) => o.name === name);
  }
}
