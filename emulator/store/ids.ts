import { randomBytes, randomInt } from "node:crypto";

const LOWER = "abcdefghijklmnopqrstuvwxyz";

/** Project refs and organization slugs: 20 random lowercase letters, like the service. */
export function randomLetters(length = 20): string {
  let out = "";
  for (let i = 0; i < length; i++) out += LOWER[randomInt(LOWER.length)];
  return out;
}

/** A personal access token in the shape the CLI accepts: `sbp_` + 40 lowercase hex characters. */
export function generateAccessToken(): string {
  return `sbp_${randomBytes(20).toString("hex")}`;
}

export function randomSecret(bytes = 30): string {
  return randomBytes(bytes).toString("base64url");
}
