/**
 * JitAccessConfig's importer: the switch, declared only when temporary access
 * is on (a new project has it off), or always with `--all-fields`. A project
 * the service cannot offer it to (`unavailable`) has nothing to import: the
 * import lists it as not imported, with the service's reason.
 */
import { jitEnabled, jitUnavailableReason } from "../../client/endpoints/jit-access";
import { managementClient } from "../../context";
import { NotImported, type KindImporter } from "../../importer";
import { UsageOutput } from "../../resource-doc";

export const jitAccessConfigImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const answer = await managementClient().getJitAccessConfig(ref);
    if (answer.state === "unavailable")
      throw new NotImported(`the service answered unavailable: ${jitUnavailableReason(answer)}`);
    const enabled = jitEnabled(ref, answer);
    if (!enabled && !ctx.allFields) return [];
    return [
      { name: ctx.name("jit-access"), inputs: { projectRef: new UsageOutput(ctx.names.project!, "ref"), enabled } },
    ];
  },
};
