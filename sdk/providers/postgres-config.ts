// The dynamic provider of every PostgresConfig resource; see ../provider.ts for why it is a module of its own.
import { makeProvider } from "../provider";

export = makeProvider("postgresConfig");
