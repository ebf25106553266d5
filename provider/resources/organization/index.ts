/**
 * Organization: create, adopt, read through the list. Its documentation
 * (inputs, outputs, behaviour, API footprint) is `organizationDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import { organizationImporter } from "./import";
import { withUnknownOutcome } from "../../client/management";
import type { Organization } from "../../client/management";
import { managementClient, organizationsList, invalidateOrganizations } from "../../context";
import { withDrift } from "../drift";
import { displayName, optionalFlag } from "../shared";
import { managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";

export const organizationInputs = z
  .object({
    name: displayName.describe(
      "The organization's name (1..256 characters). The API cannot rename organizations: a change is refused at preview.",
    ),
    adopt: optionalFlag("adopt").describe(
      "Take over an existing organization with exactly this name instead of creating one.",
    ),
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
    const changed = props.name !== undefined && org.name !== props.name ? ["name"] : [];
    return { id: org.id, props: withDrift(outputs(props, org), { changed }) };
  },

  async update(_id, olds, news) {
    // Only `adopt` can differ here (a rename is refused at check).
    return { outs: { ...olds, ...news, name: olds.name } };
  },

  async delete() {
    // The API has no delete for organizations: removing it from the stack is
    // all that can be done (the doc's destroy behaviour says so).
  },
};

export const organizationDoc: ResourceDoc<typeof organizationInputs> = {
  name: "Organization",
  page: "organization",
  usage: { name: "org", inputs: { name: "Acme" } },
  manages: "an organization (created or adopted; the API cannot rename or delete it)",
  summary: "An organization. The management API can create organizations but neither rename nor delete them.",
  inputs: organizationInputs,
  outputs: z.object({
    name: z.string(),
    drift: driftOutput("After a refresh that found drift: `name` when it changed out of band. Cleared by `up`."),
    organizationId: z
      .string()
      .describe("The organization's id, which is its slug; projects take it as `organizationId`."),
    slug: z.string().describe("The organization's slug."),
    adopt: z.boolean().optional(),
  }),
  behaviour: {
    replace: "Never: nothing about an organization can change (a rename is refused at preview with a clear message).",
    adopt: "`adopt: true` takes over the organization with exactly this name.",
    drift: "Refresh reports an organization that is gone.",
    destroy:
      "Removes the organization from the stack only. The management API cannot delete organizations, so it stays in the service.",
  },
  ...managementFootprint({
    create:
      "1 `POST /v1/organizations` (+1 `GET /v1/organizations` with `adopt: true`, or when the POST's outcome is unknown)",
    "read (refresh)": "≤1 `GET /v1/organizations`, shared by every organization read",
    update: "0 (only `adopt` may change; it has no effect after create)",
    delete: "0",
  }),
  example: "adopt-existing",
};

/** An interrupted create may have made an organization of this name that no resource in the state holds. */
export const organizationRecover: RecoverHook = {
  identity: (inputs) => `an organization named "${String(inputs.name)}"`,
  async findCreated(inputs, held) {
    const orgs = await managementClient().listOrganizations();
    return orgs
      .filter((o) => o.name === inputs.name && !held.has(o.id))
      .map((o) => ({ id: o.id, label: `organization ${o.id} "${o.name}"` }));
  },
};

export default defineKind(organization, organizationDoc, {
  recover: organizationRecover,
  importer: organizationImporter,
});
