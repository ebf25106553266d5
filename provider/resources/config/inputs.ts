/**
 * The inputs every settings resource has besides its settings: the project,
 * and whether destroy writes the previous values back.
 */
import { z } from "zod";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import { projectRef } from "../shared";

/** A settings schema with the common inputs added, refusing unknown fields. */
export function configInputs<S extends z.ZodRawShape>(settings: z.ZodObject<S>) {
  return settings
    .extend({
      projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
      restoreOnDestroy: z
        .boolean({ error: "restoreOnDestroy must be a boolean" })
        .optional()
        .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
    })
    .strict();
}
