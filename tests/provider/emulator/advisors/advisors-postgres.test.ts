/**
 * The advisors' SQL lints on a PostgreSQL server (each project its own
 * database): every lint case, created through the SQL route and repaired.
 */
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { testPostgres, type TestPostgres } from "../../../../harness/postgres";
import { lintSuite } from "./advisors-suite";

let server: TestPostgres;
let emu: TestEmulator;

beforeAll(async () => {
  server = await testPostgres();
  emu = await startTestEmulator({ postgresUrl: server.url, provisioningDelayMs: 0 });
});

afterAll(async () => {
  await emu?.close();
  await server?.stop();
});

lintSuite(
  "postgres",
  () => emu,
  () => server.url,
);
