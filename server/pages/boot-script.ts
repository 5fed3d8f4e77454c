import { createHash } from "node:crypto";
import { escapeHtml } from "./html";

/**
 * Loads the app's code once the server's HTML is on screen.
 *
 * The server's HTML is the whole page, readable before any script runs. When the scripts come
 * in as fast as the stylesheet (a fast line, a cached visit), the browser runs them, hydration
 * included, before it paints anything: on a slow phone the reader stares at a blank screen for
 * hundreds of milliseconds of JavaScript they do not need to read. So the page ships this tiny
 * script instead of the module tags: after the first frame it adds the entry and the page's
 * chunks (as module preloads, fetched in parallel), and hydration starts at once when they are
 * in. A tab that is not visible never paints a frame, so it starts loading at once.
 *
 * Tests and scripts that drive the page wait for `<html data-hydrated>` (web/App.tsx), set once
 * React has taken the page over: the load event no longer says the code is in.
 *
 * It is a fixed text, allowed by its hash in the Content-Security-Policy; the files it loads
 * are read from its own data attributes, which the server writes (escaped) from Vite's output.
 */
export const BOOT_SCRIPT = `(function (me) {
  var list = function (name) { return (me.getAttribute(name) || "").split(" ").filter(Boolean); };
  var entries = list("data-entry"), preloads = list("data-preload"), started = false;
  var add = function (tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  };
  var start = function () {
    if (started) return;
    started = true;
    preloads.forEach(function (href) { add("link", { rel: "modulepreload", crossorigin: "", href: href }); });
    entries.forEach(function (src) { add("script", { type: "module", crossorigin: "", src: src }); });
  };
  if (document.visibilityState !== "visible") return start();
  document.addEventListener("visibilitychange", start);
  // The first contentful paint is reported once the frame is on screen, which can be well
  // after the frame's own callbacks ran. Where paint timing is missing, or nothing contentful
  // shows within a second of the first frame, load anyway.
  requestAnimationFrame(function () { setTimeout(start, 1000); });
  try {
    if (performance.getEntriesByName("first-contentful-paint").length > 0) return start();
    new PerformanceObserver(function (entries) {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) start();
    }).observe({ type: "paint" });
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})(document.currentScript);`;

/** The CSP source that allows exactly BOOT_SCRIPT to run inline. */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;

const MODULE_SCRIPT = /\s*<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * The built template with its module scripts and module preloads (Vite's, and the page's own
 * chunks) replaced by the boot script at the end of the body, which loads them after the first
 * paint. At the end, so the parser never waits for the stylesheet to run it.
 */
export function loadScriptsAfterFirstPaint(template: string, pageScripts: string[] = []): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const stripped = template
    .replace(MODULE_SCRIPT, (_tag, src: string) => {
      entries.push(src);
      return "";
    })
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
  if (entries.length === 0) return template;
  const attribute = (files: string[]) => escapeHtml([...new Set(files)].join(" "));
  const tag = `<script data-entry="${attribute(entries)}" data-preload="${attribute([...preloads, ...pageScripts])}">${BOOT_SCRIPT}</script>`;
  return stripped.replace("</body>", () => `  ${tag}\n  </body>`);
}
