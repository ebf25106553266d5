/**
 * One owner per schema of a project: two `DatabaseSchema`s owning the same
 * schema would each plan to drop the other's objects. Check records which
 * resource of the run owns which schemas of which project (ref) in the
 * provider process's context, and refuses a second owner, before any API
 * call. It needs to know which resource it judges (`CheckIdentity`): the
 * plugin's URN, or the name the SDK's class passes. Without one (an older
 * SDK, a direct call) nothing is compared; the same identity checked again
 * (preview, then up; a changed declaration) replaces its own record.
 */
import { providerContext } from "../../context";
import type { CheckFailure, CheckIdentity } from "../common";

export function claimSchemas(
  identity: CheckIdentity | undefined,
  ref: string,
  schemas: readonly string[],
): CheckFailure[] {
  if (!identity) return [];
  const owners = providerContext().schemaOwners;
  const failures: CheckFailure[] = [];
  for (const [key, other] of owners) {
    if (key === identity.key || other.ref !== ref) continue;
    for (const s of schemas.filter((x) => other.schemas.includes(x)))
      failures.push({
        property: "schemas",
        reason:
          `schema "${s}" of project ${ref} is already owned by the DatabaseSchema "${other.name}": a schema has one ` +
          "owner, since each would drop what the other declares. Declare it in one of them.",
      });
  }
  if (failures.length === 0) owners.set(identity.key, { ref, schemas: [...schemas], name: identity.name });
  else owners.delete(identity.key);
  return failures;
}
