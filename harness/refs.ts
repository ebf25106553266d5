import { randomBytes } from "node:crypto";

/** A fresh 20-letter project reference, the shape the service issues. */
export const randomRef = () => Array.from(randomBytes(20), (b) => String.fromCharCode(97 + (b % 26))).join("");
