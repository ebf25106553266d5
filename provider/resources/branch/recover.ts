/**
 * What `supabase-pulumi recover` does with a Branch create that a killed run
 * left pending: the branch name is unique per parent project, so creating
 * again would be refused once the interrupted create made it. It looks the
 * branch up by parent and name; the branch's own project ref is its id.
 */
import { managementClient } from "../../context";
import type { CreatedObject, RecoverHook } from "../../kind";

/** A branch whose project is going away is no longer the one a create made. */
const GOING = new Set(["GOING_DOWN", "REMOVED"]);

export const branchRecover: RecoverHook = {
  identity: (inputs) => `a branch named "${String(inputs.name)}" of project ${String(inputs.projectRef)}`,
  async findCreated(inputs, held): Promise<CreatedObject[]> {
    const b = await managementClient().findBranch(inputs.projectRef as string, inputs.name as string);
    if (!b || held.has(b.project_ref) || GOING.has(b.preview_project_status ?? "")) return [];
    return [
      {
        id: b.project_ref,
        createdAt: b.created_at,
        label: `branch ${b.project_ref} "${b.name}" (${b.status})`,
      },
    ];
  },
};
