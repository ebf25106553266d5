/**
 * CIDR parsing and normalization for network restrictions: canonical
 * network form (host bits cleared), IPv6 written as RFC 5952 text, lists
 * sorted and deduplicated, so a list written differently compares equal.
 */

export type Family = 4 | 6;

export interface Cidr {
  family: Family;
  /** The network address as a big integer (host bits cleared). */
  network: bigint;
  prefix: number;
}

function parseIPv4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let v = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255 || (p.length > 1 && p.startsWith("0"))) return undefined;
    v = (v << 8n) | BigInt(n);
  }
  return v;
}

function parseIPv6(text: string): bigint | undefined {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || text.split("::").length > 2) return undefined;
  let tail: bigint[] = [];
  let src = text;
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const v4 = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(src);
  if (v4) {
    const n = parseIPv4(v4[1]);
    if (n === undefined) return undefined;
    tail = [(n >> 16n) & 0xffffn, n & 0xffffn];
    src = src.slice(0, src.length - v4[1].length);
    if (src.endsWith(":") && !src.endsWith("::")) src = src.slice(0, -1);
  }
  const [head, rest] = src.split("::");
  const groups = (s: string | undefined) => (s === undefined || s === "" ? [] : s.split(":"));
  const h = groups(head);
  const r = rest === undefined ? undefined : groups(rest);
  for (const g of [...h, ...(r ?? [])]) if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return undefined;
  const total = h.length + (r?.length ?? 0) + tail.length;
  if (r === undefined ? total !== 8 : total > 7) return undefined;
  const all = [
    ...h.map((g) => BigInt(parseInt(g, 16))),
    ...Array(8 - total).fill(0n),
    ...(r ?? []).map((g) => BigInt(parseInt(g, 16))),
    ...tail,
  ];
  if (r === undefined && all.length !== 8) return undefined;
  return all.reduce((acc: bigint, g: bigint) => (acc << 16n) | g, 0n);
}

/** Parses `addr/prefix` (or a bare address, as a single host) of either family. */
export function parseCidr(text: string): Cidr | undefined {
  const m = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [, addr, pfx] = m;
  const family: Family = addr.includes(":") ? 6 : 4;
  const bits = family === 4 ? 32 : 128;
  const value = family === 4 ? parseIPv4(addr) : parseIPv6(addr);
  if (value === undefined) return undefined;
  const prefix = pfx === undefined ? bits : Number(pfx);
  if (prefix > bits || (pfx !== undefined && pfx.length > 1 && pfx.startsWith("0"))) return undefined;
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { family, network: value & mask, prefix };
}

function formatIPv4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join(".");
}

/** RFC 5952: lowercase, no leading zeros, the longest run (≥2) of zero groups as "::". */
function formatIPv6(v: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLen).join(":")}`;
}

export function formatCidr(c: Cidr): string {
  return `${c.family === 4 ? formatIPv4(c.network) : formatIPv6(c.network)}/${c.prefix}`;
}

/** Canonical, sorted, deduplicated list; invalid entries are kept as written (check reports them). */
export function normalizeCidrList(list: readonly string[] | undefined): string[] {
  const parsed = (list ?? []).map((t) => parseCidr(t) ?? t);
  const key = (x: Cidr | string) =>
    (typeof x === "string" ? [2, 0n, 0] : [x.family, x.network, x.prefix]) as [number, bigint, number];
  parsed.sort((a, b) => {
    const [fa, na, pa] = key(a);
    const [fb, nb, pb] = key(b);
    return fa - fb || (na < nb ? -1 : na > nb ? 1 : 0) || pa - pb || String(a).localeCompare(String(b));
  });
  return [...new Set(parsed.map((x) => (typeof x === "string" ? x : formatCidr(x))))];
}

export const ALLOW_ALL_V4 = "0.0.0.0/0";
export const ALLOW_ALL_V6 = "::/0";
