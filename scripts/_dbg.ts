import { spawn } from "node:child_process";
import { Client } from "pg";
(async () => {
  const d = "/tmp/dbgpg";
  const p = spawn("runuser", ["-u", "postgres", "--", "/usr/lib/postgresql/15/bin/postgres", "-D", d + "/data", "-p", "55432", "-k", d, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"], { stdio: "inherit" });
  await new Promise((r) => setTimeout(r, 1500));
  const c = new Client({ connectionString: "postgresql://postgres@127.0.0.1:55432/postgres" });
  const t = Date.now();
  await c.connect(); console.log("connected", Date.now() - t);
  console.log((await c.query("select version()")).rows);
  await c.end();
  p.kill("SIGINT");
})();
