import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("customHostname");

export interface CustomHostnameArgs {
  /** The project's reference. A change replaces the hostname. */
  projectRef: pulumi.Input<string>;
  /** A subdomain such as `api.example.com` (compared case-insensitively). A change replaces it. */
  hostname: pulumi.Input<string>;
  /** Verify DNS (within the service's 10-per-minute reverify budget) and activate. */
  activate?: pulumi.Input<boolean>;
  /** How long activation waits for DNS verification (default 1800). */
  activationTimeoutSeconds?: pulumi.Input<number>;
}

export interface DnsRecord {
  type: "CNAME" | "TXT";
  name: string;
  value: string;
  purpose: "routing" | "ownership" | "ssl";
}

/**
 * A project's custom hostname. Outputs the DNS records to publish, shaped for
 * a DNS provider's record resources in the same program.
 *
 * @example
 * ```ts
 * const host = new supabase.CustomHostname("api", { projectRef: project.ref, hostname: "api.example.com", activate: true });
 * host.dnsRecords.apply((records) => records.map((r) => new dns.Record(r.name, { type: r.type, name: r.name, value: r.value })));
 * ```
 */
export class CustomHostname extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly hostname: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly cnameTarget: pulumi.Output<string>;
  declare readonly dnsRecords: pulumi.Output<DnsRecord[]>;
  declare readonly ownershipRecord: pulumi.Output<DnsRecord | null>;
  declare readonly sslValidationRecords: pulumi.Output<DnsRecord[]>;

  constructor(name: string, args: CustomHostnameArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...args,
        status: undefined,
        cnameTarget: undefined,
        dnsRecords: undefined,
        ownershipRecord: undefined,
        sslValidationRecords: undefined,
      },
      opts,
      "supabase",
      "CustomHostname",
    );
  }
}
