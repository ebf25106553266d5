/** A project's network bans and network restrictions. */
import { enc, ManagementTransport } from "../transport";
import {
  networkBansSchema,
  networkRestrictionsSchema,
  type NetworkBans,
  type NetworkRestrictions,
  type NetworkRestrictionsBody,
  type RemoveNetworkBansBody,
} from "../settings";

export abstract class NetworkEndpoints extends ManagementTransport {
  /** Reads the bans (a POST that only reads: retryable). */
  getNetworkBans(ref: string): Promise<NetworkBans> {
    return this.typed(networkBansSchema, "POST", `/v1/projects/${enc(ref)}/network-bans/retrieve`, {
      idempotent: true,
    });
  }

  async removeNetworkBans(ref: string, ipv4Addresses: string[]): Promise<void> {
    // `requester_ip` is required by the document: false, since the addresses are listed.
    const body: RemoveNetworkBansBody = { ipv4_addresses: ipv4Addresses, requester_ip: false };
    await this.request("DELETE", `/v1/projects/${enc(ref)}/network-bans`, {
      body,
      expect: "empty",
    });
  }

  getNetworkRestrictions(ref: string): Promise<NetworkRestrictions> {
    return this.typed(networkRestrictionsSchema, "GET", `/v1/projects/${enc(ref)}/network-restrictions`);
  }

  /** Replaces the whole config. Applying the same config twice has the same effect: retryable. */
  applyNetworkRestrictions(ref: string, config: Required<NetworkRestrictionsBody>): Promise<NetworkRestrictions> {
    return this.typed(networkRestrictionsSchema, "POST", `/v1/projects/${enc(ref)}/network-restrictions/apply`, {
      body: config,
      idempotent: true,
    });
  }
}
