/** DatabaseSchema's inputs (zod): what the SDK's `DatabaseSchemaArgs` and the docs are generated from. */
import { z } from "zod";
import { SCHEMA_NAME } from "../../../pgschema";
import { projectRef } from "../shared";

export const databaseSchemaInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's (or a branch's) reference. A change replaces the resource.")
      .meta({ replaceOnChanges: true }),
    sourceDir: z
      .string({ error: "sourceDir must be a folder's path" })
      .min(1, "sourceDir must not be empty")
      .optional()
      .describe(
        "A folder of `.sql` files (searched recursively), loaded in lexicographic order of their paths, as the platform's CLI loads `supabase/schemas`. Relative to the program's folder. Give this or `sql`.",
      ),
    sql: z
      .string({ error: "sql must be a string" })
      .refine((s) => s.trim() !== "", "sql must not be empty")
      .optional()
      .describe("The declared schema as one SQL text. Give this or `sourceDir`."),
    schemas: z
      .array(
        z
          .string({ error: "each schema must be a name" })
          .regex(SCHEMA_NAME, "a schema name: lower-case letters, digits, `_` or `$`, not starting with a digit"),
        { error: "schemas must be a list of schema names" },
      )
      .min(1, "schemas must name at least one schema")
      .optional()
      .describe(
        'The schemas this resource owns (default `["public"]`): everything in them that the declaration lacks is dropped, and what it has is created. `storage` may be owned for its policies only.',
      ),
    allowDestructive: z
      .boolean({ error: "allowDestructive must be a boolean" })
      .optional()
      .describe(
        "Allow a plan that can lose data (dropping a table, a column or a schema, narrowing a type, removing an enum value). Default false: such a plan is refused, naming each statement.",
      ),
    migrationName: z
      .string({ error: "migrationName must be a string" })
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/,
        "migrationName must be 1-100 of [A-Za-z0-9_.-], starting with a letter or digit",
      )
      .optional()
      .describe(
        "The prefix of the migrations it records in the history (default `declarative_schema`), followed by the plan's digest.",
      ),
    onDelete: z
      .enum(["retain", "drop"], { error: 'onDelete must be "retain" or "drop"' })
      .optional()
      .describe(
        "On destroy: `retain` (default) leaves the database alone; `drop` drops the owned objects in one migration.",
      ),
  })
  .strict();
