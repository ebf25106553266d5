import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("customHostname");

export interface CustomHostnameArgs {
  /** The project's reference. A change replaces the hostname. */
  projectRef: pulumi.Input<string>;
  /** A subdomain such as `api.example.com` (compared case-insensitively). A change replaces the hostname. */
  hostname: pulumi.Input<string>;
  /** Verify DNS and activate the hostname (publish the DNS records first). */
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
 * A project's custom domain. Its outputs list every DNS record to publish as `{type, name, value, purpose}`, the
 * shape a DNS provider's record resources take in the same program. Inputs, outputs, behaviour and API footprint:
 * docs/resources/custom-hostname.md.
 */
export class CustomHostname extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly hostname: pulumi.Output<string>;
  /** The hostname's status as the service reports it (`5_services_reconfigured` once active). */
  declare readonly status: pulumi.Output<string>;
  /** Where the hostname's CNAME record must point. */
  declare readonly cnameTarget: pulumi.Output<string>;
  /** Every record to publish, as `{type, name, value, purpose}` (purpose: routing, ownership or ssl). */
  declare readonly dnsRecords: pulumi.Output<DnsRecord[]>;
  /** The TXT record that proves ownership, or null. */
  declare readonly ownershipRecord: pulumi.Output<DnsRecord | null>;
  /** The TXT records that validate the certificate. */
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
