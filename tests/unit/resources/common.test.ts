/** The resources' shared comparison helpers. */
import { stableJson } from "../../../provider/resources/common";

describe("stableJson", () => {
  test("ignores key order and undefined members", () => {
    expect(stableJson({ b: 1, a: [1, { d: 2, c: 3 }], u: undefined })).toBe(
      stableJson({ a: [1, { c: 3, d: 2 }], b: 1 }),
    );
  });
});
