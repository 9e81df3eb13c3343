// The rules pages' answer, drawn alike on every game: the verdict once, the reasons with their
// rulebook sections, what the action does in words (the check's "summary", written by the
// game's describe in Python, the same words as `gardenkit check`), and the JSON one tap away.
// An answer stands only while its question is on the page: it goes as soon as the board or the
// action changes.
(function () {
  "use strict";
  var gardenkit = window.gardenkit = window.gardenkit || {};

  function reasons(list) {
    var ul = gardenkit.el("ul", { "class": "reasons" });
    list.forEach(function (v) {
      var li = gardenkit.el("li", {}, v.message + " ");
      if (v.rule) li.appendChild(gardenkit.el("span", { "class": "rule" }, v.rule));
      ul.appendChild(li);
    });
    return ul;
  }

  // The answer the server drew after a plain post (#check-result) answers the question posted:
  // once the page draws its own, or the player changes anything, it is gone.
  function forgetServerAnswer() {
    var old = document.getElementById("check-result");
    if (old) old.replaceChildren();
  }

  // Draw a check's reply (HTTP status, JSON body) into `box`; `cannot` heads the reasons a
  // board or action cannot be checked at all ("checked": false).
  gardenkit.drawAnswer = function (box, status, data, cannot) {
    var el = gardenkit.el;
    var parts = [];
    if (status !== 200 || !data || typeof data.legal !== "boolean") {
      var problems = el("div", { "class": "violations" });
      problems.appendChild(el("h2", {}, cannot || "Cannot check this"));
      problems.appendChild(reasons((data && data.violations) ||
        [{ message: status ? "the checker answered " + status : "the checker could not be reached", rule: "" }]));
      parts.push(problems);
    } else {
      parts.push(el("p", { "class": "verdict " + (data.legal ? "legal" : "illegal") },
                    data.legal ? "\u2713 Legal" : "\u2717 Not legal"));
      if (data.violations.length) parts.push(reasons(data.violations));
      if (data.summary && data.summary.length) {
        var words = el("ul", { "class": "summary" });
        data.summary.forEach(function (line) { words.appendChild(el("li", {}, line)); });
        parts.push(words);
      }
      var json = el("details", { "class": "answer-json" });
      json.appendChild(el("summary", {}, "The answer as JSON"));
      json.appendChild(el("pre", {}, JSON.stringify(data, null, 1)));
      parts.push(json);
    }
    box.replaceChildren.apply(box, parts);
    if (box.id !== "check-result") forgetServerAnswer();
  };

  // Clear `box` (and the server's answer) whenever a control of `root` changes, except inside
  // `keep` (the JSON the page writes from the controls, say).
  gardenkit.answerGoesOnChange = function (root, box, keep) {
    function forget(event) {
      if (keep && event.target.closest && event.target.closest(keep)) return;
      if (box) box.replaceChildren();
      forgetServerAnswer();
    }
    root.addEventListener("input", forget);
    root.addEventListener("change", forget);
  };
})();
