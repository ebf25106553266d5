/**
 * The documentation the configuration resources share: outputs, replace,
 * adopt, drift and destroy behaviour, and the API footprint of a
 * read-then-write settings endpoint. Each resource names what is its own.
 */
import { z } from "zod";
import { driftOutput } from "../../kind";
import { managementFootprint, type ResourceDoc, type ResourceUsage } from "../../resource-doc";

export interface ConfigDocSpec<I extends z.ZodObject = z.ZodObject> {
  name: string;
  page: string;
  manages: string;
  summary: string;
  inputs: I;
  /** The settings endpoint below `/v1/projects/{ref}/`, e.g. `config/auth`. */
  apiPath: string;
  method: "PATCH" | "PUT";
  notes: string[];
  /** The declaration the docs show in each language. */
  usage: ResourceUsage;
  /** Overrides of the shared texts, where the resource behaves differently. */
  drift?: string;
  destroy?: string;
  writeCalls?: string;
  deleteCalls?: string;
}

export function configDoc<I extends z.ZodObject>(spec: ConfigDocSpec<I>): ResourceDoc<I> {
  const { apiPath, method } = spec;
  return {
    name: spec.name,
    page: spec.page,
    manages: spec.manages,
    summary: spec.summary,
    inputs: spec.inputs,
    usage: spec.usage,
    outputs: z.object({
      projectRef: z.string(),
      previous: z
        .record(z.string(), z.unknown())
        .describe(
          "The values the declared fields had before this stack managed them (secrets excepted), in the API's names.",
        ),
      drift: driftOutput(
        "After a refresh that found drift: the declared fields changed out of band (secrets only by name). Cleared by `up`.",
      ),
    }),
    behaviour: {
      replace: "Only a change of `projectRef`.",
      adopt: "The default: declaring adopts whatever the project has; only declared fields that differ are written.",
      drift:
        spec.drift ??
        "Refresh compares the declared fields only, normalized. A value changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
      destroy:
        spec.destroy ??
        "Removes the resource from the stack only, by default. With `restoreOnDestroy: true`, writes back the values the declared fields had before.",
      notes: spec.notes,
    },
    ...managementFootprint({
      "create, update":
        spec.writeCalls ??
        `1 \`GET /v1/projects/{ref}\` + 1 \`GET …/${apiPath}\` (+1 \`${method} …/${apiPath}\` with the declared fields that differ)`,
      "read (refresh)": `1 \`GET /v1/projects/{ref}/${apiPath}\``,
      delete: spec.deleteCalls ?? `0 (with \`restoreOnDestroy\`: 1 \`GET\` project + 1 \`GET\` + 1 \`${method}\`)`,
    }),
  };
}
