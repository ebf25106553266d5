/** The one canonical JSON: the text the resources' digests, the dispatcher keys and the drift report compare. */
import { stableJson } from "../../provider/stable-json";
import { stableJson as fromCommon } from "../../provider/resources/common";
import { getSharedDispatcher } from "../../provider/http/dispatcher";

test("keys sorted at every depth; the exact text is pinned (row digests in state are computed from it)", () => {
  expect(stableJson({ b: [1, { d: "x", c: null }], a: true })).toBe('{"a":true,"b":[1,{"c":null,"d":"x"}]}');
  expect(stableJson("é")).toBe('"é"');
  expect(stableJson(undefined)).toBe("undefined");
  expect(stableJson([undefined, null])).toBe("[undefined,null]");
});

test("members that JSON leaves out (undefined, functions) are left out", () => {
  expect(stableJson({ a: 1, u: undefined, f: () => 1 })).toBe(stableJson({ a: 1 }));
});

test("the resources and the dispatchers use the same function", () => {
  expect(fromCommon).toBe(stableJson);
  const a = getSharedDispatcher({ userAgent: "stable-json-test", retry: { maxRetries: 2 }, connections: 3 });
  const b = getSharedDispatcher({ connections: 3, retry: { maxRetries: 2 }, userAgent: "stable-json-test" });
  expect(b).toBe(a);
  expect(getSharedDispatcher({ userAgent: "stable-json-test", connections: 4 })).not.toBe(a);
});
