// The dynamic provider of every AuthConfig resource; see ../provider.ts for why it is a module of its own.
import { makeProvider } from "../provider";

export = makeProvider("authConfig");
