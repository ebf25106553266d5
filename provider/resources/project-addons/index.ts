/**
 * ProjectAddons: a project's compute size and its point-in-time recovery and
 * IPv4 add-ons, only the declared ones. Its documentation is
 * `projectAddonsDoc` below; the rules it shares with the configuration
 * resources (declared fields only, adoption, drift, restoreOnDestroy) are
 * config/factory.ts's.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { projectAddonsImporter } from "./import";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import type { AddonVariant, WireSchemas } from "../../client";
import { managementClient, providerContext } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { configResource } from "../config/factory";
import type { Props, ResourceImpl } from "../common";
import { waitHealthy } from "../project";
import { projectRef } from "../shared";

/** The compute variants of the OpenAPI document's `addon_variant` enum. */
export const COMPUTE_SIZES = [
  "ci_micro",
  "ci_small",
  "ci_medium",
  "ci_large",
  "ci_xlarge",
  "ci_2xlarge",
  "ci_4xlarge",
  "ci_8xlarge",
  "ci_12xlarge",
  "ci_16xlarge",
  "ci_24xlarge",
  "ci_24xlarge_optimized_cpu",
  "ci_24xlarge_optimized_memory",
  "ci_24xlarge_high_memory",
  "ci_48xlarge",
  "ci_48xlarge_optimized_cpu",
  "ci_48xlarge_optimized_memory",
  "ci_48xlarge_high_memory",
] as const satisfies readonly WireSchemas["ApplyProjectAddonBody"]["addon_variant"][];
export const PITR_VARIANTS = ["pitr_7", "pitr_14", "pitr_28", "disabled"] as const;

export const projectAddonsInputs = z
  .object({
    projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
    computeSize: z
      .enum(COMPUTE_SIZES, { error: `computeSize must be one of ${COMPUTE_SIZES.join(", ")}` })
      .optional()
      .describe(
        "The compute size, as the service's variant id (`ci_micro`, `ci_small`, …). A change resizes the database, which restarts it; a downgrade is an update like any other.",
      )
      .meta({ typeName: "ComputeSize" }),
    pitr: z
      .enum(PITR_VARIANTS, { error: `pitr must be one of ${PITR_VARIANTS.join(", ")}` })
      .optional()
      .describe("Point-in-time recovery: `pitr_7`, `pitr_14` or `pitr_28` (days of history), or `disabled`.")
      .meta({ typeName: "PitrVariant" }),
    ipv4: z
      .boolean({ error: "ipv4 must be a boolean" })
      .optional()
      .describe("Whether the database has a dedicated IPv4 address (the `ipv4_default` add-on)."),
    restoreOnDestroy: z
      .boolean({ error: "restoreOnDestroy must be a boolean" })
      .optional()
      .describe(
        "On destroy, put back the add-ons the declared fields had before this stack managed them. Default false: destroy only removes the resource from the stack, and the project keeps its size and add-ons (billing continues).",
      ),
  })
  .strict();

async function readAddons(ref: string): Promise<Record<string, unknown>> {
  const ctx = providerContext();
  const a = await ctx.client.getProjectAddons(ref);
  // Kept in the context: the outputs show the variants' names and prices from it (`selection`).
  ctx.addonsRead.set(ref, a);
  const of = (type: string) => a.selected_addons.find((s) => s.type === type)?.variant.id;
  return {
    compute_instance: of("compute_instance") ?? null,
    pitr: of("pitr") ?? "disabled",
    ipv4: of("ipv4") !== undefined,
  };
}

async function writeAddons(ref: string, body: Record<string, unknown>, current: Record<string, unknown>) {
  const client = managementClient();
  if (typeof body.compute_instance === "string")
    await client.applyProjectAddon(ref, "compute_instance", body.compute_instance as AddonVariant);
  if (body.pitr === "disabled") {
    if (typeof current.pitr === "string" && current.pitr !== "disabled")
      await client.removeProjectAddon(ref, current.pitr as AddonVariant);
  } else if (typeof body.pitr === "string") await client.applyProjectAddon(ref, "pitr", body.pitr as AddonVariant);
  if (body.ipv4 === true) await client.applyProjectAddon(ref, "ipv4", "ipv4_default");
  else if (body.ipv4 === false && current.ipv4 === true) await client.removeProjectAddon(ref, "ipv4_default");
}

const base = configResource({
  fields: {
    computeSize: { api: "compute_instance", kind: "string" },
    pitr: { api: "pitr", kind: "string" },
    ipv4: { api: "ipv4", kind: "boolean" },
  },
  inputs: projectAddonsInputs,
  read: readAddons,
  write: writeAddons,
  // A resize restarts the database: wait until it is back.
  afterWrite: (ref) => waitHealthy(ref, 600).then(() => undefined),
  restoreByDefault: false,
});

/** The selected variants of the declared fields, with the names and prices the service lists. */
function selection(props: Props): Props {
  const ref = String(props.projectRef);
  const listed = providerContext().addonsRead.get(ref)?.available_addons ?? [];
  const describe = (type: string, id: unknown) => {
    const v = listed.find((t) => t.type === type)?.variants.find((x) => x.id === id);
    return v ? { type, id: v.id, name: v.name, price: v.price.description } : undefined;
  };
  const out: Props[] = [];
  if (typeof props.computeSize === "string") out.push(describe("compute_instance", props.computeSize) ?? {});
  if (typeof props.pitr === "string" && props.pitr !== "disabled") out.push(describe("pitr", props.pitr) ?? {});
  if (props.ipv4 === true) out.push(describe("ipv4", "ipv4_default") ?? {});
  return { ...props, selected: out.filter((s) => Object.keys(s).length > 0) };
}

export const projectAddons: ResourceImpl = {
  check: base.check,
  diff: base.diff,
  async create(inputs) {
    const r = await base.create(inputs);
    return { id: r.id, outs: selection(r.outs!) };
  },
  async read(id, props) {
    const r = await base.read(id, props);
    return { id: r.id, props: r.props && r.id ? selection(r.props) : r.props };
  },
  async update(id, olds, news) {
    const r = await base.update(id, olds, news);
    return { outs: selection(r.outs!) };
  },
  delete: base.delete,
};

const selectedSchema = z
  .object({
    type: z.string().describe("`compute_instance`, `pitr` or `ipv4`."),
    id: z.string().describe("The variant's id (`ci_small`, `pitr_7`, `ipv4_default`)."),
    name: z.string().describe("The variant's name as the service lists it (`Small`, `7 days`, …)."),
    price: z.string().describe("Its price as the service describes it (`$0.0206/hour (~$15/month)`)."),
  })
  .meta({ typeName: "SelectedAddon" });

export const projectAddonsDoc: ResourceDoc<typeof projectAddonsInputs> = {
  name: "ProjectAddons",
  page: "project-addons",
  usage: { name: "addons", inputs: { projectRef: usageProjectRef(), computeSize: "ci_small", pitr: "pitr_7" } },
  manages: "the compute size, point-in-time recovery and IPv4 add-ons (only declared ones)",
  summary:
    "A project's compute size and its billing add-ons for point-in-time recovery and a dedicated IPv4 address. Only the declared ones are managed; the outputs name each selected variant and its price as the service lists them.",
  inputs: projectAddonsInputs,
  outputs: z.object({
    projectRef: z.string(),
    computeSize: z.string().optional(),
    pitr: z.string().optional(),
    ipv4: z.boolean().optional(),
    restoreOnDestroy: z.boolean().optional(),
    selected: z
      .array(selectedSchema)
      .describe("The selected variant of each declared add-on, with its name and price as the service lists them."),
    previous: z
      .record(z.string(), z.unknown())
      .describe("What the declared add-ons were before this stack managed them (API names), for restoreOnDestroy."),
    drift: driftOutput(
      "After a refresh that found drift: the declared fields (`computeSize`, `pitr`, `ipv4`) changed out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts the project's current add-ons, and writes only the ones that differ.",
    drift:
      "An add-on changed out of band (a resize in the dashboard, PITR turned off) shows in the refreshed outputs and in `drift`, and `up` selects the declared one again.",
    destroy:
      "Removes the resource from the stack and leaves the add-ons as they are (default), or with `restoreOnDestroy: true` puts back the ones the project had before.",
    notes: [
      "A compute size change resizes the database, which restarts it: the resource waits until the project is `ACTIVE_HEALTHY` again. A downgrade is a normal update; nothing blocks it.",
      "`pitr: disabled` and `ipv4: false` remove the add-on when it is selected (`DELETE …/billing/addons/{variant}`).",
      "The variant ids are the OpenAPI document's; the names and prices come from the service's `available_addons` list.",
    ],
  },
  ...managementFootprint({
    "create, update":
      "1 `GET /v1/projects/{ref}` + 1 `GET …/billing/addons`, then per declared add-on that differs 1 `PATCH …/billing/addons` (or 1 `DELETE …/billing/addons/{variant}`), then ≥1 `GET /v1/projects/{ref}` until healthy",
    "read (refresh)": "1 `GET /v1/projects/{ref}/billing/addons`",
    delete: "none (with `restoreOnDestroy: true`: as an update back to the previous add-ons)",
  }),
};

export default defineKind(projectAddons, projectAddonsDoc, {
  recover: {
    adopts: "create applies only the declared add-ons the project lacks (applying one again changes nothing)",
  },
  importer: projectAddonsImporter,
});
