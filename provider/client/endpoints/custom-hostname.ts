/** A project's custom hostname: read, initialize, reverify, activate, delete. */
import { enc, ManagementTransport } from "../transport";
import { customHostnameSchema, type CustomHostname } from "../settings";
import type { WireSchemas } from "../types";

export abstract class CustomHostnameEndpoints extends ManagementTransport {
  /** 400 "No custom hostname configuration found." when none is configured. */
  getCustomHostname(ref: string): Promise<CustomHostname> {
    return this.typed(customHostnameSchema, "GET", `/v1/projects/${enc(ref)}/custom-hostname`);
  }

  /** Not idempotent (a second initialize is refused while one exists). */
  initializeCustomHostname(ref: string, hostname: string): Promise<CustomHostname> {
    return this.typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/initialize`, {
      body: { custom_hostname: hostname } satisfies WireSchemas["UpdateCustomHostnameBody"],
    });
  }

  /** Asks the service to check DNS again. Only reads DNS: retryable. */
  reverifyCustomHostname(ref: string): Promise<CustomHostname> {
    return this.typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/reverify`, {
      idempotent: true,
    });
  }

  activateCustomHostname(ref: string): Promise<CustomHostname> {
    return this.typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/activate`);
  }

  async deleteCustomHostname(ref: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/custom-hostname`, { expect: "empty" });
  }
}
