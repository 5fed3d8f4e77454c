import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { TEST_ORIGIN, type TestApp } from "../../test/app";
import { projectRoot } from "../lib/paths";

/** A tiny spoken mp3 (a few seconds). */
export const SPOKEN_MP3 = readFileSync(join(projectRoot, "fixtures/videos/fL4tTyr3Fix.mp3"));

/** Speech to text configured (nothing is called: the recording routes only need it to be there). */
export const STT_ENV = { STT_PROVIDER: "openai", STT_BASE_URL: "http://127.0.0.1:9/v1" };

/** A mono 16-bit PCM WAV of a 440 Hz tone: `seconds` long at 8 kHz (16,000 bytes a second). */
export function makeWav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const md5Etag = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

/** The API as the browser calls it, signed in with `cookie` (or not, without one). */
export function call(t: TestApp, method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

export interface Plan {
  recordingId: string;
  multipart: boolean;
  partSize: number;
  partCount: number;
  maxBytes: number;
}

/** POST /api/recordings, which must answer a plan. */
export async function start(t: TestApp, cookie: string, fileName: string, size: number): Promise<Plan> {
  const response = await call(t, "POST", "/api/recordings", cookie, { fileName, size, contentType: "audio/mpeg" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A signed URL for one part, which must be given. */
export async function partUrl(t: TestApp, cookie: string, id: string, partNumber: number): Promise<string> {
  const response = await call(t, "POST", `/api/recordings/${id}/parts/${partNumber}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url;
}

/** The bytes of part `n` (1-based) of `file` under `plan`. */
export const partOf = (file: Buffer, plan: Plan, n: number) =>
  file.subarray((n - 1) * plan.partSize, n * plan.partSize);
