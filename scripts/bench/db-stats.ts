/**
 * What PostgreSQL's own statistics say about a run: the CPU each backend serving the benchmark
 * database has used, and the row versions written to articles (HOT or not).
 */
import type { Queryable } from "./db-client";
import { processCpuMs } from "./server";

/** CPU used so far by each PostgreSQL backend serving the benchmark database (not this client's). */
export async function databaseCpu(client: Queryable): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

export async function articleUpdates(client: Queryable): Promise<{ updates: number; hot: number }> {
  const { rows } = await client.query<{ updates: string; hot: string }>(
    "select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'articles'",
  );
  return { updates: Number(rows[0]?.updates ?? 0), hot: Number(rows[0]?.hot ?? 0) };
}
