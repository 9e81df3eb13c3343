// Helpers every page script shares (loaded first, from base.html).
(function () {
  "use strict";
  var gardenkit = window.gardenkit = window.gardenkit || {};

  // An element with attributes and, optionally, text (set as text, never parsed as HTML).
  gardenkit.el = function (tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };

  // A form's token must be the one the server holds for this browser now, not the one of the
  // moment the page was drawn: a page may come from the service worker's cache (drawn for no
  // session, or for one the browser has since closed). So each page with a form asks for the
  // current token as it opens, when the network comes back, and when it is shown again from
  // the browser's memory. (A score page refused anyway presses its button again: pad.js.)
  function renewTokens() {
    var inputs = document.querySelectorAll("form input[name=csrf_token]");
    if (!inputs.length || !navigator.onLine) return;
    fetch("/csrf-token", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && answer.csrf_token) inputs.forEach(function (input) { input.value = answer.csrf_token; });
      })
      .catch(function () { /* offline after all: renewed when the network is back */ });
  }
  renewTokens();
  window.addEventListener("online", renewTokens);
  window.addEventListener("pageshow", function (event) { if (event.persisted) renewTokens(); });

  // Every page and asset keeps working offline after the first visit (see /sw.js).
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without it */ });
  }
})();
