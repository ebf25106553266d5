// The dynamic provider of every Pgsodium resource; see ../provider.ts for why it is a module of its own.
import { makeProvider } from "../provider";

export = makeProvider("pgsodium");
