// Live totals for a score form (no build step, no library).
// The form works without this script (plain POST). With it: totals update as you type,
// and players are added and removed without a reload.
//
// Contract with the page (any game's score.html may reuse this script):
//   <form id="score-form" data-api="/games/<id>/score/live">  inputs named by JSON path
//   (players.0.name, ...) with data-kind = int|float|bool|choice|str|ints|lines|json;
//   <div id="players"> holding one <fieldset class="player"> per player;
//   <template id="player-template"> a player fieldset using "__i__" for the index;
//   <section id="result"> where the outcome is drawn.
(function () {
  "use strict";
  var form = document.getElementById("score-form");
  if (!form) return;
  var result = document.getElementById("result");
  var players = document.getElementById("players");
  var template = document.getElementById("player-template");
  var timer = null;
  var sequence = 0;

  function convert(el) {
    var kind = el.dataset.kind, text = el.value, trimmed = text.trim();
    if (kind === "bool") return el.type === "checkbox" ? el.checked : undefined;
    if (kind === "int" || kind === "float" || kind === "choice" || kind === "json") {
      if (trimmed === "") return undefined;
    }
    if (kind === "int") return /^[+-]?\d+$/.test(trimmed) ? parseInt(trimmed, 10) : trimmed;
    if (kind === "float") return isNaN(Number(trimmed)) ? trimmed : Number(trimmed);
    if (kind === "choice") return /^[+-]?\d+$/.test(trimmed) ? parseInt(trimmed, 10) : trimmed;
    if (kind === "ints") {
      return trimmed.split(/[\s,;]+/).filter(Boolean).map(function (p) {
        return /^[+-]?\d+$/.test(p) ? parseInt(p, 10) : p;
      });
    }
    if (kind === "lines") return text.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
    if (kind === "json") { try { return JSON.parse(trimmed); } catch (e) { return trimmed; } }
    return trimmed;
  }

  // {"0": a, "3": b} -> [a, b], the same rule the server applies.
  function lists(node) {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
    var keys = Object.keys(node);
    var numeric = keys.length > 0 && keys.every(function (k) { return /^\d+$/.test(k); });
    if (numeric) {
      return keys.map(Number).sort(function (a, b) { return a - b; }).map(function (k) { return lists(node[k]); });
    }
    var out = {};
    keys.forEach(function (k) { out[k] = lists(node[k]); });
    return out;
  }

  // The state the fields describe. For live totals (`live`), players not entered yet are left
  // out (nobody is judged before they are typed), and `liveRows` keeps which row each is.
  var liveRows = [];
  function formState(live) {
    var pasted = form.elements["_state_json"];
    if (pasted && pasted.value.trim() && live !== true) {
      try { return JSON.parse(pasted.value); } catch (e) { /* the fields, as the page said (static/pad.js) */ }
    }
    var sets = Array.prototype.slice.call(players.querySelectorAll("fieldset.player"));
    var left = live === true && window.gardenkit.entered ? sets.filter(function (set) { return !window.gardenkit.entered(set); }) : [];
    liveRows = sets.map(function (set, n) { return left.indexOf(set) < 0 ? n : -1; }).filter(function (n) { return n >= 0; });
    var tree = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !el.dataset.kind || el.disabled || el.closest("template")) return;
      if (left.indexOf(el.closest("fieldset.player")) >= 0) return;
      if (el.type === "hidden" && el.dataset.kind === "bool") return;
      var value = convert(el);
      if (value === undefined) return;
      var parts = el.name.split("."), node = tree;
      for (var i = 0; i < parts.length - 1; i++) {
        if (typeof node[parts[i]] !== "object" || node[parts[i]] === null) node[parts[i]] = {};
        node = node[parts[i]];
      }
      node[parts[parts.length - 1]] = value;
    });
    var state = lists(tree);
    if (!state.players) state.players = [];
    return state;
  }

  var el = window.gardenkit.el;
  // what static/pad.js queues when Save is pressed offline: every row, as the form holds it
  window.gardenkit.stateOf = function () { return formState(false); };

  function label(key) {
    var words = key.replace(/[_-]/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function problemList(items) {
    var ul = el("ul");
    items.forEach(function (v) {
      var li = el("li");
      li.appendChild(v.field ? el("a", { href: "#players", "data-field": v.field }, v.message) : document.createTextNode(v.message));
      if (v.rule) li.appendChild(el("span", { "class": "rule" }, v.rule));
      ul.appendChild(li);
    });
    return ul;
  }

  // A new answer replaces the old one; focus that was on the answer moves to the new one.
  function showInPlace(parts) {
    var hadFocus = result.contains(document.activeElement);
    result.replaceChildren.apply(result, parts);
    var heading = result.querySelector(".answer");
    if (hadFocus && heading) heading.focus({ preventScroll: true });
  }

  // A live answer's problems at the rows they are about (rows not entered were left out), and
  // only those a player can be asked about yet (static/pad.js: gardenkit.judged).
  function asShown(violations) {
    return violations.map(function (v) {
      var found = /^players\.(\d+)(.*)$/.exec(v.field || "");
      if (!found || liveRows[Number(found[1])] === undefined) return v;
      var row = liveRows[Number(found[1])];
      return Object.assign({}, v, { field: "players." + row + found[2],
                                    message: String(v.message).replace("Player " + (Number(found[1]) + 1) + "'s", "Player " + (row + 1) + "'s") });
    }).filter(function (v) { return !window.gardenkit.judged || window.gardenkit.judged(v); });
  }

  function drawViolations(violations) {
    if (!violations.length) {  // nothing to ask yet: no answer rather than a refusal
      showInPlace([]);
      form.dispatchEvent(new CustomEvent("gardenkit:answer", { detail: { violations: [] } }));
      return;
    }
    var box = el("div", { "class": "violations" });
    box.appendChild(el("h2", { "class": "answer", tabindex: "-1" }, "This state is not possible"));
    box.appendChild(problemList(violations));
    showInPlace([box]);
    form.dispatchEvent(new CustomEvent("gardenkit:answer", { detail: { violations: violations } }));
  }

  // The player's name, opening to their breakdown (phones show only rank, name and total).
  function breakdown(p, keys, tiebreakers) {
    var details = el("details", { "class": "breakdown" });
    details.appendChild(el("summary", {}, p.name));
    var list = details.appendChild(el("dl"));
    keys.forEach(function (k) {
      list.appendChild(el("dt", {}, label(k)));
      list.appendChild(el("dd", {}, k in p.breakdown ? p.breakdown[k] : ""));
    });
    tiebreakers.forEach(function (k) {
      list.appendChild(el("dt", {}, label(k) + " (tie-break)"));
      list.appendChild(el("dd", {}, (p.tiebreakers || {})[k]));
    });
    return details;
  }

  function drawScore(data) {
    var keys = [];
    data.players.forEach(function (p) {
      Object.keys(p.breakdown).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); });
    });
    var tiebreakers = Object.keys(data.players.length ? (data.players[0].tiebreakers || {}) : {});
    var winners = el("p", { "class": "winners" });
    winners.appendChild(el("span", { "class": "trophy", "aria-hidden": "true" }, "\u2605"));
    winners.appendChild(document.createTextNode(data.winners.length === 1 ? "Winner: " : "Shared win: "));
    winners.appendChild(el("strong", {}, data.winners.join(" & ")));
    if (data.tie_break) {  // the scorer's own words for how a tie for the win was settled
      winners.appendChild(document.createTextNode(" "));
      winners.appendChild(el("small", { "class": "tiebreak-note" }, data.tie_break));
    }
    var table = el("table", { "class": "ranking" });
    var head = el("tr");
    ["Rank", "Player"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
    keys.forEach(function (k) { head.appendChild(el("th", { "class": "part" }, label(k))); });
    tiebreakers.forEach(function (k) {
      var th = el("th", { "class": "tb part" }, label(k) + " ");
      th.appendChild(el("small", {}, "tie-break"));
      head.appendChild(th);
    });
    head.appendChild(el("th", { "class": "total" }, "Total"));
    table.appendChild(el("thead")).appendChild(head);
    var body = table.appendChild(el("tbody"));
    data.players.forEach(function (p) {
      var row = el("tr", p.rank === 1 ? { "class": "first" } : {});
      row.appendChild(el("td", {}, p.rank));
      // named by the player: the breakdown inside would otherwise leave the row header nameless
      row.appendChild(el("th", { scope: "row", "aria-label": p.name })).appendChild(breakdown(p, keys, tiebreakers));
      keys.forEach(function (k) {
        row.appendChild(el("td", { "class": "part", "data-label": label(k) }, k in p.breakdown ? p.breakdown[k] : ""));
      });
      tiebreakers.forEach(function (k) {
        row.appendChild(el("td", { "class": "tb part", "data-label": label(k) + " (tie-break)" }, (p.tiebreakers || {})[k]));
      });
      row.appendChild(el("td", { "class": "total" }, p.total));
      body.appendChild(row);
    });
    var wrap = el("div", { "class": "table-wrap" });
    wrap.appendChild(table);
    var parts = [el("h2", { "class": "answer", tabindex: "-1" }, "Final scores"), winners, wrap];
    if (data.warnings && data.warnings.length) {
      var warn = el("ul", { "class": "warnings" });
      data.warnings.forEach(function (w) { warn.appendChild(el("li", {}, w.message)); });
      parts.push(warn);
    }
    showInPlace(parts);
    form.dispatchEvent(new CustomEvent("gardenkit:answer", { detail: { result: data } }));
  }

  function refresh() {
    var mine = ++sequence;
    window.gardenkit.askLive(form.dataset.api, formState(true)).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      if (mine !== sequence) return;  // a newer request is on its way
      if (answer.status === 200 && !answer.data.violations) drawScore(answer.data);
      else if (answer.data.violations) drawViolations(asShown(answer.data.violations));
      else drawViolations([{ message: answer.data.error || "could not score", rule: "", path: "" }]);
    }).catch(function () {
      form.dispatchEvent(new CustomEvent("gardenkit:answer", { detail: { offline: true } }));
    });
  }

  // An answer to entries typed over since is dropped (a number half typed, "1" of "14", is not
  // judged), and the next one is asked for once typing pauses.
  function soon() {
    sequence++;
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }

  function renumber() {
    Array.prototype.forEach.call(players.querySelectorAll("fieldset.player"), function (fs, n) {
      var legend = fs.querySelector("legend");
      if (legend) legend.textContent = "Player " + (n + 1);
    });
  }

  function nextIndex() {
    var max = -1;
    Array.prototype.forEach.call(players.querySelectorAll("fieldset.player"), function (fs) {
      max = Math.max(max, parseInt(fs.dataset.index, 10));
    });
    return max + 1;
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[name=op]");
    if (!button || !template) return;
    if (button.value === "add") {
      event.preventDefault();
      var index = String(nextIndex());
      var html = template.innerHTML.split("__i__").join(index);
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var fieldset = holder.firstElementChild;
      players.appendChild(fieldset);
      renumber();
      var first = fieldset.querySelector("input:not([type=hidden])");
      if (first) first.focus();
      soon();
    } else if (button.value.indexOf("remove:") === 0) {
      event.preventDefault();
      if (players.querySelectorAll("fieldset.player").length <= 1) return;
      button.closest("fieldset.player").remove();
      renumber();
      soon();
    }
  });
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
  // A form that opens filled in (an example, or a page sent back) shows its totals at once.
  var names = form.querySelectorAll("#players input[name$='.name']");
  var filled = Array.prototype.every.call(names, function (input) { return input.value.trim() !== ""; });
  if (names.length && filled && !result.querySelector("table, .violations")) refresh();
})();
