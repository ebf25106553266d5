/**
 * Provider configuration sources: `supabase:endpoint` (the Terraform
 * provider's name for the API URL) is accepted as an alias of
 * `supabase:apiUrl`, which wins when both are set.
 */
import { configure, DEFAULT_API_URL, resolveConfig } from "../../../provider/config";

const source = (values: Record<string, string>) => ({ get: (k: string) => values[k] });

afterEach(() => configure({}));

describe("API URL from stack config", () => {
  test("supabase:endpoint is an alias of supabase:apiUrl", () => {
    configure(source({ "supabase:endpoint": "http://127.0.0.1:54330/" }));
    expect(resolveConfig().apiUrl).toBe("http://127.0.0.1:54330");
  });

  test("supabase:apiUrl wins over the alias", () => {
    configure(source({ "supabase:apiUrl": "https://a.example", "supabase:endpoint": "https://b.example" }));
    expect(resolveConfig().apiUrl).toBe("https://a.example");
  });

  test("neither set: the environment, then the real service", () => {
    const saved = { url: process.env.SUPABASE_API_URL, alias: process.env.SUPABASE_API_ENDPOINT };
    delete process.env.SUPABASE_API_URL;
    delete process.env.SUPABASE_API_ENDPOINT;
    try {
      configure(source({}));
      expect(resolveConfig().apiUrl).toBe(DEFAULT_API_URL);
    } finally {
      if (saved.url !== undefined) process.env.SUPABASE_API_URL = saved.url;
      if (saved.alias !== undefined) process.env.SUPABASE_API_ENDPOINT = saved.alias;
    }
  });
});
