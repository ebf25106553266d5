/** Shared pieces of the resource unit tests. */
import { provider, type ResourceKind } from "supabase-pulumi/runtime";

/** A well-formed project ref. */
export const REF = "abcdefghijklmnopqrst";

/** A bad input: what it is, the previous inputs, the new ones, the field that must fail, and why. */
export type CheckCase = [
  title: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  property: string,
  reason: RegExp,
];

/** One test per case: check refuses it with a failure on exactly that field, and the expected reason. */
export function refusesAtCheck(kind: ResourceKind, cases: CheckCase[]): void {
  test.each(cases)("check refuses %s", async (_title, olds, news, property, reason) => {
    const res = await provider(kind).check(olds, news);
    const failure = res.failures?.find((f) => f.property === property);
    if (!failure) throw new Error(`no failure on ${property}; got ${JSON.stringify(res.failures)}`);
    expect(failure.reason).toMatch(reason);
  });
}
