// A sibling module of the hello function, deployed in the same bundle.
import { capitalize } from "@std/text/capitalize";

export function greeting(name: string): string {
  return `Hello, ${capitalize(name)}!`;
}
