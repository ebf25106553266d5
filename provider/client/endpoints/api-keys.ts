/** A project's API keys. */
import { enc, ManagementTransport } from "../transport";
import { apiKeySchema, type ApiKey, type CreateApiKeyInput, type UpdateApiKeyInput } from "../types";

export abstract class ApiKeyEndpoints extends ManagementTransport {
  /** The project's API keys; `reveal` unmasks the `secret` key. Every `api_key` is a secret. */
  getApiKeys(ref: string, options: { reveal?: boolean } = {}): Promise<ApiKey[]> {
    return this.typed(apiKeySchema.array(), "GET", `/v1/projects/${enc(ref)}/api-keys`, {
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /**
   * Creates an API key (201). Not idempotent: a repeat makes a second key, so
   * callers settle an unknown outcome by looking the key up. With `reveal` a
   * secret key's value is answered unmasked (the only time it is needed).
   */
  createApiKey(ref: string, body: CreateApiKeyInput, options: { reveal?: boolean } = {}): Promise<ApiKey> {
    return this.typed(apiKeySchema, "POST", `/v1/projects/${enc(ref)}/api-keys`, {
      body: body satisfies CreateApiKeyInput,
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /** One API key; 404 → NOT_FOUND. */
  getApiKey(ref: string, id: string, options: { reveal?: boolean } = {}): Promise<ApiKey> {
    return this.typed(apiKeySchema, "GET", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`, {
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /** Renames or redescribes an API key. Setting values is idempotent, so it is retryable. */
  updateApiKey(ref: string, id: string, body: UpdateApiKeyInput): Promise<ApiKey> {
    return this.typed(apiKeySchema, "PATCH", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`, {
      body: body satisfies UpdateApiKeyInput,
      idempotent: true,
    });
  }

  /** Deletes an API key (retried like any DELETE; a retry after a first attempt that acted answers 404). */
  deleteApiKey(ref: string, id: string): Promise<ApiKey> {
    return this.typed(apiKeySchema, "DELETE", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`);
  }
}
