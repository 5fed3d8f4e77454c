import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisterAnswer } from "../../contract/auth-forms";
import { createTestApp, newAccount, registerUser, sessionCookie, TEST_ORIGIN, type TestApp } from "../../test/app";
import { formAnswerIn, postForm, recordingRenderer } from "../../test/form-posts";

// Sign-in and sign-up posted as a browser without JavaScript posts them: url-encoded, with our
// Origin. The renderer writes down the queries it was handed, so these tests read the form's
// answer (values, step, problem) the page would show.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
});
afterAll(() => t?.close());

const post = (url: string, fields: Array<[string, string]>, headers: Record<string, string> = {}) =>
  postForm(t.app, url, fields, { headers });

/** The form's answer the page was rendered with. */
const answerIn = <T>(body: string, form: "login" | "register"): T => formAnswerIn<T>(body, form);

const whoAmI = async (cookie: string) =>
  (await t.app.inject({ url: "/api/auth/user", headers: { cookie } })).json() as { email: string } | null;

describe("signing in without JavaScript", () => {
  it("signs in and redirects home with a session cookie", async () => {
    const account = newAccount();
    await registerUser(t.app, account);
    const response = await post("/login", [
      ["email", account.email as string],
      ["password", account.password as string],
    ]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    expect((await whoAmI(sessionCookie(response)))?.email).toBe(account.email);
  });

  it("answers a wrong password with the page again, the email kept and the API's sentence", async () => {
    const account = newAccount();
    await registerUser(t.app, account);
    const response = await post("/login", [
      ["email", account.email as string],
      ["password", "not-the-password"],
    ]);
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["set-cookie"]).toBeUndefined();
    const answer = answerIn<{ values: { email: string }; error: { title: string; description: string } }>(
      response.body,
      "login",
    );
    expect(answer.values).toEqual({ email: account.email });
    expect(answer.error).toEqual({ title: "Login failed", description: "Invalid email or password." });
    expect(response.body).not.toContain("not-the-password");
  });

  it("answers empty fields with the spec's 'Missing fields' and a bad email with the contract's sentence", async () => {
    const empty = await post("/login", [
      ["email", "  "],
      ["password", ""],
    ]);
    expect(empty.statusCode).toBe(400);
    expect(answerIn<{ error: unknown }>(empty.body, "login").error).toEqual({
      title: "Missing fields",
      description: "Please fill in all fields.",
    });
    const bad = await post("/login", [
      ["email", "not-an-email"],
      ["password", "whatever"],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(answerIn<{ error: unknown }>(bad.body, "login").error).toEqual({
      title: "Login failed",
      description: "Please enter a valid email address",
    });
  });

  it("shows a throttled sign-in as the page with the wait, not a JSON error", async () => {
    const account = newAccount();
    await registerUser(t.app, account);
    const from = { "x-forwarded-for": "10.77.0.1" };
    let last = await post(
      "/login",
      [
        ["email", account.email as string],
        ["password", "wrong"],
      ],
      from,
    );
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await post(
        "/login",
        [
          ["email", account.email as string],
          ["password", "wrong"],
        ],
        from,
      );
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers["content-type"]).toContain("text/html");
    expect(last.headers["retry-after"]).toMatch(/^\d+$/);
    expect(answerIn<{ error: { description: string } }>(last.body, "login").error.description).toMatch(
      /Too many failed sign-in attempts/,
    );
  });

  it("refuses a post from another site, and reads a NUL or a JSON body as a problem, never a 500", async () => {
    const cross = await post(
      "/login",
      [
        ["email", "a@b.co"],
        ["password", "x"],
      ],
      { origin: "https://evil.example" },
    );
    expect(cross.statusCode).toBe(403);
    const nul = await post("/login", [
      ["email", "a\u0000@b.co"],
      ["password", "secret1"],
    ]);
    expect(nul.statusCode).toBe(400);
    expect(answerIn<{ error: { description: string } }>(nul.body, "login").error.description).toMatch(/cannot/i);
    const json = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "a@b.co", password: "secret1" },
    });
    expect(json.statusCode).toBe(400);
    const huge = await post("/login", [["email", "x".repeat(40_000)]]);
    expect(huge.statusCode).toBe(413);
    expect(huge.headers["content-type"]).toContain("text/html");
  });
});

describe("signing up without JavaScript", () => {
  const stepOne = (account: Record<string, unknown>): Array<[string, string]> => [
    ["step", "1"],
    ["intent", "next"],
    ["firstName", account.firstName as string],
    ["lastName", account.lastName as string],
    ["email", account.email as string],
    ["password", account.password as string],
  ];
  const carried = (account: Record<string, unknown>, answer: RegisterAnswer): Array<[string, string]> => [
    ["firstName", account.firstName as string],
    ["lastName", account.lastName as string],
    ["email", account.email as string],
    ["sealedPassword", answer.sealedPassword ?? ""],
  ];

  it("walks all three steps and creates the account with its interests", async () => {
    const account = newAccount();
    const first = await post("/register", stepOne(account));
    expect(first.statusCode).toBe(200);
    const two = answerIn<RegisterAnswer>(first.body, "register");
    expect(two.step).toBe(2);
    expect(two.values.email).toBe(account.email);
    expect(two.sealedPassword).toBeTruthy();
    // The password never comes back in clear.
    expect(first.body).not.toContain(account.password as string);

    const second = await post("/register", [
      ["step", "2"],
      ["intent", "next"],
      ...carried(account, two),
      ["preferredCategories", "Technology"],
      ["preferredCategories", "Science"],
    ]);
    const three = answerIn<RegisterAnswer>(second.body, "register");
    expect(three.step).toBe(3);
    expect(three.values.preferredCategories).toEqual(["Technology", "Science"]);

    const done = await post("/register", [
      ["step", "3"],
      ["intent", "create"],
      ...carried(account, three),
      ["preferredCategories", "Technology"],
      ["preferredCategories", "Science"],
      ["preferredTopics", "Startups"],
    ]);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/");
    const me = (await t.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(done) } })).json();
    expect(me).toMatchObject({
      email: account.email,
      firstName: account.firstName,
      preferredCategories: ["Technology", "Science"],
      preferredTopics: ["Startups"],
    });
    // The account's password is the one typed in step 1.
    const login = await post("/login", [
      ["email", account.email as string],
      ["password", account.password as string],
    ]);
    expect(login.statusCode).toBe(303);
  });

  it("keeps step 1 with the spec's problems and what was typed (not the password)", async () => {
    const missing = await post("/register", [
      ["step", "1"],
      ["firstName", "Ama"],
      ["email", "ama@example.com"],
    ]);
    expect(missing.statusCode).toBe(400);
    const answer = answerIn<RegisterAnswer>(missing.body, "register");
    expect(answer.step).toBe(1);
    expect(answer.values).toMatchObject({ firstName: "Ama", email: "ama@example.com" });
    expect(answer.error).toEqual({ title: "Missing information", description: "Please fill in all required fields." });

    const short = await post("/register", stepOne(newAccount({ password: "abc" })));
    expect(answerIn<RegisterAnswer>(short.body, "register").error).toEqual({
      title: "Password too short",
      description: "Password must be at least 6 characters.",
    });
    expect(short.body).not.toContain('"abc"');
  });

  it("sends a taken email back to step 1 with the API's sentence", async () => {
    const account = newAccount();
    // Free at step 1, taken by the time step 3 creates the account.
    const first = answerIn<RegisterAnswer>((await post("/register", stepOne(account))).body, "register");
    expect(first.step).toBe(2);
    await registerUser(t.app, account);
    const done = await post("/register", [["step", "3"], ...carried(account, first)]);
    expect(done.statusCode).toBe(409);
    const answer = answerIn<RegisterAnswer>(done.body, "register");
    expect(answer.step).toBe(1);
    expect(answer.error?.description).toMatch(/already exists/);
    // Taken already: step 1 says so before going on.
    const again = await post("/register", stepOne(account));
    expect(again.statusCode).toBe(409);
    const atOnce = answerIn<RegisterAnswer>(again.body, "register");
    expect(atOnce.step).toBe(1);
    expect(atOnce.error?.description).toMatch(/already exists/);
  });

  it("refuses a forged or missing sealed password, and an unknown category, without creating anything", async () => {
    const account = newAccount();
    for (const sealed of ["", "forged", "A".repeat(80)]) {
      const response = await post("/register", [
        ["step", "3"],
        ...carried(account, { sealedPassword: sealed } as RegisterAnswer),
      ]);
      expect(response.statusCode).toBe(400);
      expect(answerIn<RegisterAnswer>(response.body, "register").step).toBe(1);
    }
    const first = answerIn<RegisterAnswer>((await post("/register", stepOne(account))).body, "register");
    const odd = await post("/register", [
      ["step", "2"],
      ...carried(account, first),
      ["preferredCategories", "Astrology"],
    ]);
    expect(odd.statusCode).toBe(400);
    const answer = answerIn<RegisterAnswer>(odd.body, "register");
    expect(answer.step).toBe(2);
    expect(answer.error?.description).toMatch(/Astrology/);
    expect(odd.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("goes back a step with what was chosen", async () => {
    const account = newAccount();
    const first = answerIn<RegisterAnswer>((await post("/register", stepOne(account))).body, "register");
    const back = await post("/register", [
      ["step", "3"],
      ["intent", "back"],
      ...carried(account, first),
      ["preferredCategories", "Music"],
      ["preferredTopics", "Design"],
    ]);
    expect(back.statusCode).toBe(200);
    const answer = answerIn<RegisterAnswer>(back.body, "register");
    expect(answer).toMatchObject({
      step: 2,
      sealedPassword: first.sealedPassword,
      values: { preferredCategories: ["Music"], preferredTopics: ["Design"] },
    });
  });
});

describe("the sign-up allowance", () => {
  it("is one allowance for the API and the form: form sign-ups use up the API's and the other way round", async () => {
    const address = "10.77.0.1";
    const apiSignUp = (payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: address,
        headers: { origin: TEST_ORIGIN },
        payload: payload as object,
      });
    const formPost = (fields: Array<[string, string]>) =>
      postForm(t.app, "/register", fields, { remoteAddress: address });
    // The form's first steps spend nothing; its last step (here refused: no sealed password) does.
    for (let i = 0; i < 5; i++) expect((await formPost([["step", "1"]])).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) expect((await formPost([["step", "3"]])).statusCode).toBe(400);
    // Invalid API sign-ups count too (no password hashing): 30 more reach the hour's 60.
    for (let i = 0; i < 30; i++) expect((await apiSignUp({})).statusCode).toBe(400);
    expect((await apiSignUp({})).statusCode).toBe(429);
    expect((await formPost([["step", "3"]])).statusCode).toBe(429);
    // A first step is still answered: only creating an account is held back.
    expect((await formPost([["step", "1"]])).statusCode).toBe(400);
  });
});
