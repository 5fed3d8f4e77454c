import { RECORDING_ERRORS, type RecordingPlan, UPLOADER, UPLOADER_MESSAGES } from "@contract/recordings";
import { describe, expect, it } from "vitest";
import {
  isAbortError,
  PartNetworkError,
  type PartPutRequest,
  type PartPutResult,
  type ResumeStorage,
  resumeKeyOf,
  type UploadProgress,
  uploadRecording,
} from "./recording-upload";

const RECORDING_ID = "7d9f3a52-3c1e-4a8e-9b1f-2f1d6c1e0a11";

/** A named Blob of `size` bytes, as a chosen File would be. */
function recordingFile(size: number, name = "talk.mp3") {
  return Object.assign(new Blob([new Uint8Array(size)], { type: "audio/mpeg" }), { name, lastModified: 1700000000000 });
}

function memoryStorage(): ResumeStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

type PartBehaviour = (request: PartPutRequest, attempt: number) => Promise<PartPutResult> | PartPutResult;

/**
 * The server's side of the protocol, in memory: the API routes (through fetchImpl) and the part
 * URLs (through sendPart). A test sets what a part's PUT answers per attempt.
 */
function fakeServer({
  size,
  partSize,
  stored = [] as number[],
  cutShort = [] as number[],
  knownRecording = true,
}: {
  size: number;
  partSize: number;
  /** Parts the server already has. */
  stored?: number[];
  /** Parts the server has, but shorter than they should be (an interrupted PUT). */
  cutShort?: number[];
  knownRecording?: boolean;
}) {
  const partCount = Math.max(1, Math.ceil(size / partSize));
  const plan: RecordingPlan = {
    recordingId: RECORDING_ID,
    multipart: partCount > 1,
    partSize,
    partCount,
    maxBytes: 2 * 1024 ** 3,
  };
  const calls: string[] = [];
  const puts: Array<{ partNumber: number; url: string; bytes: number }> = [];
  const attempts = new Map<number, number>();
  let urlsIssued = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let completedWith: unknown;
  let behaviour: PartBehaviour = () => ({ status: 200, etag: null, body: "" });
  const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    calls.push(`${method} ${path}`);
    if (method === "POST" && path === "/api/recordings") return json(201, plan);
    if (method === "GET" && path === `/api/recordings/${RECORDING_ID}/parts`) {
      if (!knownRecording) return json(404, { message: "No such recording" });
      return json(200, {
        parts: [...stored, ...cutShort].map((partNumber) => ({
          partNumber,
          size: Math.min(partSize, size - (partNumber - 1) * partSize) - (cutShort.includes(partNumber) ? 1 : 0),
          etag: `"stored-${partNumber}"`,
        })),
      });
    }
    const partUrl = new RegExp(`^/api/recordings/${RECORDING_ID}/parts/(\\d+)$`).exec(path);
    if (method === "POST" && partUrl) {
      urlsIssued += 1;
      return json(200, {
        url: `/api/recording-parts/${RECORDING_ID}/${partUrl[1]}?signature=${urlsIssued}`,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      });
    }
    if (method === "POST" && path === `/api/recordings/${RECORDING_ID}/complete`) {
      completedWith = JSON.parse(String(init?.body));
      return json(200, { recordingId: RECORDING_ID, fileName: "talk.mp3", size, kind: "mp3", durationSeconds: 95 });
    }
    if (method === "DELETE" && path === `/api/recordings/${RECORDING_ID}`) return new Response(null, { status: 204 });
    return json(404, { message: "Not found" });
  }) as typeof fetch;

  const sendPart = async (request: PartPutRequest): Promise<PartPutResult> => {
    const partNumber = Number(/\/(\d+)\?/.exec(request.url)?.[1]);
    const attempt = (attempts.get(partNumber) ?? 0) + 1;
    attempts.set(partNumber, attempt);
    puts.push({ partNumber, url: request.url, bytes: request.body.size });
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      // Let the other parts start, as real requests overlap.
      await new Promise((resolve) => setTimeout(resolve, 1));
      request.onProgress(Math.floor(request.body.size / 2));
      if (request.signal.aborted) throw new DOMException("aborted", "AbortError");
      const answer = await behaviour(request, attempt);
      if (answer.status === 200 && answer.etag === null) {
        request.onProgress(request.body.size);
        return { ...answer, etag: `"etag-${partNumber}"` };
      }
      return answer;
    } finally {
      inFlight -= 1;
    }
  };

  return {
    plan,
    calls,
    puts,
    attempts,
    fetchImpl,
    sendPart,
    get mostInFlight() {
      return mostInFlight;
    },
    get completedWith() {
      return completedWith;
    },
    answerParts(next: PartBehaviour) {
      behaviour = next;
    },
  };
}

const noSleep = async () => {};

describe("uploadRecording", () => {
  it("sends a small file as one part and completes it with its ETag", async () => {
    const server = fakeServer({ size: 3000, partSize: 3000 });
    const storage = memoryStorage();
    const progress: UploadProgress[] = [];
    const recording = await uploadRecording(recordingFile(3000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage,
      sleep: noSleep,
      onProgress: (p) => progress.push(p),
    });

    expect(recording).toMatchObject({ recordingId: RECORDING_ID, durationSeconds: 95 });
    expect(server.calls).toEqual([
      "POST /api/recordings",
      `POST /api/recordings/${RECORDING_ID}/parts/1`,
      `POST /api/recordings/${RECORDING_ID}/complete`,
    ]);
    expect(server.puts).toEqual([{ partNumber: 1, url: expect.stringContaining("/1?"), bytes: 3000 }]);
    expect(server.completedWith).toEqual({ parts: [{ partNumber: 1, etag: '"etag-1"' }] });
    expect(progress.at(-1)).toMatchObject({ sentBytes: 3000, totalBytes: 3000 });
    // Done: nothing is left to resume.
    expect(storage.items.size).toBe(0);
  });

  it("sends many parts, never more than six at once, and lists them all in order on completion", async () => {
    const size = 20 * 1000 + 123;
    const server = fakeServer({ size, partSize: 1000 });
    const progress: UploadProgress[] = [];
    await uploadRecording(recordingFile(size), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      sleep: noSleep,
      onProgress: (p) => progress.push(p),
    });

    expect(server.puts).toHaveLength(21);
    expect(server.mostInFlight).toBe(UPLOADER.concurrency);
    expect(server.puts.find((put) => put.partNumber === 21)?.bytes).toBe(123);
    const listed = (server.completedWith as { parts: Array<{ partNumber: number; etag: string }> }).parts;
    expect(listed.map((part) => part.partNumber)).toEqual(Array.from({ length: 21 }, (_, k) => k + 1));
    expect(listed[4].etag).toBe('"etag-5"');
    // Progress only grows, and ends at the whole file.
    for (let k = 1; k < progress.length; k++)
      expect(progress[k].sentBytes).toBeGreaterThanOrEqual(progress[k - 1].sentBytes);
    expect(Math.max(...progress.map((p) => p.sentBytes))).toBe(size);
    expect(progress.every((p) => p.sentBytes <= size)).toBe(true);
  });

  it("retries a part that failed with 503 and completes, counting its bytes once", async () => {
    const server = fakeServer({ size: 3000, partSize: 1000 });
    server.answerParts((request, attempt) => {
      const partNumber = Number(/\/(\d+)\?/.exec(request.url)?.[1]);
      return partNumber === 2 && attempt === 1
        ? { status: 503, etag: null, body: "Slow down" }
        : { status: 200, etag: null, body: "" };
    });
    const sleeps: number[] = [];
    const progress: UploadProgress[] = [];
    const recording = await uploadRecording(recordingFile(3000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      sleep: async (ms) => void sleeps.push(ms),
      onProgress: (p) => progress.push(p),
    });

    expect(recording.recordingId).toBe(RECORDING_ID);
    expect(server.attempts.get(2)).toBe(2);
    expect(sleeps).toEqual([0]);
    expect(progress.every((p) => p.sentBytes <= 3000)).toBe(true);
    expect(progress.at(-1)?.sentBytes).toBe(3000);
  });

  it("reports speed as bytes over the last seconds and the time left at that speed", async () => {
    const server = fakeServer({ size: 4000, partSize: 1000 });
    let clock = 0;
    const progress: UploadProgress[] = [];
    await uploadRecording(recordingFile(4000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      sleep: noSleep,
      // Each report is 100 ms after the one before.
      now: () => (clock += 100),
      onProgress: (p) => progress.push(p),
    });
    expect(progress[0]).toMatchObject({ sentBytes: 0, bytesPerSecond: 0, secondsLeft: null });
    const last = progress.at(-1) as UploadProgress;
    expect(last.secondsLeft).toBe(0);
    // 4000 bytes in (reports - 1) tenths of a second, all inside the 5-second window.
    expect(last.bytesPerSecond).toBeCloseTo(4000 / ((progress.length - 1) / 10), 5);
    const middle = progress.find((p) => p.sentBytes > 0 && p.sentBytes < 4000) as UploadProgress;
    expect(middle.secondsLeft).toBeCloseTo((4000 - middle.sentBytes) / middle.bytesPerSecond, 5);
  });

  it("retries after a network failure too", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    server.answerParts((_, attempt) => {
      if (attempt === 1) throw new PartNetworkError(UPLOADER_MESSAGES.socketClosed);
      return { status: 200, etag: null, body: "" };
    });
    await uploadRecording(recordingFile(1000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      sleep: noSleep,
    });
    expect(server.attempts.get(1)).toBe(2);
  });

  it("does not retry a 400 and fails with the server's message, keeping the upload to resume", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    server.answerParts(() => ({ status: 400, etag: null, body: JSON.stringify({ message: "Bad part" }) }));
    const storage = memoryStorage();
    const sleeps: number[] = [];
    await expect(
      uploadRecording(recordingFile(1000), {
        fetchImpl: server.fetchImpl,
        sendPart: server.sendPart,
        storage,
        sleep: async (ms) => void sleeps.push(ms),
      }),
    ).rejects.toThrow("Bad part");
    expect(server.attempts.get(1)).toBe(1);
    expect(sleeps).toEqual([]);
    expect(server.calls).not.toContain(`DELETE /api/recordings/${RECORDING_ID}`);
    expect(storage.items.has(resumeKeyOf(recordingFile(1000)))).toBe(true);
  });

  it("says Non 2xx for a refusal without a message", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    server.answerParts(() => ({ status: 400, etag: null, body: "" }));
    await expect(
      uploadRecording(recordingFile(1000), {
        fetchImpl: server.fetchImpl,
        sendPart: server.sendPart,
        storage: memoryStorage(),
        sleep: noSleep,
      }),
    ).rejects.toThrow(UPLOADER_MESSAGES.non2xx);
  });

  it("waits exactly 0, 1, 3 and 5 seconds between attempts, then gives up", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    server.answerParts(() => ({ status: 503, etag: null, body: "" }));
    const sleeps: number[] = [];
    await expect(
      uploadRecording(recordingFile(1000), {
        fetchImpl: server.fetchImpl,
        sendPart: server.sendPart,
        storage: memoryStorage(),
        sleep: async (ms) => void sleeps.push(ms),
      }),
    ).rejects.toThrow(UPLOADER_MESSAGES.non2xx);
    expect(sleeps).toEqual([0, 1000, 3000, 5000]);
    expect(server.attempts.get(1)).toBe(5);
  });

  it("asks for a fresh URL once when the part's URL has expired (403)", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    server.answerParts((_, attempt) =>
      attempt === 1 ? { status: 403, etag: null, body: "" } : { status: 200, etag: null, body: "" },
    );
    await uploadRecording(recordingFile(1000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      sleep: noSleep,
    });
    expect(server.puts.map((put) => put.url)).toEqual([
      `/api/recording-parts/${RECORDING_ID}/1?signature=1`,
      `/api/recording-parts/${RECORDING_ID}/1?signature=2`,
    ]);

    const refused = fakeServer({ size: 1000, partSize: 1000 });
    refused.answerParts(() => ({ status: 403, etag: null, body: "" }));
    await expect(
      uploadRecording(recordingFile(1000), {
        fetchImpl: refused.fetchImpl,
        sendPart: refused.sendPart,
        storage: memoryStorage(),
        sleep: noSleep,
      }),
    ).rejects.toThrow(UPLOADER_MESSAGES.expired);
    expect(refused.attempts.get(1)).toBe(2);
  });

  it("resumes: the parts the server has with the right size are not sent again", async () => {
    const size = 5000;
    const server = fakeServer({ size, partSize: 1000, stored: [1, 3], cutShort: [4] });
    const storage = memoryStorage();
    const file = recordingFile(size);
    storage.setItem(resumeKeyOf(file), JSON.stringify(server.plan));
    const progress: UploadProgress[] = [];
    await uploadRecording(file, {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage,
      sleep: noSleep,
      onProgress: (p) => progress.push(p),
    });

    expect(server.calls[0]).toBe(`GET /api/recordings/${RECORDING_ID}/parts`);
    expect(server.calls).not.toContain("POST /api/recordings");
    expect(server.puts.map((put) => put.partNumber).sort()).toEqual([2, 4, 5]);
    const listed = (server.completedWith as { parts: Array<{ partNumber: number; etag: string }> }).parts;
    expect(listed.slice(0, 3)).toEqual([
      { partNumber: 1, etag: '"stored-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"stored-3"' },
    ]);
    // The stored parts count as sent from the start.
    expect(progress[0].sentBytes).toBe(2000);
  });

  it("starts over when the server no longer has the upload", async () => {
    const server = fakeServer({ size: 2000, partSize: 1000, knownRecording: false });
    const storage = memoryStorage();
    const file = recordingFile(2000);
    storage.setItem(resumeKeyOf(file), JSON.stringify(server.plan));
    await uploadRecording(file, { fetchImpl: server.fetchImpl, sendPart: server.sendPart, storage, sleep: noSleep });
    expect(server.calls.slice(0, 2)).toEqual([`GET /api/recordings/${RECORDING_ID}/parts`, "POST /api/recordings"]);
    expect(server.puts).toHaveLength(2);
  });

  it("fails with the server's sentence when it refuses the file", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    const tooBig = RECORDING_ERRORS.tooBig(2 * 1024 ** 3);
    const refusing = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/recordings"
        ? new Response(JSON.stringify({ message: tooBig }), { status: 413 })
        : server.fetchImpl(input, init)) as typeof fetch;
    await expect(
      uploadRecording(recordingFile(1000), {
        fetchImpl: refusing,
        sendPart: server.sendPart,
        storage: memoryStorage(),
      }),
    ).rejects.toThrow(tooBig);
    expect(server.puts).toEqual([]);
  });

  it("deletes the upload when cancelled while the server was starting it", async () => {
    const server = fakeServer({ size: 1000, partSize: 1000 });
    const controller = new AbortController();
    const cancelledWhileStarting = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/api/recordings") controller.abort();
      return server.fetchImpl(input, init);
    }) as typeof fetch;
    const failure = await uploadRecording(recordingFile(1000), {
      fetchImpl: cancelledWhileStarting,
      sendPart: server.sendPart,
      storage: memoryStorage(),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect(isAbortError(failure)).toBe(true);
    expect(server.calls).toEqual(["POST /api/recordings", `DELETE /api/recordings/${RECORDING_ID}`]);
  });

  it("on cancel stops the parts, deletes the upload on the server and forgets it", async () => {
    const server = fakeServer({ size: 10_000, partSize: 1000 });
    const controller = new AbortController();
    const storage = memoryStorage();
    server.answerParts(
      (request) =>
        new Promise((_, reject) => {
          // Cancelled while the first parts are on their way.
          controller.abort();
          request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          if (request.signal.aborted) reject(new DOMException("aborted", "AbortError"));
        }),
    );
    const failure = await uploadRecording(recordingFile(10_000), {
      fetchImpl: server.fetchImpl,
      sendPart: server.sendPart,
      storage,
      sleep: noSleep,
      signal: controller.signal,
    }).catch((error: unknown) => error);

    expect(isAbortError(failure)).toBe(true);
    expect(server.calls).toContain(`DELETE /api/recordings/${RECORDING_ID}`);
    expect(server.calls).not.toContain(`POST /api/recordings/${RECORDING_ID}/complete`);
    expect(server.puts.length).toBeLessThanOrEqual(UPLOADER.concurrency);
    expect(storage.items.size).toBe(0);
  });
});
