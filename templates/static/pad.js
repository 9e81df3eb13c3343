// The score pad around any score form (loaded by _score_form_start.html, no build step):
//   - the game in progress is kept on this device and comes back after a reload or a closed tab,
//     with what a photo's reading left to check (static/photo.js); the game just saved comes
//     back too, said to be that, to be typed over;
//   - recent players are offered in every name field; "Rematch" keeps the players (moved on by
//     one, so the player after the one who started starts), "New game" clears, and both can be undone;
//   - the game's first input is its start (_started_at), and "Who started" offers the names typed;
//   - each problem is shown next to its field, which is marked (aria-invalid, aria-describedby);
//   - one spoken summary and the running totals beside Save;
//   - offline: the page says so, totals wait for the network (they come from the server's
//     rules, never from a copy in JavaScript), and Save keeps the game in a queue that
//     static/queue.js sends from any page, once, when the network is back;
//   - a save key made of the game's own entries: the same game saved twice (online, offline,
//     or both) is stored once, and the next game typed over it is a new one;
//   - problems are shown only at fields a player has touched (or all after Score or Save):
//     players not yet entered are not judged;
//   - a count field selects what it shows when tapped, so typing replaces it.
// Page scripts announce each answer with a "gardenkit:answer" event on the form
// ({result} | {violations} | {offline}) and register gardenkit.stateOf(form) -> state JSON.
(function () {
  "use strict";
  var form = document.querySelector("form.score-form");
  if (!form) return;
  var gardenkit = window.gardenkit;
  var el = gardenkit.el;
  var path = location.pathname;
  var game = path.split("/")[2];
  var KEYS = { draft: "gardenkit:draft:" + path, cleared: "gardenkit:cleared:" + path,
               undo: "gardenkit:offer-undo:" + path, roster: "gardenkit:roster", game: "gardenkit:game:" + path };
  var note = document.getElementById("pad-note");
  var summary = document.getElementById("pad-summary");
  var roster = document.getElementById("recent-players");
  var result = document.getElementById("result");
  var isExample = !!form.querySelector("input[name=_example]");
  // Editing a saved game (the form says so, _edit_form_start.html) is a mode of its own: its
  // unsaved changes are kept under a key of the saved version it was opened on, never as the
  // score page's draft; it has no save key and nothing is queued as a new game.
  var editing = form.querySelector("[data-pad-edit]");
  var isEdit = !!editing;
  if (isEdit) KEYS.draft = "gardenkit:edit-draft:" + path + ":" + editing.dataset.padEdit;
  var restoring = false;
  var touched = {};  // the fields a player has typed in or tapped (by name): only these are judged live
  var leaving = false;  // New game / Rematch wrote the next draft: the page going away must not overwrite it
  // The draft is the game just saved, untouched since: brought back, it is said to be that, not a
  // game in progress. The first entry typed over it makes it the next game.
  var savedAsIs = false;

  function read(key, fallback) {
    try {
      var value = JSON.parse(localStorage.getItem(key));
      return value === null ? fallback : value;
    } catch (e) { return fallback; }
  }
  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage full or off: the form still works */ }
  }

  // --- what the form holds, as {players: [{field: value}], shared: {name: value}} ------------

  var SKIP = { csrf_token: 1, op: 1, _example: 1, _state_json: 1, save_key: 1 };
  function dataFields(root) {
    return Array.prototype.filter.call(root.querySelectorAll("input[name], select[name], textarea[name]"), function (input) {
      return !SKIP[input.name] && input.type !== "radio" && !(input.type === "hidden" && input.dataset.kind === "bool") &&
        !input.closest("template");
    });
  }
  function valueOf(input) { return input.type === "checkbox" ? input.checked : input.value; }
  function playerSets() { return Array.prototype.slice.call(form.querySelectorAll("#players fieldset.player")); }
  function prefixOf(set) {
    var named = set.querySelector("[name^='players.']");
    return named ? named.name.split(".").slice(0, 2).join(".") + "." : "";
  }

  function snapshot() {
    var shared = {};
    var players = playerSets().map(function (set) {
      var prefix = prefixOf(set), fields = {};
      dataFields(set).forEach(function (input) { fields[input.name.slice(prefix.length)] = valueOf(input); });
      return fields;
    });
    dataFields(form).forEach(function (input) {
      if (input.name.indexOf("players.") !== 0) shared[input.name] = valueOf(input);
    });
    var kept = { players: players, shared: shared };
    var doubts = gardenkit.photoDoubts && gardenkit.photoDoubts();  // what a photo's reading left to check
    if (doubts) kept.photo = doubts;
    if (savedAsIs) kept.saved = true;
    return kept;
  }

  function put(input, value) {
    if (!input) return;
    if (input.type === "checkbox") input.checked = !!value; else input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function restore(saved) {
    restoring = true;
    var add = form.querySelector("button[name=op][value=add]");
    var wanted = Math.max(1, saved.players.length);
    for (var guard = 0; playerSets().length < wanted && add && guard < 20; guard++) add.click();
    for (var sets = playerSets(); sets.length > wanted; sets = playerSets()) {
      var remove = sets[sets.length - 1].querySelector("button[value^='remove:']");
      if (!remove) break;
      remove.click();
      if (playerSets().length === sets.length) break;  // the page keeps a minimum of players
    }
    drawStarters();  // the choices of "Who started" first, so the kept choice finds its option
    Object.keys(saved.shared).forEach(function (name) {
      put(form.querySelector("[name='" + CSS.escape(name) + "']:not([type=hidden])") ||
          form.querySelector("[name='" + CSS.escape(name) + "']"), saved.shared[name]);
    });
    playerSets().forEach(function (set, n) {
      var fields = saved.players[n] || {}, prefix = prefixOf(set);
      dataFields(set).forEach(function (input) {
        var key = input.name.slice(prefix.length);
        if (key in fields) put(input, fields[key]);
        // not in the draft: the blank page's own start (a real 0 where a count starts at 0), never ""
        else if (input.type !== "checkbox" && input.tagName !== "SELECT") put(input, input.defaultValue);
        if (key in fields && fields[key] !== "") touched[input.name] = true;  // typed before: judged again
      });
    });
    if (gardenkit.showPhotoDoubts) gardenkit.showPhotoDoubts(saved.photo);
    restoring = false;
    keep();
  }

  // A pasted state (JSON) fills the fields, so what is scored is what the page shows.
  function fromState(state) {
    function flatten(value, prefix, out) {
      if (Array.isArray(value)) {
        out[prefix] = value.join(value.every(function (v) { return typeof v === "string"; }) ? "\n" : ", ");
        value.forEach(function (v, i) { flatten(v, prefix + "." + i, out); });
      } else if (value !== null && typeof value === "object") {
        Object.keys(value).forEach(function (k) { flatten(value[k], prefix ? prefix + "." + k : k, out); });
      } else {
        out[prefix] = value === null ? "" : value;
      }
      return out;
    }
    var shared = {};
    Object.keys(state).forEach(function (k) { if (k !== "players") flatten(state[k], k, shared); });
    return { players: state.players.map(function (p) { return flatten(p, "", {}); }), shared: shared };
  }
  var paste = form.elements._state_json;
  if (paste) {
    paste.addEventListener("change", function () {
      var text = paste.value.trim(), state = null, problem = null;
      if (!text) return;
      try { state = JSON.parse(text); } catch (e) { problem = "it is not readable as JSON (" + e.message + ")"; }
      if (!problem && (state === null || typeof state !== "object" || !Array.isArray(state.players))) {
        problem = "it is not a game: a game is an object with a list of \"players\"";
      }
      if (problem) {
        say(["The pasted text was not used: " + problem + ". Fix it, or empty the box; until then the totals " +
             "come from the fields above, and Score or Save will refuse the pasted text."], true);
        return;
      }
      restore(fromState(state));
      paste.value = "";
      form.dispatchEvent(new Event("change"));
      say(["The pasted game is now in the fields above, and replaced what they held: check them, then Save."]);
    });
  }

  function hasEntries(saved) {
    return !!saved && playerNames(saved).length > 0;
  }

  var keepTimer = null;
  function keep() {
    if (isExample || restoring || leaving) return;
    clearTimeout(keepTimer);
    keepTimer = setTimeout(keepNow, 150);
  }
  function keepNow() { if (!isExample && !restoring && !leaving) write(KEYS.draft, snapshot()); }
  gardenkit.keepDraft = keep;

  // --- the bar: new game, rematch, undo ---------------------------------------------------------

  function say(parts, asAlert) {
    note.replaceChildren.apply(note, parts.map(function (p) { return typeof p === "string" ? document.createTextNode(p) : p; }));
    note.hidden = false;
    note.setAttribute("role", asAlert ? "alert" : "status");
  }

  function playerNames(saved) {
    return saved.players.map(function (p) { return String(p.name || "").trim(); }).filter(Boolean);
  }

  // A rematch's order: the same players, starting with the one after who started this game.
  function movedOn(current) {
    var names = current.players.map(function (p) { return String(p.name || "").trim(); });
    var turn = (Number(current.shared._start_seat || 0) + 1) % Math.max(names.length, 1);
    return names.slice(turn).concat(names.slice(0, turn)).filter(Boolean);
  }

  function startOver(keepPlayers) {
    var current = snapshot();
    if (hasEntries(current)) write(KEYS.cleared, current);
    var next = { players: keepPlayers ? movedOn(current).map(function (name) { return { name: name }; }) : [], shared: {} };
    if (keepPlayers) {
      dataFields(form).forEach(function (input) {  // game settings (variant, sheet) stay for the rematch; not who started
        if (input.name.indexOf("players.") !== 0 && input.name.charAt(0) !== "_" && input.tagName === "SELECT") {
          next.shared[input.name] = input.value;
        }
      });
    }
    clearTimeout(keepTimer);
    write(KEYS.draft, next);
    write(KEYS.game, newKey());  // a new game: its save key differs even if its entries do not
    leaving = true;
    try { sessionStorage.setItem(KEYS.undo, keepPlayers ? "rematch" : "new"); } catch (e) { /* no undo offer then */ }
  }

  var rematch = form.querySelector("[data-pad=rematch]");
  var newGame = form.querySelector("[data-pad=new]");
  if (newGame) newGame.addEventListener("click", function () {  // an edit has no new game
    if (!isExample) startOver(false);
  });
  if (rematch) rematch.addEventListener("click", function () {
    startOver(true);
    location.href = path;
  });
  var cancel = form.querySelector("[data-pad=cancel]");
  if (cancel) cancel.addEventListener("click", function () {  // the edit's changes are let go
    leaving = true;
    try { localStorage.removeItem(KEYS.draft); } catch (e) { /* nothing was kept then */ }
  });
  // Rematch keeps its place while it cannot be used (visibility, not display): a button that
  // appeared when a name field lost focus moved the page under the next tap. (An edit has none.)
  if (rematch) rematch.hidden = isExample;
  function showRematch() { if (rematch) rematch.classList.toggle("pad-unset", playerNames(snapshot()).length === 0); }

  function offerUndo() {
    var offered;
    try { offered = sessionStorage.getItem(KEYS.undo); sessionStorage.removeItem(KEYS.undo); } catch (e) { return; }
    var cleared = read(KEYS.cleared, null);
    if (!offered || !cleared) return;
    var undo = el("button", { type: "button", "class": "link" }, "Undo");
    undo.addEventListener("click", function () {
      restore(cleared);
      say(["The game you left is back."]);
    });
    say([offered === "rematch" ? "Rematch: same players, the next one starts, new scores. " : "New game started. ", undo]);
  }

  // --- how the game is played: its start, who started -------------------------------------------

  var started = form.querySelector("[data-pad-started]");
  var starter = form.querySelector("[data-pad-starter]");
  // "Who started" offers each player's name as typed (their place in the list is the value).
  function drawStarters() {
    if (!starter) return;
    var chosen = starter.value;
    var kept = Array.prototype.filter.call(starter.options, function (o) { return o.value === ""; });  // an edit's "not recorded"
    var offered = playerSets().map(function (set, n) {
      var nameInput = set.querySelector("input[name$='.name']");
      return el("option", { value: String(n) }, (nameInput && nameInput.value.trim()) || "Player " + (n + 1));
    });
    starter.replaceChildren.apply(starter, kept.concat(offered));
    starter.value = chosen;
    if (starter.selectedIndex < 0) starter.selectedIndex = 0;
  }
  if (starter) {
    form.addEventListener("input", function (event) { if (/\.name$/.test(event.target.name || "")) drawStarters(); });
    new MutationObserver(drawStarters).observe(form.querySelector("#players"), { childList: true });
  }
  // The first thing a player enters starts the game's clock (never a restored draft or an example):
  // typed, or set by a tap on the page's own controls (a stepper), as noteTouched counts them.
  function noteStart(event) {
    var name = event.target.name || "";
    if (!started || started.value || isExample || restoring || !(event.isTrusted || tapping) || name.charAt(0) === "_") return;
    started.value = new Date().toISOString();
    keep();
  }
  form.addEventListener("input", noteStart, true);
  form.addEventListener("change", noteStart, true);
  // A rematch opened from a saved game's page is a new game: its own save key.
  if (document.querySelector("[data-pad-rematch]")) write(KEYS.game, newKey());

  // --- each game's own player limit, at the Add button ------------------------------------------

  var most = Number(form.querySelector("[data-max-players]") && form.querySelector("[data-max-players]").dataset.maxPlayers);
  form.addEventListener("click", function (event) {
    var add = event.target.closest("button[name=op][value=add]");
    if (!add || !most || playerSets().length < most) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    say([document.querySelector("h1").firstChild.textContent.trim() + " is played by at most " + most +
         " players: there is no room for another."], true);
  }, true);

  // --- players removed by mistake come back ---------------------------------------------------

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[value^='remove:']");
    if (!button || restoring) return;
    var set = button.closest("fieldset.player");
    var prefix = prefixOf(set), fields = {};
    dataFields(set).forEach(function (input) { fields[input.name.slice(prefix.length)] = valueOf(input); });
    var name = String(fields.name || "").trim() || "The player";
    setTimeout(function () {
      if (document.contains(set)) return;  // not removed (the minimum number of players)
      var undo = el("button", { type: "button", "class": "link" }, "Undo");
      undo.addEventListener("click", function () {
        var saved = snapshot();
        saved.players.push(fields);
        restore(saved);
        say([name + " is back (as the last player)."]);
      });
      say([name + " was removed. ", undo]);
      undo.focus();
      keep();
    }, 0);
  }, true);

  // --- every control says whose it is: "Ann: Remove player", "Bo: one more hand" -------------
  // (remove buttons, and any element a page script marks with data-whose and an aria-label)

  function nameControls() {
    playerSets().forEach(function (set, n) {
      var nameInput = set.querySelector("input[name$='.name']");
      var who = (nameInput && nameInput.value.trim()) || "Player " + (n + 1);
      Array.prototype.forEach.call(set.querySelectorAll("button[value^='remove:'], [data-whose]"), function (button) {
        if (!button.dataset.what) {
          button.dataset.what = button.hasAttribute("data-whose") ? button.getAttribute("aria-label") : button.textContent.trim();
        }
        button.setAttribute("aria-label", who + ": " + button.dataset.what);
      });
    });
  }
  form.addEventListener("input", function (event) { if (/\.name$/.test(event.target.name || "")) nameControls(); });
  new MutationObserver(nameControls).observe(form.querySelector("#players"), { childList: true, subtree: true });

  // --- recent players ---------------------------------------------------------------------------

  function drawRoster() {
    roster.replaceChildren.apply(roster, read(KEYS.roster, []).map(function (name) { return el("option", { value: name }); }));
  }
  function remember(names) {
    var list = names.concat(read(KEYS.roster, []).filter(function (n) { return names.indexOf(n) < 0; }));
    write(KEYS.roster, list.slice(0, 24));
  }
  // Offered in every name field from the start: a list given to a field as it is tapped opened
  // its suggestions between the press and the release, and the tap's click was lost.
  function offerRoster() {
    form.querySelectorAll("#players input[name$='.name']").forEach(function (input) { input.setAttribute("list", "recent-players"); });
  }
  new MutationObserver(offerRoster).observe(form.querySelector("#players"), { childList: true });
  offerRoster();

  // --- problems next to their fields --------------------------------------------------------------

  function fieldFor(name) {
    var parts = name.split(".");
    if (parts[0] === "players" && /^\d+$/.test(parts[1] || "")) {
      var set = playerSets()[Number(parts[1])];
      if (!set) return null;
      var prefix = prefixOf(set), rest = parts.slice(2).join(".");
      if (!rest) return set.querySelector("input, select, textarea");
      return set.querySelector("[name='" + CSS.escape(prefix + rest) + "']:not([type=hidden])") ||
        set.querySelector("[name^='" + CSS.escape(prefix + rest + ".") + "']");
    }
    return form.querySelector("[name='" + CSS.escape(name) + "']:not([type=hidden])") ||
      form.querySelector("[name^='" + CSS.escape(name + ".") + "']");
  }

  // What is judged while players type: a problem at a field someone has touched; a whole
  // game's problem (the number of players, a shared total) once every player shown is entered.
  function touchedAt(field) {
    return Object.keys(touched).some(function (name) {
      return name === field || name.indexOf(field + ".") === 0 || field.indexOf(name + ".") === 0;
    });
  }
  function entered(set) {
    var prefix = prefixOf(set);
    return !!prefix && Object.keys(touched).some(function (name) { return name.indexOf(prefix) === 0; });
  }
  function judged(violation) {
    var field = violation.field || "";
    var row = /^players\.(\d+)/.exec(field);
    if (row) {
      var set = playerSets()[Number(row[1])];
      if (!set || !touchedAt(field)) return false;
      // While a player types in a row, the row's problems wait until they leave it, the field
      // being typed in too: a score typed over the last game's disagrees with the old harvest
      // until that is typed as well, and a note landing under the score moved the next field
      // as the finger reached for it. A tap on a board, a stepper or a box answers at once.
      var active = document.activeElement;
      return !(set.contains(active) && /^(INPUT|TEXTAREA)$/.test(active.tagName) && active.type !== "checkbox");
    }
    var everyone = playerSets().length > 0 && playerSets().every(entered);
    return field === "" || field === "players" ? everyone : everyone || touchedAt(field);
  }
  gardenkit.entered = entered;
  gardenkit.judged = judged;
  // A page that opens filled in (the server's answer to Score or Save, an example) holds what
  // was entered: it is judged as it stands. (Before the page scripts ask for totals.)
  // So does a saved game opened to be edited: its problems are shown at once.
  if (isEdit || !form.hasAttribute("data-fresh")) {
    dataFields(form).forEach(function (input) { if (String(valueOf(input)).trim() !== "") touched[input.name] = true; });
  }
  // A row left is a row to judge: the page script is asked for a fresh answer.
  var rowInUse = null;
  function useRow(row) {
    if (row === rowInUse) return;
    var left = rowInUse;
    rowInUse = row;
    if (left && entered(left)) form.dispatchEvent(new Event("change"));
  }
  form.addEventListener("focusin", function (event) { useRow(event.target.closest("fieldset.player")); });
  // Left for no other row (a tap on the page around, Save, another app): the row is left too.
  form.addEventListener("focusout", function (event) {
    var next = event.relatedTarget;
    if (!(next && form.contains(next) && next.closest("fieldset.player"))) useRow(null);
  });

  var marked = [];
  // The server marks a refused score's fields too (for pages without JavaScript); the script
  // takes those marks over, so a field never carries the same problem twice.
  function unmarkServed() {
    form.querySelectorAll(".field-error.served").forEach(function (note) {
      form.querySelectorAll("[aria-describedby~='" + note.id + "']").forEach(function (input) {
        gardenkit.describedBy(input, note.id, false);
        input.removeAttribute("aria-invalid");
      });
      note.remove();
    });
  }
  function unmark() {
    unmarkServed();
    marked.forEach(function (m) {
      m.input.removeAttribute("aria-invalid");
      gardenkit.describedBy(m.input, m.note.id, false);
      m.note.remove();
    });
    marked = [];
  }
  function mark(violations) {
    unmark();
    violations.forEach(function (v, n) {
      var input = v.field && fieldFor(v.field);
      if (!input) return;
      var id = "field-error-" + n;
      var message = el("span", { "class": "field-error", id: id }, v.message);
      (gardenkit.standIn(input) || input.closest("label") || input).insertAdjacentElement("afterend", message);
      marked.push({ input: input, note: message });
      input.setAttribute("aria-invalid", "true");
      gardenkit.describedBy(input, id, true);
    });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-field]");
    if (!link) return;
    event.preventDefault();
    var input = fieldFor(link.dataset.field);
    if (input) input.focus();
  });

  // --- the answer: spoken summary, running totals, offline ----------------------------------------

  var save = form.querySelector("button[name=op][value=save]");
  var bar = save && save.closest(".actions");
  var totals = el("output", { "class": "pad-totals", "aria-hidden": "true" });
  if (bar) { bar.classList.add("pad-sticky"); bar.insertBefore(totals, bar.firstChild); }

  function showAnswer(detail) {
    if (detail.offline) return showOffline();
    if (result) result.classList.remove("stale");
    if (detail.violations) {
      var shown = detail.violations.filter(judged);  // only what players can be asked about yet
      mark(shown);
      totals.textContent = "Not scored yet";
      summary.textContent = !shown.length ? "" : shown.length === 1 ? "1 problem to fix: " + shown[0].message
        : shown.length + " problems to fix; the first: " + shown[0].message;
    } else if (detail.result) {
      unmark();
      var line = detail.result.players.map(function (p) { return p.name + " " + p.total; }).join(" · ");
      totals.textContent = line;
      summary.textContent = (detail.result.winners.length === 1 ? detail.result.winners[0] + " leads. " : "Tied: " +
        detail.result.winners.join(" and ") + ". ") + line.split(" · ").join(", ") + ".";
    }
  }
  form.addEventListener("gardenkit:answer", function (event) { showAnswer(event.detail || {}); });

  // Offline: the totals line says so at once (it holds its room, so nothing moves while players
  // type); a page that opens offline says more in its note.
  function showOffline() {
    totals.textContent = "Totals when back online";
    if (result) result.classList.add("stale");
  }
  window.addEventListener("offline", showOffline);
  window.addEventListener("online", function () {
    note.hidden = true;
    form.dispatchEvent(new Event("change"));  // the page script asks for fresh totals
  });

  // --- saving: remembered players, and a queue while offline --------------------------------------

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  // The key a save goes with, made of this game's entries (and the game's own id, renewed by
  // New game and Rematch): the same game saved twice, online or offline, is stored once; the
  // next game typed over it has other entries, so another key. (No crypto.subtle: pages
  // served over plain http on a home network have none.)
  function hashed(text, seed) {
    var h = seed >>> 0;
    for (var i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return ("0000000" + h.toString(16)).slice(-8);
  }
  function saveKey(state) {
    var gameId = read(KEYS.game, null);
    if (!gameId) { gameId = newKey(); write(KEYS.game, gameId); }
    var text = game + "\n" + gameId + "\n" + JSON.stringify(state);
    return "g-" + hashed(text, 2166136261) + hashed(text, 2538058380) + hashed(text, 461845907) + hashed(text, 16777619);
  }

  // When the game was played, who started and where, as a queued save sends them: when it was
  // played, not when it is sent.
  function playDetails() {
    var details = { ended_at: new Date().toISOString(), location: form.elements._location ? form.elements._location.value : "" };
    if (started && started.value) details.started_at = started.value;
    if (starter && starter.selectedIndex >= 0) {
      var first = snapshot().players[Number(starter.value)];
      if (first && String(first.name || "").trim()) details.start_player = String(first.name).trim();
    }
    return details;
  }

  form.addEventListener("submit", function (event) {
    var op = event.submitter && event.submitter.value;
    if (op !== "save") return;
    if (isExample) {  // an example is never saved (the server says so); offline, say it here
      if (navigator.onLine) return;
      event.preventDefault();
      say(["Not saved: this is an example, and examples never go to Results or players' records."], true);
      note.focus();
      return;
    }
    remember(playerNames(snapshot()));
    if (isEdit) {  // an edit is sent by the form, online; queued, it would be saved as a new game
      if (navigator.onLine) return;
      event.preventDefault();
      say(["You are offline, so the change is not saved yet. Every entry stays on this page: " +
           "press Save changes again when the network is back."], true);
      note.focus();
      return;
    }
    if (!gardenkit.stateOf) return;
    var state = gardenkit.stateOf(form);
    form.elements.save_key.value = saveKey(state);
    if (navigator.onLine || !gardenkit.queueSave) {
      // The game goes to the server with its start; the page keeps it to be played over, and
      // whatever is typed over it is the next game, whose first input starts its own clock. (A
      // refused save comes back with the start it sent.) It is queued too, under its key, in
      // case its answer never comes (a connection cut as a server restarts): the next page sends
      // it unless it is the answer (static/queue.js), and the key stores it once either way.
      if (gardenkit.queueSave) {
        gardenkit.queueSave({ game: game, state: state, key: form.elements.save_key.value,
                              at: new Date().toLocaleTimeString(), details: playDetails(), byForm: true }, true);
      }
      var next = snapshot();
      if (started) delete next.shared[started.name];
      delete next.photo;  // saved as it stood: the photo's outlines were the player's to check before
      next.saved = true;
      write(KEYS.draft, next);
      leaving = true;
      return;
    }
    event.preventDefault();
    gardenkit.queueSave({ game: game, state: state, key: form.elements.save_key.value, at: new Date().toLocaleTimeString(),
                          details: playDetails() });
    keepNow();
    say(["Saved on this device. It will be sent to Results once, when the network is back."]);
    totals.textContent = "Saved on this device";
    note.focus();  // the answer to Save, in view, as the answer to a plain-form Save is
  });

  // A count field shows a real number (0 included): tapped, it selects it, so typing replaces it.
  var selectNext = null;
  form.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.type !== "number" || input.value === "") return;
    input.select();
    selectNext = input;
  });
  form.addEventListener("mouseup", function (event) {
    if (event.target === selectNext) event.preventDefault();  // the click would put a caret in the selection
    selectNext = null;
  });

  // A text field that takes the focus holds the caret at once. Chromium moves the focus on a
  // tap before it places the caret, and when the page has scrolled under the field that had the
  // focus, it may never place it: the keys typed at once then reach the field but write nothing
  // (a phone's name typed right after the tap was lost). The caret stays where it was. Only
  // for a tap: a script that selects a field's text and then focuses it keeps its selection.
  var pressed = null;
  form.addEventListener("pointerdown", function (event) { pressed = event.target; }, true);
  form.addEventListener("focusin", function (event) {
    var input = event.target;
    var tapped = input === pressed;
    pressed = null;
    if (!tapped || (!/^(text|search|tel|url)$/.test(input.type) && input.tagName !== "TEXTAREA")) return;
    input.setSelectionRange(input.selectionStart, input.selectionEnd, input.selectionDirection);
  });

  // What a player touched: typed in, or set by a tap on the page's own controls (a stepper, a
  // garden space), whose scripts change the field in the same tap.
  var tapping = false;
  form.addEventListener("click", function (event) {
    if (!event.isTrusted) return;
    tapping = true;
    setTimeout(function () { tapping = false; }, 0);
  }, true);
  function noteTouched(event) {
    if (!(event.isTrusted || tapping) || !event.target.name || restoring) return;
    touched[event.target.name] = true;
    savedAsIs = false;
  }
  form.addEventListener("input", noteTouched, true);
  form.addEventListener("change", noteTouched, true);

  // --- start ----------------------------------------------------------------------------------------

  form.addEventListener("input", keep);
  form.addEventListener("change", function () { keep(); showRematch(); });
  form.addEventListener("click", function (event) { if (event.target.closest("button[name=op]")) keep(); });
  window.addEventListener("pagehide", keepNow);

  // The same game open in another tab: that tab's entries are the newer ones, so this tab takes
  // them. Otherwise the next entry typed here would write this tab's older copy over them, and
  // whatever the other tab held would be gone after a reload. (The browser tells every other tab
  // of the same site, never the one that wrote.)
  window.addEventListener("storage", function (event) {
    if (event.key !== KEYS.draft || !event.newValue || isExample || leaving) return;
    var theirs;
    try { theirs = JSON.parse(event.newValue); } catch (e) { return; }
    if (!theirs || !Array.isArray(theirs.players) || JSON.stringify(theirs) === JSON.stringify(snapshot())) return;
    clearTimeout(keepTimer);  // this tab's older copy, waiting to be written: dropped
    savedAsIs = theirs.saved === true;
    var focused = document.activeElement;
    restore(theirs);
    if (focused && document.contains(focused) && focused !== document.activeElement) focused.focus({ preventScroll: true });
    say(["This game changed in another tab: its entries are here now too."]);
  });

  // After every page script has run (they are deferred too), so "Add player" works here.
  document.addEventListener("DOMContentLoaded", function () {
    drawRoster();
    var draft = read(KEYS.draft, null);
    if (isEdit && form.hasAttribute("data-fresh") && draft && JSON.stringify(draft) !== JSON.stringify(snapshot())) {
      restore(draft);
      say(["Your unsaved changes to this game are back."]);
    } else if (!isEdit && form.hasAttribute("data-fresh") && draft && (hasEntries(draft) || draft.players.length)) {
      savedAsIs = draft.saved === true;
      restore(draft);
      if (savedAsIs) say(["Your last game, saved: type the next one over it, or New game."]);
      else if (hasEntries(draft)) say(["Your game in progress is back."]);
    } else {
      keepNow();
    }
    offerUndo();
    var served = document.getElementById("answer-violations");
    if (served) { try { mark(JSON.parse(served.textContent)); } catch (e) { /* the list above still says it */ } }
    if (!navigator.onLine) {
      showOffline();
      say(["You are offline. Every entry stays on this device; totals when back online; " +
           "Save result keeps the game and sends it when the network is back."]);
    }
    showRematch();
    nameControls();
    drawStarters();
    retryRefused();
  });

  // A press the server refused for a stale token comes back with every entry and a fresh
  // token: press it again, once per save key (the same key, so a Save is still stored once).
  function retryRefused() {
    var refused = document.getElementById("form-refused");
    var op = refused && refused.dataset.retry;
    var button = op && form.querySelector("button[name=op][value='" + CSS.escape(op) + "']");
    if (!button) return;
    var once = "gardenkit:retried:" + form.elements.save_key.value;
    try {
      if (sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, "1");
    } catch (e) { return; }
    refused.textContent = "This page had been open a long time; sending it again with a fresh token.";
    form.requestSubmit(button);
  }
})();
