// The dynamic provider of every TableRows resource; see ../provider.ts for why it is a module of its own.
import { makeProvider } from "../provider";

export = makeProvider("tableRows");
