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

  // Every page and asset keeps working offline after the first visit (see /sw.js).
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without it */ });
  }
})();
