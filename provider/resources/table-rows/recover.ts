/**
 * What `supabase-pulumi recover` does with a TableRows create that a killed
 * run left pending: inserts are not upserts, so creating again would be
 * refused on the rows the interrupted create already inserted. It reads the
 * declared rows by key; when some exist, they are recorded as inserted (as a
 * partial create records the batches that committed), and the next `up`
 * inserts the rest and corrects the values.
 */
import type { CreatedObject, RecoverHook } from "../../kind";
import type { Props } from "../common";
import { connect } from "./connection";
import { readRows } from "./reads";
import { rowState } from "./row-state";
import type { Row } from "./validation";
import { idOf, outputs, schemaFor } from "./writes";

export const tableRowsRecover: RecoverHook = {
  identity: (inputs) => `the declared rows of ${String(inputs.table)}, by key`,
  async findCreated(inputs: Props, held: ReadonlySet<string>): Promise<CreatedObject[]> {
    const ctx = await connect(inputs);
    const { schema, rows, key } = await schemaFor(inputs, ctx);
    const id = idOf(inputs, schema);
    if (held.has(id)) return [];
    const keyed = rows.map((row) => ({ row, k: Object.keys(rowState(schema, key, [row]).rows)[0] }));
    const live = await readRows(
      ctx,
      schema,
      key,
      keyed.map((r) => r.k),
      [],
      (inputs.pageSize as number) ?? 30,
    );
    const done: Row[] = keyed.filter((r) => live.has(r.k)).map((r) => r.row);
    if (done.length === 0) return [];
    return [
      {
        id,
        label: `${done.length} of ${rows.length} declared rows of ${schema.sqlSchema}.${schema.sqlTable} exist`,
        outputs: outputs(inputs, schema, key, rowState(schema, key, done)),
      },
    ];
  },
};
