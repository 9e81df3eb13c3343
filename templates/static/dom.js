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
  // moment the page was drawn: a page may come from the service worker's cache, or may have been
  // drawn while another page's answer replaced the session. So before a form is posted, its
  // token is fetched fresh, and the same press is made again with it (once; offline the form
  // goes as it is, and the score pad keeps an offline save).
  var renewed = null;
  window.addEventListener("submit", function (event) {
    var form = event.target, token = form.elements && form.elements.csrf_token;
    if (!token || form.method !== "post" || renewed === form) { renewed = null; return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    var submitter = event.submitter;
    fetch("/csrf-token", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer && answer.csrf_token) token.value = answer.csrf_token; })
      .catch(function () { /* offline: the form goes as drawn */ })
      .then(function () {
        renewed = form;
        if (submitter && submitter.form === form) form.requestSubmit(submitter); else form.requestSubmit();
      });
  }, true);

  // Every page and asset keeps working offline after the first visit (see /sw.js).
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without it */ });
  }
})();
