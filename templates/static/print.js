// The print page: when an option changes, fetch the page for the new options and swap in
// its thumbnails, checklist and messages (the elements marked data-swap), so the preview
// follows the form without a reload. Without this script the "Show these options" button
// does the same with a plain form post.
(function () {
  "use strict";
  var form = document.getElementById("print-form");
  if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var asked = 0, timer = null;

  function optionsQuery() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      // the deck file stays in the form (it needs a post); the token and buttons are no options
      if (typeof value === "string" && name !== "csrf_token" && name !== "download") params.append(name, value);
    });
    return params.toString();
  }

  function markInvalid() {
    document.querySelectorAll(".field-error").forEach(function (box) {
      var field = document.getElementById(box.id.replace(/-error$/, ""));
      if (!field) return;
      if (box.textContent.trim()) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
  }

  function refresh() {
    var url = form.getAttribute("data-page") + "?" + optionsQuery(), ticket = ++asked;
    var view = document.getElementById("kit-view");
    if (view) view.setAttribute("aria-busy", "true");
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (answer) { return answer.text(); })
      .then(function (html) {
        if (ticket !== asked) return;  // a newer change is on its way
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-swap]").forEach(function (old) {
          var replacement = fresh.getElementById(old.id);
          if (replacement) old.replaceWith(document.importNode(replacement, true));
        });
        markInvalid();
        history.replaceState(null, "", url);
      })
      .catch(function () { /* the buttons still work: the form posts as usual */ })
      .then(function () {
        var current = document.getElementById("kit-view");
        if (current && ticket === asked) current.removeAttribute("aria-busy");
      });
  }

  form.addEventListener("change", function (event) {
    // a chosen deck list is previewed by posting the form ("Show these options"); the
    // address alone would show the standard deck
    if (event.target.name === "deck" || (form.elements.deck && form.elements.deck.files.length)) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  });
})();
