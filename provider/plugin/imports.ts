/**
 * What `pulumi import <type> <name> <id>` does for each kind through the
 * plugin (the dynamic resources cannot be imported at all; there, `adopt`
 * takes an object over). An import reads the object by its ID alone, so the
 * inputs it answers are the ones the program must match: the object's own
 * names and settings, never a secret's value (write-only in the API), and for
 * the configuration kinds no setting at all (which settings a program
 * declares is its own choice). Kinds whose inputs are mostly write-only (code,
 * SQL, rows, values) cannot be imported; `adopt` remains their way in.
 * `npm run docs` renders each kind's line into its page.
 */
import type { ResourceKind } from "../registry";
import type { Props } from "../resources/common";

export type ImportRule =
  | {
      /** The ID `pulumi import` takes. */
      id: string;
      /** The inputs read back, beyond the ID's own parts. */
      reads: readonly string[];
      /** What the program still declares itself, and what its first `up` does about it. */
      note?: string;
      /** The inputs the ID itself names (e.g. `projectRef` of a configuration), added to what was read. */
      fromId?: (id: string) => Props;
    }
  | { id?: undefined; unsupported: string };

const projectScoped = (what: string): ImportRule => ({
  id: "the project's ref",
  reads: [],
  fromId: (id) => ({ projectRef: id }),
  note: `No ${what} is read back as an input: the program's declared ones are taken under management by its first \`up\` (an update).`,
});

export const importRules: Record<ResourceKind, ImportRule> = {
  organization: { id: "the organization's slug", reads: ["name"] },
  project: {
    id: "the project's ref",
    reads: ["name", "organizationId", "region", "postgresVersion"],
    note: "`postgresVersion` is read as the major the project runs. `dbPass` is not read back (the API never returns it): the program declares it, and `up` leaves the password alone until `dbPass` changes.",
  },
  secret: {
    id: "`<projectRef>/<name>`",
    reads: ["projectRef", "name"],
    note: "The value is not read back (the API returns only its digest): the program declares it, and `up` sets it only when its digest differs.",
  },
  secrets: { unsupported: "its inputs are secret values, which the API never returns; use `adopt`." },
  function: {
    unsupported:
      "its input is code, which the ID cannot tell; `adopt` takes it over (without a deploy when the declared files are the live ones), and `supabase-pulumi import` writes its files.",
  },
  functions: { unsupported: "its input is a folder of code, which the ID cannot tell." },
  customHostname: { unsupported: "its hostname's activation is a step of the program, not a readable setting." },
  pgsodium: { unsupported: "its input is the root key, a secret the program owns." },
  networkRestriction: projectScoped("range"),
  authConfig: projectScoped("setting"),
  postgrestConfig: projectScoped("setting"),
  postgresConfig: projectScoped("setting"),
  poolerConfig: projectScoped("setting"),
  storageConfig: projectScoped("setting"),
  sslEnforcement: projectScoped("setting"),
  apiKey: {
    id: "`<projectRef>/<keyId>`",
    reads: ["projectRef", "name"],
    note: "Its description and type are taken from the program at the first `up`.",
  },
  databaseMigration: { unsupported: "its input is SQL, which the ID cannot tell." },
  tableRows: { unsupported: "its inputs are the rows the program declares." },
  branch: { unsupported: "its ID (the branch's ref) does not name its parent project; use `adopt`." },
  storageBucket: {
    id: "`<projectRef>/<name>`",
    reads: ["projectRef", "name", "public", "fileSizeLimit", "allowedMimeTypes"],
    note: "A limit or type list the bucket does not have is not read back; `emptyOnDestroy` is taken from the program at the first `up`.",
  },
  realtimeConfig: projectScoped("setting"),
  thirdPartyAuth: {
    unsupported:
      "declaring it takes over the project's integration for the same issuer (or JWKS URL) at the first `up`, which is what an import would do.",
  },
  legacyApiKeys: projectScoped("setting"),
  databaseWebhooks: { id: "the project's ref", reads: [], fromId: (id) => ({ projectRef: id }) },
  ssoProvider: {
    id: "`<projectRef>/<providerId>`",
    reads: ["projectRef", "metadataUrl", "metadataXml", "domains", "attributeMapping", "nameIdFormat"],
  },
  signingKey: {
    id: "`<projectRef>/<signingKeyId>`",
    reads: ["projectRef", "algorithm", "status"],
    note: "The program declares `keyId` (or `legacy: true` for the legacy secret) to match.",
  },
  projectAddons: projectScoped("add-on"),
  vanitySubdomain: { id: "the project's ref", reads: ["subdomain"], fromId: (id) => ({ projectRef: id }) },
  backupSchedule: projectScoped("schedule"),
  restorePoint: { id: "`<projectRef>/<name>`", reads: ["projectRef", "name"] },
  jitAccessConfig: projectScoped("setting"),
  diskConfig: projectScoped("disk attribute"),
  readReplica: {
    id: "`<projectRef>/<identifier>`",
    reads: ["projectRef", "region", "identifier"],
    note: "The program may declare `identifier` too (what `supabase-pulumi import` writes); without it, the imported replica is kept as long as `projectRef` and `region` match.",
  },
};

/** One line for a kind's docs page. */
export function importLine(kind: ResourceKind): string {
  const rule = importRules[kind];
  if (rule.id === undefined) return `Not through \`pulumi import\`: ${rule.unsupported}`;
  const reads = rule.reads.length > 0 ? `; it reads back ${rule.reads.map((r) => `\`${r}\``).join(", ")}` : "";
  return `\`pulumi import\` (through the plugin) takes ${rule.id}${reads}.${rule.note ? ` ${rule.note}` : ""}`;
}
