// A sibling module of the echo function.
export function format(body: string): string {
  return body === "" ? "(empty)\n" : `${body}\n`;
}
