// gardenkit's service worker (served from /sw.js so it covers every page). After the first
// visit every page and asset opens with the network off: pages come from the network when it
// answers (fresh forms) and from the cache when it does not; assets come from the cache of this
// version. Posts and the JSON API are never touched here: saves made offline wait in the page's
// own queue (static/pad.js) and are sent once when the network is back.
"use strict";
const CACHE = "gardenkit-{{ version }}";
// tojson escapes quotes and <, so the list reads back whole from a JavaScript string.
const PRECACHE = JSON.parse('{{ urls|tojson }}');

// The pages are cached without the browser's cookie: a page fetched in the background must
// never answer with a new session (its cookie would replace the one of the page the player has
// open, whose form token would then be refused). Pages renew their forms' token as they open (dom.js).
self.addEventListener("install", (event) => {
  const requests = PRECACHE.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gardenkit-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function fetchAndKeep(request) {
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function fromCache(request) {
  return (await caches.match(request)) || (await caches.match(request, { ignoreSearch: true })) ||
    new Response("<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
                 "<p>You are offline, and this page was not opened before. It will open when the network is back.</p>",
                 { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/") ||
      url.pathname === "/csrf-token") return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetchAndKeep(request)));
  } else {
    event.respondWith(fetchAndKeep(request).catch(() => fromCache(request)));
  }
});
