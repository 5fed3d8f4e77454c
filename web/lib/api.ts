/** An API failure with the server's own sentence as its message, and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Spec section 8: a non-OK answer is an error. Its message is the server's `{ message }` when
 * there is one, never raw JSON; otherwise the body text, or the status text when empty.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let message = text || response.statusText;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (parsed && typeof parsed.message === "string" && parsed.message) message = parsed.message;
  } catch {
    // Not JSON: the text itself is the best message we have.
  }
  return new ApiError(response.status, message || `Request failed (${response.status})`);
}

/**
 * The sentence in a refused upload's body: our API's JSON `{ message }`, or an S3 service's XML
 * `<Message>`; null when it has neither.
 */
export function messageInBody(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === "string" && parsed.message) return parsed.message;
  } catch {
    const xml = /<Message>([^<]{1,300})<\/Message>/.exec(body)?.[1];
    if (xml) return xml;
  }
  return null;
}

export interface RequestOptions {
  /** Sent besides the JSON content type (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

/**
 * Sends a request with the session cookie; JSON body when given, and any extra headers.
 * Throws ApiError on non-OK.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  { headers }: RequestOptions = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * Login and registration (spec section 7): the answer is read as text and parsed as JSON. An
 * unparsable 200/201 still counts as success; anything else unparsable is 'Invalid response format'.
 */
export async function authRequest<T>(url: string, body: unknown, fallbackError: string): Promise<T | null> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (response.status === 200 || response.status === 201) return null;
    throw new ApiError(response.status, "Invalid response format");
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown })?.message;
    throw new ApiError(response.status, typeof message === "string" && message ? message : fallbackError);
  }
  return parsed as T;
}
