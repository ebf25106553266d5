/** Organization: check refuses bad inputs and renames with field-level messages. */
import { provider } from "supabase-pulumi/runtime";

const organization = provider("organization");

describe("Organization check", () => {
  test("refuses an empty name", async () => {
    const res = await organization.check({}, { name: "" });
    expect(res.failures).toEqual([{ property: "name", reason: "name must not be empty" }]);
  });

  test("refuses a rename with a clear message", async () => {
    const res = await organization.check({ name: "Acme" }, { name: "Acme Inc" });
    expect(res.failures).toHaveLength(1);
    expect(res.failures![0].property).toBe("name");
    expect(res.failures![0].reason).toMatch(/cannot be renamed through the management API/);
  });

  test("accepts the unchanged name", async () => {
    const res = await organization.check({ name: "Acme" }, { name: "Acme" });
    expect(res.failures).toEqual([]);
  });
});
