/**
 * The billing add-ons a project can select, as `GET …/billing/addons` lists
 * them under `available_addons`: the variant ids of the OpenAPI document's
 * enums, with the names and prices the service shows. The compute size is
 * the project's instance size (`desiredInstanceSize`); the others are kept
 * per project in `ProjectSettingsRecord.addons`.
 */

export interface AddonPrice {
  description: string;
  type: "fixed" | "usage";
  interval: "monthly" | "hourly";
  amount: number;
}
export interface AddonVariant {
  id: string;
  name: string;
  price: AddonPrice;
}
export interface AddonType {
  type: string;
  name: string;
  variants: AddonVariant[];
}

const hourly = (amount: number, monthly: number): AddonPrice => ({
  description: `$${amount}/hour (~$${monthly}/month)`,
  type: "usage",
  interval: "hourly",
  amount,
});
const monthly = (amount: number): AddonPrice => ({
  description: `$${amount}/month`,
  type: "fixed",
  interval: "monthly",
  amount,
});

/** Compute sizes: [variant suffix, name, hourly price, monthly price]. */
const COMPUTE: Array<[string, string, number, number]> = [
  ["micro", "Micro", 0.01344, 10],
  ["small", "Small", 0.0206, 15],
  ["medium", "Medium", 0.0822, 60],
  ["large", "Large", 0.1517, 110],
  ["xlarge", "XL", 0.2877, 210],
  ["2xlarge", "2XL", 0.562, 410],
  ["4xlarge", "4XL", 1.32, 960],
  ["8xlarge", "8XL", 2.562, 1870],
  ["12xlarge", "12XL", 3.836, 2800],
  ["16xlarge", "16XL", 5.12, 3730],
  ["24xlarge", "24XL", 7.68, 5600],
  ["24xlarge_optimized_cpu", "24XL - Optimized CPU", 6.6, 4820],
  ["24xlarge_optimized_memory", "24XL - Optimized Memory", 9.6, 7010],
  ["24xlarge_high_memory", "24XL - High Memory", 13.44, 9810],
  ["48xlarge", "48XL", 15.36, 11210],
  ["48xlarge_optimized_cpu", "48XL - Optimized CPU", 13.2, 9640],
  ["48xlarge_optimized_memory", "48XL - Optimized Memory", 19.2, 14020],
  ["48xlarge_high_memory", "48XL - High Memory", 26.88, 19620],
];

export const AVAILABLE_ADDONS: readonly AddonType[] = [
  {
    type: "compute_instance",
    name: "Compute Instance",
    variants: COMPUTE.map(([size, name, h, m]) => ({ id: `ci_${size}`, name, price: hourly(h, m) })),
  },
  {
    type: "pitr",
    name: "Point in time recovery",
    variants: [
      { id: "pitr_7", name: "7 days", price: monthly(100) },
      { id: "pitr_14", name: "14 days", price: monthly(200) },
      { id: "pitr_28", name: "28 days", price: monthly(400) },
    ],
  },
  { type: "ipv4", name: "Dedicated IPv4 address", variants: [{ id: "ipv4_default", name: "IPv4", price: monthly(4) }] },
  {
    type: "custom_domain",
    name: "Custom domain",
    variants: [{ id: "cd_default", name: "Custom domain", price: monthly(10) }],
  },
];

/** The add-on type a variant id belongs to, if any. */
export function addonTypeOf(variant: string): AddonType | undefined {
  return AVAILABLE_ADDONS.find((t) => t.variants.some((v) => v.id === variant));
}

export function variantOf(variant: string): AddonVariant | undefined {
  return addonTypeOf(variant)?.variants.find((v) => v.id === variant);
}

/** A project's compute variant: its instance size (micro when none was asked for); nano has no add-on. */
export function computeVariant(desiredInstanceSize: string | undefined): string | undefined {
  const size = desiredInstanceSize ?? "micro";
  return size === "nano" ? undefined : `ci_${size}`;
}
