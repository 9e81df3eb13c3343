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

  // Adds (`on`) or takes away one id in an element's aria-describedby, keeping the others: a
  // field may be described by a problem note and a photo's note at once.
  gardenkit.describedBy = function (node, id, on) {
    var ids = (node.getAttribute("aria-describedby") || "").split(" ").filter(function (x) { return x && x !== id; });
    if (on) ids.push(id);
    if (ids.length) node.setAttribute("aria-describedby", ids.join(" "));
    else node.removeAttribute("aria-describedby");
  };

  // The control drawn over a field (a tappable garden over its hidden text), or null. Notes
  // about such a field go after this control: placed between the two, a note arriving while
  // a player taps pushed the garden down under their finger.
  gardenkit.standIn = function (field) {
    if (!field.name || !field.form) return null;
    return field.form.querySelector("[data-stands-for='" + CSS.escape(field.name) + "']");
  };

  // The session's token as the server holds it now, asked of /csrf-token once and shared
  // (a promise of the token, or of null when it could not be had: asked again next time).
  var token = null;
  function currentToken(fresh) {
    if (!token || fresh) {
      token = fetch("/csrf-token", { cache: "no-store", credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (answer) {
          if (!answer || !answer.csrf_token) token = null;
          return answer && answer.csrf_token;
        })
        .catch(function () { token = null; return null; });
    }
    return token;
  }

  // A form's token must be the one the server holds for this browser now, not the one of the
  // moment the page was drawn: a page may come from the service worker's cache (drawn for no
  // session, or for one the browser has since closed). So each page with a form asks for the
  // current token as it opens, when the network comes back, and when it is shown again from
  // the browser's memory. (A score page refused anyway presses its button again: pad.js.)
  function renewTokens() {
    var inputs = document.querySelectorAll("form input[name=csrf_token]");
    if (!inputs.length || !navigator.onLine) return;
    currentToken(true).then(function (value) {
      if (value) inputs.forEach(function (input) { input.value = value; });
    });
  }

  // A page's live answer (totals as players type, a rule check): `body` as JSON to the page's
  // live address (its data-api), with the session's token in the X-CSRFToken header. A token
  // gone stale meanwhile (403) is asked for again and the question put once more. Resolves to
  // the fetch's response; rejects when the server cannot be reached, at once while the device
  // is offline (a request it cannot make is only an error in the console; the pages ask again
  // when the network is back).
  gardenkit.askLive = function (url, body) {
    if (!navigator.onLine) return Promise.reject(new Error("offline: asked again when the network is back"));
    function ask(fresh) {
      return currentToken(fresh).then(function (value) {
        var drawn = document.querySelector("input[name=csrf_token]");  // the page's own, when none could be fetched
        var sent = value || (drawn && drawn.value) || "";
        return fetch(url, { method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                            headers: { "Content-Type": "application/json", "X-CSRFToken": sent } });
      });
    }
    return ask(false).then(function (response) { return response.status === 403 ? ask(true) : response; });
  };
  renewTokens();
  window.addEventListener("online", renewTokens);
  window.addEventListener("pageshow", function (event) { if (event.persisted) renewTokens(); });

  // Every page and asset keeps working offline after the first visit (see /sw.js).
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without it */ });
  }
})();
