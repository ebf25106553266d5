// One edge function per file of the functions/ folder, named after the file.
// Only each file's SHA-256 is compared, so an unchanged file is never sent again.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Functions Example" });
const project = new supabase.Project("project", {
  name: "functions-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

// Paths relative to the program's directory, so state holds no machine path.
const folder = path.relative(process.cwd(), path.join(__dirname, "functions"));
const functions = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith(".ts"))
  .sort()
  .map(
    (file) =>
      new supabase.Function(path.basename(file, ".ts"), {
        projectRef: project.ref,
        slug: path.basename(file, ".ts"),
        verifyJwt: false,
        sourcePath: path.join(folder, file),
      }),
  );

export const versions = Object.fromEntries(functions.map((f) => [f.slug, f.version]));
