// A custom hostname and the DNS records to publish for it. The `dnsRecords`
// output has the shape a DNS provider's record resources take, for example:
//
//   host.dnsRecords.apply((records) =>
//     records.map((r, i) => new cloudflare.Record(`dns-${i}`, { zoneId, type: r.type, name: r.name, content: r.value })),
//   );
//
// Records built from the outputs exist only after the first `up`, so keep
// `activate` false until they are published, then set it to true.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Hostname Example" });
const project = new supabase.Project("project", {
  name: "hostname-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

const host = new supabase.CustomHostname("api", {
  projectRef: project.ref,
  hostname: config.get("hostname") ?? "api.example.com",
  activate: config.getBoolean("activate") ?? false,
});

export const hostnameStatus = host.status;
export const dnsRecords = host.dnsRecords;
