/* Service worker: keeps this build (app, Pyodide, engine wheel) for offline use.
 * The build step replaces __BUILD__ with {build_id, files}; the cache name
 * carries the build id, so a new build installs a new cache and, once active,
 * deletes the old one. */
"use strict";

const BUILD = __BUILD__;
const PREFIX = "bombbusters-";
const CACHE = PREFIX + BUILD.build_id;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: "reload" so the HTTP cache can never hand us an older file.
      await cache.addAll(BUILD.files.map((f) => new Request(f, { cache: "reload" })));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      // caches.match, not caches.open: opening would re-create this build's cache
      // after a newer build's activation deleted it (requests still in flight).
      const hit = await caches.match(req, { cacheName: CACHE, ignoreSearch: true });
      if (hit) return hit;
      if (req.mode === "navigate") {
        const page = await caches.match("index.html", { cacheName: CACHE });
        if (page) return page;
      }
      return fetch(req);
    })(),
  );
});
