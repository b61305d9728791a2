/**
 * Setup file of the workerd test projects: before a file's first test, one request loads the
 * Worker's module graph into that file's fresh workerd. The runner fetches it module by module
 * from Vite; on a busy machine (two cores, load 10 or more) that takes 20 to 120 s, which would
 * otherwise count against whichever test comes first.
 */
import { beforeAll } from "vitest";
import { api } from "./api.ts";

beforeAll(async () => {
  await api("/healthz");
}, 300_000);
