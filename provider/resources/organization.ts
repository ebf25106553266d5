/**
 * Organization: create, adopt, read through the list.
 *
 * The management API can neither rename nor delete organizations, so a rename
 * is refused at `check` and `delete` only drops the organization from the
 * stack (the organization itself stays).
 *
 * API footprint (management API calls per operation):
 * | operation      | calls                                                          |
 * |----------------|----------------------------------------------------------------|
 * | check, diff    | 0                                                              |
 * | create         | 1 POST /v1/organizations (+1 GET /v1/organizations only when   |
 * |                | the POST's outcome is unknown, or with `adopt: true`)          |
 * | read (refresh) | ≤1 GET /v1/organizations shared by every organization read     |
 * | update         | 0 (only `adopt` may change; it has no effect after create)     |
 * | delete         | 0                                                              |
 */
import { z } from "zod";
import { withUnknownOutcome } from "../client/management";
import type { Organization } from "../client/management";
import { managementClient, organizationsList, invalidateOrganizations } from "../context";
import { displayName } from "./shared";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "./common";

export const organizationInputs = z
  .object({
    name: displayName,
    adopt: z.boolean({ error: "adopt must be a boolean" }).optional(),
  })
  .strict();

export type OrganizationInputs = z.infer<typeof organizationInputs>;

const rules: FieldRule[] = [{ name: "name" }, { name: "adopt", ignore: true }];

function outputs(inputs: Props, org: Organization): Props {
  return {
    ...inputs,
    name: org.name,
    organizationId: org.id,
    slug: org.slug ?? org.id,
  };
}

export const organization: ResourceImpl = {
  async check(olds, news) {
    const result = checkWith(organizationInputs, news);
    const oldName = olds?.name;
    if (
      typeof oldName === "string" &&
      typeof news.name === "string" &&
      oldName !== "" &&
      news.name.trim() !== oldName
    ) {
      result.failures = [
        ...(result.failures ?? []),
        {
          property: "name",
          reason:
            `organizations cannot be renamed through the management API (from "${oldName}" to "${news.name}"). ` +
            `Rename it in the dashboard and update the program, or keep the old name.`,
        },
      ];
    }
    return { inputs: result.inputs, failures: result.failures };
  },

  async diff(_id, olds, news) {
    return diffFields(olds, news, rules);
  },

  async create(inputs) {
    const name = inputs.name as string;
    const client = managementClient();
    if (inputs.adopt) {
      const existing = await client.findOrganization(name);
      if (existing) return { id: existing.id, outs: outputs(inputs, existing) };
    }
    const org = await withUnknownOutcome(
      () => client.createOrganization({ name }),
      () => client.findOrganization(name),
    );
    invalidateOrganizations();
    return { id: org.id, outs: outputs(inputs, org) };
  },

  async read(id, props) {
    const all = await organizationsList();
    const org = all.find((o) => o.id === id || o.slug === id);
    if (!org) return { id: "", props: {} };
    return { id: org.id, props: outputs(props, org) };
  },

  async update(_id, olds, news) {
    // Only `adopt` can differ here (a rename is refused at check).
    return { outs: { ...olds, ...news, name: olds.name } };
  },

  async delete() {
    // The API has no delete for organizations: removing it from the stack is
    // all that can be done. The README says so.
  },
};

export default organization;
