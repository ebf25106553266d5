/** Address checks for network bans and restrictions. */
import { isIPv4, isIPv6 } from "node:net";
import { ApiError } from "../pipeline/errors";

export { isIPv4 };

/** `address/prefix` of one family, the prefix within the family's width. Zone ids are not addresses. */
export function isCidr(entry: string, family: 4 | 6): boolean {
  const slash = entry.indexOf("/");
  if (slash < 0 || entry.includes("%")) return false;
  const address = entry.slice(0, slash);
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return family === 4 ? isIPv4(address) && bits <= 32 : isIPv6(address) && bits <= 128;
}

/** A socket's address as a client sees it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes plain IPv4. */
export function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

export const invalidIpv4Message = (bad: string[]) => bad.map((a) => `Invalid IPv4 address: "${a}"`).join(", ");

export function checkIpv4List(addresses: string[]): void {
  const bad = addresses.filter((a) => !isIPv4(a));
  if (bad.length > 0) throw new ApiError(400, invalidIpv4Message(bad));
}
