/**
 * A resource's usage example (`ResourceDoc.usage`: input values as data)
 * rendered in TypeScript, Pulumi YAML and Go. The Go field names and types
 * come from the generated Go SDK (sdks/go), so each value is written as the
 * literal its field takes (`pulumi.String`, `pulumi.StringArray{…}`, an enum's
 * conversion, …). tests/e2e/docs-usage.e2e.test.ts type-checks, vets and runs
 * what the pages show.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  UsageOutput,
  UsageSecret,
  type ResourceDoc,
  type ResourceUsage,
  type UsageValue,
} from "../provider/resource-doc";

/** A logical name as a variable: `plans-table` → `plansTable`. */
export function variableOf(name: string): string {
  return name.replace(/[-_ ]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function isRecord(v: UsageValue): v is { readonly [key: string]: UsageValue } {
  return typeof v === "object" && !Array.isArray(v) && !(v instanceof UsageOutput) && !(v instanceof UsageSecret);
}

/** Every output, secret and dependency a usage refers to. */
export function referencesOf(usage: ResourceUsage): { resources: string[]; secrets: string[] } {
  const resources = new Set<string>(usage.dependsOn ?? []);
  const secrets = new Set<string>();
  const walk = (v: UsageValue): void => {
    if (v instanceof UsageOutput) resources.add(v.resource);
    else if (v instanceof UsageSecret) secrets.add(v.key);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) Object.values(v).forEach(walk);
  };
  Object.values(usage.inputs).forEach(walk);
  return { resources: [...resources], secrets: [...secrets] };
}

// ---- TypeScript

const tsKey = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

function tsValue(v: UsageValue, indent: string): string {
  if (v instanceof UsageOutput) return `${variableOf(v.resource)}.${v.output}`;
  if (v instanceof UsageSecret) return `config.requireSecret(${JSON.stringify(v.key)})`;
  if (Array.isArray(v)) {
    if (v.every((e) => !isRecord(e))) return `[${v.map((e) => tsValue(e, indent)).join(", ")}]`;
    const inner = `${indent}  `;
    return `[\n${v.map((e) => `${inner}${tsValue(e, inner)},`).join("\n")}\n${indent}]`;
  }
  if (isRecord(v)) {
    const inline = `{ ${Object.entries(v)
      .map(([k, e]) => `${tsKey(k)}: ${tsValue(e, indent)}`)
      .join(", ")} }`;
    if (indent && !inline.includes("\n") && inline.length + indent.length <= 80) return inline;
    const inner = `${indent}  `;
    const entries = Object.entries(v).map(([k, e]) => `${inner}${tsKey(k)}: ${tsValue(e, inner)},`);
    return `{\n${entries.join("\n")}\n${indent}}`;
  }
  if (typeof v === "string" && v.includes('"') && !/['\\\n]/.test(v)) return `'${v}'`;
  return JSON.stringify(v);
}

export function renderTypeScript(doc: ResourceDoc): string {
  const u = doc.usage;
  const deps = u.dependsOn?.length ? `, { dependsOn: [${u.dependsOn.map(variableOf).join(", ")}] }` : "";
  return `const ${variableOf(u.name)} = new supabase.${doc.name}(${JSON.stringify(u.name)}, ${tsValue(u.inputs, "")}${deps});`;
}

// ---- YAML

function yamlScalar(v: string | number | boolean): string {
  if (typeof v !== "string") return String(v);
  const plain =
    /^[A-Za-z_./][\w ./:@,*()-]*$/.test(v) && !/[:#] |:$| $/.test(v) && !/^(true|false|yes|no|on|off|null|~)$/i.test(v);
  if (plain) return v;
  return v.includes('"') && !/['\\\n]/.test(v) ? `'${v}'` : JSON.stringify(v);
}

function yamlValue(v: UsageValue, indent: string): string {
  if (v instanceof UsageOutput) return ` \${${v.resource}.${v.output}}`;
  if (v instanceof UsageSecret) return ` \${${v.key}}`;
  if (Array.isArray(v)) {
    const items = v.map((e) => {
      const body = yamlValue(e, `${indent}  `);
      return isRecord(e) ? `${indent}- ${body.slice(indent.length + 3)}` : `${indent}-${body}`;
    });
    return `\n${items.join("\n")}`;
  }
  if (isRecord(v))
    return `\n${Object.entries(v)
      .map(([k, e]) => `${indent}${yamlScalar(k)}:${yamlValue(e, `${indent}  `)}`)
      .join("\n")}`;
  return ` ${yamlScalar(v as string | number | boolean)}`;
}

export function renderYaml(doc: ResourceDoc): string {
  const u = doc.usage;
  const lines = [`resources:`, `  ${u.name}:`, `    type: supabase:index:${doc.name}`];
  lines.push(`    properties:${yamlValue(u.inputs, "      ")}`);
  if (u.dependsOn?.length)
    lines.push("    options:", "      dependsOn:", ...u.dependsOn.map((d) => `        - \${${d}}`));
  return lines.join("\n");
}

// ---- Go

const GO_SDK = path.resolve(
  __dirname,
  fs.existsSync(path.resolve(__dirname, "../package.json")) ? ".." : "../..",
  "sdks/go/supabase",
);

let goSource: string | undefined;
/** Every file of the generated Go SDK, as one text. */
function goSdk(): string {
  goSource ??= fs
    .readdirSync(GO_SDK)
    .filter((f) => f.endsWith(".go"))
    .sort()
    .map((f) => fs.readFileSync(path.join(GO_SDK, f), "utf8"))
    .join("\n");
  return goSource;
}

/** The fields of a Go struct of the SDK: `[goName, type, pulumi tag]`. */
function goStruct(name: string): { name: string; type: string; tag?: string }[] {
  const m = new RegExp(`^type ${name} struct \\{\\n([\\s\\S]*?)^\\}`, "m").exec(goSdk());
  if (!m) throw new Error(`the Go SDK (sdks/go) has no struct ${name}`);
  return m[1]
    .split("\n")
    .map((l) => /^\t(\w+)\s+(\S+)(?:\s+`pulumi:"(\w+)"`)?/.exec(l))
    .filter((f): f is RegExpExecArray => f !== null)
    .map((f) => ({ name: f[1], type: f[2], tag: f[3] }));
}

/** Go's name and input type of each field of an object type (`Project`, `StorageConfigFeatures`), by schema name. */
function goFields(typeName: string): Map<string, { name: string; type: string }> {
  const lower = typeName.charAt(0).toLowerCase() + typeName.slice(1);
  const plainStruct = goSdk().includes(`type ${lower}Args struct {`) ? `${lower}Args` : lower;
  const types = new Map(goStruct(`${typeName}Args`).map((f) => [f.name, f.type]));
  const out = new Map<string, { name: string; type: string }>();
  for (const f of goStruct(plainStruct)) if (f.tag) out.set(f.tag, { name: f.name, type: types.get(f.name)! });
  return out;
}

/** A Go output field's name (`ref` → `Ref`) as the SDK's resource struct declares it. */
function goOutputName(className: string, output: string): string {
  return goStruct(className).find((f) => f.tag === output)?.name ?? upperFirst(output);
}

/** A Go string literal: raw (in backquotes) when that spares escaping quotes. */
const goString = (v: string) => (v.includes('"') && !/[`\n]/.test(v) ? `\`${v}\`` : JSON.stringify(v));

function goAny(v: UsageValue, indent: string): string {
  if (typeof v === "string") return `pulumi.String(${goString(v)})`;
  if (typeof v === "boolean") return `pulumi.Bool(${v})`;
  if (typeof v === "number") return Number.isInteger(v) ? `pulumi.Int(${v})` : `pulumi.Float64(${v})`;
  if (Array.isArray(v)) return `pulumi.Array{${v.map((e) => goAny(e, indent)).join(", ")}}`;
  return goMap("pulumi.Map", v as Record<string, UsageValue>, indent, (e, i) => goAny(e, i));
}

/**
 * Key-value lines of a Go composite literal, aligned as gofmt aligns them:
 * the values of consecutive one-line entries start in one column; an entry
 * spanning lines stands alone.
 */
function goEntries(entries: readonly (readonly [string, string])[], indent: string): string {
  const out: string[] = [];
  let run: (readonly [string, string])[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map(([k]) => k.length));
    for (const [k, v] of run) out.push(`${indent}${k}:${" ".repeat(width - k.length + 1)}${v},`);
    run = [];
  };
  for (const [k, v] of entries) {
    if (!v.includes("\n")) {
      run.push([k, v]);
      continue;
    }
    flush();
    out.push(`${indent}${k}: ${v},`);
  }
  flush();
  return out.join("\n");
}

function goMap(
  type: string,
  v: Readonly<Record<string, UsageValue>>,
  indent: string,
  value: (e: UsageValue, indent: string) => string,
): string {
  const inner = `${indent}\t`;
  const entries = Object.entries(v).map(([k, e]) => [JSON.stringify(k), value(e, inner)] as const);
  return `${type}{\n${goEntries(entries, inner)}\n${indent}}`;
}

function goValue(v: UsageValue, type: string, indent: string, classOf: (resource: string) => string): string {
  if (v instanceof UsageOutput) return `${variableOf(v.resource)}.${goOutputName(classOf(v.resource), v.output)}`;
  if (v instanceof UsageSecret) return `cfg.RequireSecret(${JSON.stringify(v.key)})`;
  const base = type.replace(/^pulumi\./, "").replace(/(Ptr)?Input$/, "");
  if (type.startsWith("pulumi.")) {
    switch (base) {
      case "String":
        return `pulumi.String(${goString(v as string)})`;
      case "Bool":
      case "Int":
      case "Float64":
        return `pulumi.${base}(${JSON.stringify(v)})`;
      case "StringArray":
        return `pulumi.StringArray{${(v as UsageValue[]).map((e) => goValue(e, "pulumi.StringInput", indent, classOf)).join(", ")}}`;
      case "StringMap":
        return goMap("pulumi.StringMap", v as Record<string, UsageValue>, indent, (e) =>
          goValue(e, "pulumi.StringInput", indent, classOf),
        );
      case "Map":
        return goMap("pulumi.Map", v as Record<string, UsageValue>, indent, (e, i) => goAny(e, i));
      case "MapArray": {
        const inner = `${indent}\t`;
        const items = (v as Record<string, UsageValue>[]).map((e) => `${inner}${goAny(e, inner)},`);
        return `pulumi.MapArray{\n${items.join("\n")}\n${indent}}`;
      }
      case "Any":
      case "": // pulumi.Input: a property of several types (a number or a string)
        return goAny(v, indent);
    }
    throw new Error(`no Go literal for ${type}`);
  }
  // A type of the SDK: an enum (a string type) or an object (…Args).
  if (new RegExp(`^type ${base} string$`, "m").test(goSdk())) return `supabase.${base}(${JSON.stringify(v)})`;
  return goObject(base, v as Record<string, UsageValue>, indent, classOf, "&");
}

function goObject(
  typeName: string,
  v: Readonly<Record<string, UsageValue>>,
  indent: string,
  classOf: (resource: string) => string,
  prefix = "",
): string {
  const fields = goFields(typeName);
  const inner = `${indent}\t`;
  const entries = Object.entries(v).map(([k, e]) => {
    const f = fields.get(k);
    if (!f) throw new Error(`the Go SDK's ${typeName}Args has no field for ${k}`);
    return [f.name, goValue(e, f.type, inner, classOf)] as const;
  });
  return `${prefix}supabase.${typeName}Args{\n${goEntries(entries, inner)}\n${indent}}`;
}

/**
 * The Go declaration; `classOf` names the class of another resource of the
 * examples (for its outputs' Go names). A resource others refer to is kept in
 * a variable, any other one only checked for an error.
 */
export function renderGo(doc: ResourceDoc, classOf: (resource: string) => string, referenced: boolean): string {
  const u = doc.usage;
  const args = goObject(doc.name, u.inputs, "", classOf, "&");
  const deps = u.dependsOn?.length
    ? `, pulumi.DependsOn([]pulumi.Resource{${u.dependsOn.map(variableOf).join(", ")}})`
    : "";
  const call = `supabase.New${doc.name}(ctx, ${JSON.stringify(u.name)}, ${args}${deps})`;
  if (referenced) return `${variableOf(u.name)}, err := ${call}\nif err != nil {\n\treturn err\n}`;
  return `if _, err := ${call}; err != nil {\n\treturn err\n}`;
}
