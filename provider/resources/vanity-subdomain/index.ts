/**
 * VanitySubdomain: a project's `<name>.supabase.co` address [Beta in the
 * service's API]. Check warns, when the name changes, if the service says it
 * is not available (one call per name and process); create activates it.
 * Its documentation is `vanitySubdomainDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { vanitySubdomainImporter } from "./import";
import { ApiError, isNotFound } from "../../errors";
import { withUnknownOutcome, type VanitySubdomainConfig } from "../../client";
import { managementClient, providerContext } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";
import { warn } from "../warn";

export const VANITY_DOMAIN = "supabase.co";

export const vanitySubdomainInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the subdomain.")
      .meta({ replaceOnChanges: true }),
    subdomain: z
      .string({ error: "subdomain is required" })
      .regex(
        /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
        "subdomain must be 3 to 63 lowercase letters, digits and hyphens, not starting or ending with a hyphen (the name only: `acme`, not `acme.supabase.co`)",
      )
      .describe(
        "The name, e.g. `acme` for `acme.supabase.co`. A change activates the new name, which frees the old one.",
      ),
  })
  .strict();

const rules: FieldRule[] = [{ name: "projectRef", replaces: true }, { name: "subdomain" }];

/** The service's availability answer for the name, asked once per context (`undefined` when it could not tell). */
function isAvailable(ref: string, name: string): Promise<boolean | undefined> {
  const key = `${ref}/${name}`;
  const { client, subdomainAvailability: availability } = providerContext();
  let p = availability.get(key);
  if (!p) {
    // A warning is best effort: a failed check says nothing, and activation gives the real answer.
    // The service calls a project's own active name unavailable too: that one is this project's to keep.
    p = client
      .checkVanitySubdomain(ref, name)
      .then(async (ok) => ok || nameOf(await client.getVanitySubdomain(ref)) === name)
      .catch(() => undefined);
    availability.set(key, p);
  }
  return p;
}

const domainOf = (name: string) => `${name}.${VANITY_DOMAIN}`;
const nameOf = (c: VanitySubdomainConfig): string | undefined =>
  c.status === "active" && c.custom_domain ? c.custom_domain.replace(`.${VANITY_DOMAIN}`, "") : undefined;

function outputs(inputs: Props, status: string): Props {
  return {
    projectRef: inputs.projectRef,
    subdomain: inputs.subdomain,
    customDomain: domainOf(inputs.subdomain),
    status,
  };
}

/** Activates the name; a lost answer is settled by reading what the project has. */
async function activate(ref: string, name: string): Promise<void> {
  const client = managementClient();
  await withUnknownOutcome(
    () => client.activateVanitySubdomain(ref, name),
    async () => (nameOf(await client.getVanitySubdomain(ref)) === name ? domainOf(name) : undefined),
  );
}

export const vanitySubdomain: ResourceImpl = {
  async check(olds, news) {
    const r = checkWith(vanitySubdomainInputs, news);
    const name = r.data?.subdomain;
    if ((r.failures ?? []).length === 0 && name !== undefined && name !== olds.subdomain) {
      const ok = await isAvailable(r.data!.projectRef, name);
      if (ok === false)
        warn(
          `supabase: the vanity subdomain "${name}" (${domainOf(name)}) is not available: another project uses it or the service keeps it; activating it will fail. Choose another name.`,
        );
    }
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    return diffFields(olds, news, rules);
  },

  async create(inputs) {
    const ref: string = inputs.projectRef;
    // Adopts the name when the project already has it (an earlier activation whose answer was lost).
    const current = await managementClient().getVanitySubdomain(ref);
    if (nameOf(current) !== inputs.subdomain) await activate(ref, inputs.subdomain);
    return { id: ref, outs: outputs(inputs, "active") };
  },

  async read(id, props) {
    let current: VanitySubdomainConfig;
    try {
      current = await managementClient().getVanitySubdomain(id);
    } catch (err) {
      if (isNotFound(err)) return { id: "", props: {} };
      throw err;
    }
    const name = nameOf(current);
    // Deactivated out of band: gone, and the next up activates it again.
    if (name === undefined) return { id: "", props: {} };
    const next = outputs({ projectRef: id, subdomain: name }, current.status);
    const changed = props.subdomain !== undefined && props.subdomain !== name ? ["subdomain"] : [];
    return { id, props: withDrift({ ...props, ...next }, { changed }) };
  },

  async update(id, _olds, news) {
    const current = await managementClient().getVanitySubdomain(id);
    if (nameOf(current) !== news.subdomain) await activate(id, news.subdomain);
    return { outs: outputs(news, "active") };
  },

  async delete(id) {
    try {
      await managementClient().deleteVanitySubdomain(id);
    } catch (err) {
      if (!(
        isNotFound(err) ||
        (ApiError.isApi(err) && err.status === 400 && /not.*(found|configured)/i.test(err.apiMessage))
      ))
        throw err;
    }
  },
};

export const vanitySubdomainDoc: ResourceDoc<typeof vanitySubdomainInputs> = {
  name: "VanitySubdomain",
  page: "vanity-subdomain",
  usage: { name: "vanity", inputs: { projectRef: usageProjectRef(), subdomain: "acme-prod" } },
  manages: "the project's `<name>.supabase.co` address (Beta)",
  summary:
    "A project's vanity subdomain: `acme-prod.supabase.co` instead of `<ref>.supabase.co`. Beta: the service marks these endpoints [Beta], and they may change.",
  inputs: vanitySubdomainInputs,
  outputs: z.object({
    projectRef: z.string(),
    subdomain: z.string(),
    customDomain: z.string().describe("The full address, `<subdomain>.supabase.co`."),
    status: z.string().describe("`active` once activated, as the service reports it."),
    drift: driftOutput(
      "After a refresh that found drift: `subdomain` when another name was activated out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "A change of `projectRef`. A change of `subdomain` is an update: the new name is activated.",
    adopt: "The default: when the project already has this name active, create records it without activating again.",
    drift:
      "Refresh reports another name activated out of band (and `up` activates the declared one again); a subdomain deactivated out of band is gone from the stack, and `up` activates it again.",
    destroy:
      "Deactivates the subdomain (`DELETE …/vanity-subdomain`); the project answers at `<ref>.supabase.co` only.",
    notes: [
      "Beta: the service's document marks all four vanity-subdomain endpoints [Beta].",
      "Preview warns when the name is not available (another project uses it, or the platform keeps it): `check` asks the service's availability check once per name and process, only when the name changes; when the answer is no, it reads the project's own name, which the service calls unavailable too, and does not warn about that one. It is a warning, not a failure: the answer can change before `up`, and activation gives the final one.",
      "A project with an active custom domain cannot have a vanity subdomain: activation is refused until the custom domain is deleted.",
    ],
  },
  ...managementFootprint({
    "check, diff":
      "diff 0; check 0, or 1 `POST …/vanity-subdomain/check-availability` when the name changed (once per name and process)",
    create: "1 `GET /v1/projects/{ref}/vanity-subdomain` + 1 `POST …/vanity-subdomain/activate` (none when adopted)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/vanity-subdomain`",
    update: "as create",
    delete: "1 `DELETE /v1/projects/{ref}/vanity-subdomain`",
  }),
};

export default defineKind(vanitySubdomain, vanitySubdomainDoc, {
  recover: {
    adopts: "create reads the project's vanity subdomain and activates the name only when it is not already active",
  },
  importer: vanitySubdomainImporter,
});
