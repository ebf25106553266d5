/**
 * The imported program as text: `index.ts` for TypeScript, or the whole
 * `Pulumi.yaml` for YAML (resources under the plugin's tokens
 * `supabase:index:<Kind>`), with the secrets it needs first: a program run
 * without one of them stops before declaring anything, naming every missing
 * key and the command that sets it.
 */
import { UsageOutput, UsageSecret, type UsageValue } from "../../provider/resource-doc";
import type { Declaration, ImportedProgram } from "./collect";

/** A resource name as a variable: `shop-auth` → `shopAuth`. */
export function variableOf(name: string): string {
  const v = name.replace(/[-_ ]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase()).replace(/[^\w$]/g, "_");
  return /^[A-Za-z_$]/.test(v) ? v : `_${v}`;
}

const isRecord = (v: UsageValue): v is { readonly [key: string]: UsageValue } =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof UsageOutput) &&
  !(v instanceof UsageSecret);

const tsKey = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

function tsValue(v: UsageValue): string {
  if (v instanceof UsageOutput) return `${variableOf(v.resource)}.${v.output}`;
  if (v instanceof UsageSecret) return `config.requireSecret(${JSON.stringify(v.key)})`;
  if (v === null) return "null";
  if (Array.isArray(v)) return `[${v.map(tsValue).join(", ")}]`;
  if (isRecord(v))
    return `{ ${Object.entries(v)
      .map(([k, e]) => `${tsKey(k)}: ${tsValue(e)}`)
      .join(", ")} }`;
  if (typeof v === "string" && v.includes("\n")) return `\`${v.replace(/[`\\]/g, "\\$&").replace(/\$\{/g, "\\${")}\``;
  return JSON.stringify(v);
}

const comment = (lines: readonly string[] | undefined, indent = "") =>
  (lines ?? []).map((l) => `${indent}// ${l}\n`).join("");

export function renderTypeScript(program: ImportedProgram): string {
  const keys = program.secrets.map((s) => s.key);
  const head = [
    `// Written by \`supabase-pulumi import\` from the live ${program.name}. Every resource takes over what exists:`,
    `// the first \`pulumi up\` creates and writes nothing. See README.md for the secrets to set first.`,
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as supabase from "supabase-pulumi";`,
    ``,
    `const config = new pulumi.Config();`,
  ];
  if (keys.length > 0)
    head.push(
      ``,
      `// Secret values are never read from the service: set each (README.md) before the first up.`,
      `const missing = ${tsValue(keys)}.filter((key) => config.getSecret(key) === undefined);`,
      `if (missing.length > 0) {`,
      `  throw new Error(`,
      `    \`Set these secrets before running up (nothing was changed):\\n\${missing.map((key) => \`  pulumi config set --secret \${key} <value>\`).join("\\n")}\`,`,
      `  );`,
      `}`,
    );
  const body = program.declarations.map((d: Declaration) => {
    const deps = d.dependsOn?.length ? `, { dependsOn: [${d.dependsOn.map(variableOf).join(", ")}] }` : "";
    return `${comment(d.comment)}const ${variableOf(d.name)} = new supabase.${d.type}(${JSON.stringify(d.name)}, ${tsValue(d.inputs)}${deps});`;
  });
  const exported = program.declarations.filter((d) => d.type === "Project").map((d) => variableOf(d.name));
  const exports = exported.map((v) => `export const ${v}Ref = ${v}.ref;`);
  return `${head.join("\n")}\n\n${body.join("\n\n")}\n\n${exports.join("\n")}\n`;
}

// ---- YAML

function yamlScalar(v: string | number | boolean | null): string {
  if (v === null) return "null";
  if (typeof v !== "string") return String(v);
  const plain =
    /^[A-Za-z_./][\w ./@,*()-]*$/.test(v) &&
    !/[:#] |:$| $/.test(v) &&
    !/^(true|false|yes|no|on|off|null|y|n|~)$/i.test(v);
  return plain ? v : JSON.stringify(v);
}

/** Pulumi YAML interpolates `${…}` in strings: a literal one is written `$${…}`. */
const yamlText = (v: string) => yamlScalar(v.replace(/\$\{/g, "$$$${"));

function yamlValue(v: UsageValue, indent: string): string {
  if (v instanceof UsageOutput) return ` \${${v.resource}.${v.output}}`;
  if (v instanceof UsageSecret) return ` \${${v.key}}`;
  if (v === null || typeof v !== "object") {
    // A block keeps text as written; text a block would change (leading space, trailing newline) is quoted.
    if (typeof v === "string" && v.includes("\n") && !/^\s|\n$/.test(v))
      return ` |-\n${v
        .split("\n")
        .map((l) => (l === "" ? "" : `${indent}${l.replace(/\$\{/g, "$$$${")}`))
        .join("\n")}`;
    return ` ${typeof v === "string" ? yamlText(v) : yamlScalar(v)}`;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return " []";
    return `\n${v.map((e) => `${indent}-${yamlValue(e, `${indent}  `).replace(/^\n\s*/, " ")}`).join("\n")}`;
  }
  const entries = Object.entries(v as Record<string, UsageValue>);
  if (entries.length === 0) return " {}";
  return `\n${entries.map(([k, e]) => `${indent}${yamlScalar(k)}:${yamlValue(e, `${indent}  `)}`).join("\n")}`;
}

export function renderYaml(program: ImportedProgram): string {
  const lines = [
    `# Written by \`supabase-pulumi import\` from the live ${program.name}. Every resource takes over what exists:`,
    `# the first \`pulumi up\` creates and writes nothing. See README.md for the secrets to set first.`,
    `name: ${program.name}`,
    `runtime: yaml`,
    `description: ${yamlText(`${program.name}, imported by supabase-pulumi`)}`,
  ];
  if (program.secrets.length > 0) {
    lines.push("", "config:");
    for (const s of program.secrets) lines.push(`  ${s.key}:`, `    type: string`, `    secret: true`);
  }
  lines.push("", "resources:");
  for (const d of program.declarations) {
    for (const c of d.comment ?? []) lines.push(`  # ${c}`);
    lines.push(`  ${d.name}:`, `    type: supabase:index:${d.type}`, `    properties:${yamlValue(d.inputs, "      ")}`);
    if (d.dependsOn?.length)
      lines.push("    options:", "      dependsOn:", ...d.dependsOn.map((x) => `        - \${${x}}`));
  }
  const projects = program.declarations.filter((d) => d.type === "Project");
  if (projects.length > 0) {
    lines.push("", "outputs:");
    for (const p of projects) lines.push(`  ${variableOf(p.name)}Ref: \${${p.name}.ref}`);
  }
  return `${lines.join("\n")}\n`;
}
