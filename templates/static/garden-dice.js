// Garden Dice dispute board (no build step, no library).
// The page's JSON form works without this script; with it, the board is filled by clicking,
// the action is picked from a list, and the answer of /api/games/garden-dice/check is drawn on
// the board. The JSON textareas are kept in step, so the plain form posts the same question.
(function () {
  "use strict";
  var app = document.getElementById("gd-app");
  if (!app) return;
  var DATA = JSON.parse(document.getElementById("gd-data").textContent);
  var form = document.getElementById("check-form");
  var stateBox = form.elements.state, actionBox = form.elements.action;
  // Player colours with a symbol each, in the order of the box (pnp.colors symbols).
  var LOOKS = { green: ["#009E73", "\u25A0"], blue: ["#0072B2", "\u25CF"],
                yellow: ["#F0E442", "\u25C6"], red: ["#D55E00", "\u25B2"] };
  var CROP_LOOK = { squash: "#F0E442", carrot: "#E69F00", tomato: "#D55E00",
                    artichoke: "#009E73", eggplant: "#CC79A7" };
  var KIND_LABEL = { seed: "seed", veggie: "veggie", bird: "bird", rabbit: "rabbit",
                     sundial: "sundial", scarecrow: "scarecrow", rock: "rock", erase: "empty" };
  var values = {};
  DATA.crops.forEach(function (c) { values[c.name] = c.value; });
  var stars = {};
  DATA.stars.forEach(function (s) { stars[s[0] + "," + s[1]] = true; });

  // board: "r,c" -> tile; supply: tiles left in each stack, null while the table does not count them
  var model = { variant: "standard", players: [], board: {}, supply: null };
  var action = { at: null, from: null, to: null };
  var brush = { kind: "veggie", crop: DATA.crops[0].name, owner: 0 };
  var answer = null;        // {marks: {"r,c": "reached" | "eaten"}} of the last check
  var actorName = null;     // the acting player named by the loaded action
  var atePreset = [];       // opponents already eaten from, as the loaded action says

  var el = window.gardenkit.el;
  function key(at) { return at[0] + "," + at[1]; }
  function coords(k) { return k.split(",").map(Number); }
  // A player named after a colour gets that colour; the others get the colours left, in order.
  function look(i) {
    var taken = model.players.map(function (p) { return (p.name || "").toLowerCase(); });
    var own = taken[i];
    if (LOOKS[own]) return LOOKS[own];
    var free = DATA.colours.filter(function (c) { return taken.indexOf(c) < 0; });
    var rank = taken.slice(0, i).filter(function (n) { return !LOOKS[n]; }).length;
    return LOOKS[free.length ? free[rank % free.length] : DATA.colours[i % DATA.colours.length]];
  }
  function ownerIndex(name) {
    for (var i = 0; i < model.players.length; i++) if (model.players[i].name === name) return i;
    return -1;
  }

  // --- reading the example (or whatever the JSON boxes hold) ---------------------------------
  function load() {
    var state, act;
    try { state = JSON.parse(stateBox.value); } catch (e) { state = {}; }
    try { act = JSON.parse(actionBox.value); } catch (e) { act = {}; }
    model.variant = state.variant || "standard";
    model.players = (Array.isArray(state.players) && state.players.length ? state.players : [{}, {}])
      .map(function (p, i) {
        var player = { name: p.name || DATA.colours[i].charAt(0).toUpperCase() + DATA.colours[i].slice(1),
                       track: typeof p.track === "number" ? p.track : 0, sun_token: p.sun_token !== false,
                       unplaced_seeds: p.unplaced_seeds || 0, harvested: p.harvested || {} };
        if (p.seeds && typeof p.seeds === "object") player.seeds = Object.assign({}, p.seeds);
        return player;
      });
    model.supply = state.supply && typeof state.supply === "object" ? Object.assign({}, state.supply) : null;
    model.board = {};
    (state.board || []).forEach(function (t) {
      if (Array.isArray(t.at)) model.board[key(t.at)] = t;
    });
    if (act.type) document.getElementById("gd-type").value = act.type;
    ["at", "from", "to"].forEach(function (f) { action[f] = Array.isArray(act[f]) ? act[f] : null; });
    if (act.die) document.getElementById("gd-die").value = act.die;
    if (act.dice) document.getElementById("gd-dice").value = act.dice.join(", ");
    if (act.crop) document.getElementById("gd-crop").value = act.crop;
    if (act.tile) document.getElementById("gd-tile").value = act.tile;
    if (act.to && !Array.isArray(act.to)) document.getElementById("gd-to-value").value = act.to;
    if (act.spit_out_die) {
      document.getElementById("gd-eat").value = "spit";
      document.getElementById("gd-spit-die").value = act.spit_out_die;
    }
    actorName = act.player || null;
    var turn = act.turn || {};
    if (act.crop && turn.bought) document.getElementById("gd-bought").value = turn.bought[act.crop] || 0;
    if (turn.sundial) document.getElementById("gd-sundial").value = turn.sundial.join(", ");
    if (turn.dice_spent) document.getElementById("gd-spent").value = turn.dice_spent;
    atePreset = turn.ate_from || [];
  }

  // --- what we send ------------------------------------------------------------------------------
  function stateJSON() {
    var board = Object.keys(model.board).sort().map(function (k) { return model.board[k]; });
    var state = { variant: model.variant, players: model.players, board: board };
    if (model.supply) state.supply = model.supply;
    return state;
  }
  function number(id) { return parseInt(document.getElementById(id).value, 10); }
  function actionJSON() {
    var type = document.getElementById("gd-type").value;
    var a = { type: type, player: document.getElementById("gd-actor").value };
    var dice = document.getElementById("gd-dice").value.split(/[\s,;]+/).filter(Boolean).map(Number);
    if (/^(water|harvest|flip)$/.test(type)) { a.at = action.at; a.die = number("gd-die"); }
    if (type === "move_critter") {
      a.from = action.from; a.to = action.to; a.die = number("gd-die");
      if (document.getElementById("gd-eat").value === "spit") a.spit_out_die = number("gd-spit-die");
    }
    if (type === "buy") { a.crop = document.getElementById("gd-crop").value; a.die = number("gd-die"); }
    if (type === "place") {
      a.tile = document.getElementById("gd-tile").value;
      if (a.tile === "seed") a.crop = document.getElementById("gd-crop").value;
      a.dice = dice; a.at = action.at;
    }
    if (type === "remove_critter") { a.at = action.at; a.dice = dice; }
    if (type === "sun_set_die") { a.die = number("gd-die"); a.to = number("gd-to-value"); }
    if (type === "reroll_equal_dice") a.dice = dice;
    var turn = turnJSON(type, a);
    if (Object.keys(turn).length) a.turn = turn;
    return a;
  }
  // What happened earlier in the turn, for the rules that look at the whole turn.
  function turnJSON(type, a) {
    var turn = {};
    var bought = number("gd-bought");
    if (type === "buy" && bought > 0) { turn.bought = {}; turn.bought[a.crop] = bought; }
    var sundial = document.getElementById("gd-sundial").value.split(/[\s,;]+/).filter(Boolean).map(Number);
    if ((type === "place" || type === "remove_critter") && sundial.length) turn.sundial = sundial;
    var spent = number("gd-spent");
    if ((type === "sun_reroll" || type === "reroll_equal_dice") && spent > 0) turn.dice_spent = spent;
    var ate = Array.prototype.filter.call(document.querySelectorAll("#gd-ate input:checked"), function (box) {
      return box.value !== a.player;
    }).map(function (box) { return box.value; });
    if (type === "move_critter" && ate.length) turn.ate_from = ate;
    return turn;
  }
  function drawAte() {
    var box = document.getElementById("gd-ate"), actor = document.getElementById("gd-actor").value;
    var was = Array.prototype.map.call(box.querySelectorAll("input:checked"), function (b) { return b.value; });
    box.replaceChildren();
    model.players.forEach(function (p) {
      if (p.name === actor) return;
      var label = el("label", { "class": "gd-inline" });
      var input = el("input", { type: "checkbox", value: p.name });
      input.checked = was.indexOf(p.name) >= 0 || atePreset.indexOf(p.name) >= 0;
      input.addEventListener("change", sync);
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + p.name));
      box.appendChild(label);
    });
    atePreset = [];
  }
  // The question changed: an answer still on screen would answer the old one.
  // Each change of the question counts: an answer to an earlier one is dropped when it comes.
  var asked = 0;
  function forgetAnswer() {
    asked++;
    answer = null;
    document.getElementById("gd-answer").replaceChildren();
  }
  function questionChanged() {
    forgetAnswer();
    drawBoard(); sync();
  }
  function sync() {
    stateBox.value = JSON.stringify(stateJSON(), null, 1);
    actionBox.value = JSON.stringify(actionJSON(), null, 1);
  }

  // --- drawing -----------------------------------------------------------------------------------
  // The longer tile names may break in two at 12 px (a soft hyphen shows only where it breaks).
  var BREAKS = { scarecrow: "scare\u00ADcrow", sundial: "sun\u00ADdial", artichoke: "arti\u00ADchoke",
                 eggplant: "egg\u00ADplant" };
  function breakable(word) { return BREAKS[word] || word; }

  function tileText(t) {
    if (!t) return "";
    if (t.kind === "seed" || t.kind === "veggie") {
      return t.crop + " " + t.kind + (t.owner ? " of " + t.owner : "") + ", value " + values[t.crop];
    }
    return t.kind + (t.owner ? " of " + t.owner : "");
  }
  // A cell's words (its accessible name) are in a visually hidden span; what it shows is
  // aria-hidden, so the name is never at odds with the visible letters.
  function drawCell(button, r, c) {
    var k = key([r, c]), t = model.board[k];
    button.className = "gd-cell" + (stars[k] ? " star" : "") + (t ? " " + t.kind : "");
    button.replaceChildren();
    button.style.background = "";
    var face = el("span", { "class": "gd-look", "aria-hidden": "true" });
    // At 12 px a space holds three lines: the tile's value (top left, as printed on the tile)
    // and, on a seed, "seed"; its name (a long one breaks at its soft hyphen, never cut), then the star
    // and the owner's badge.
    if (t && (t.kind === "seed" || t.kind === "veggie")) {
      if (t.kind === "veggie") button.style.background = CROP_LOOK[t.crop];
      var top = face.appendChild(el("span", { "class": "gd-top" }));
      top.appendChild(el("span", { "class": "v" }, values[t.crop]));
      // "seed" beside it; a veggie says its side by its crop's colour ("veggie" does not fit)
      if (t.kind === "seed") top.appendChild(el("span", { "class": "k" }, t.kind));
      face.appendChild(el("span", { "class": "n" }, breakable(t.crop)));
    } else if (t) {
      face.appendChild(el("span", { "class": "n" }, breakable(t.kind)));
    }
    if (!t && stars[k]) face.appendChild(el("span", { "class": "s" }, "\u2605"));
    var foot = el("span", { "class": "gd-foot" });
    if (t && stars[k]) foot.appendChild(el("span", { "class": "s small" }, "\u2605"));
    if (t && t.owner) {
      var i = ownerIndex(t.owner), lk = look(Math.max(i, 0));
      var badge = el("span", { "class": "o" }, lk[1] + t.owner.charAt(0));
      badge.style.borderColor = lk[0];
      foot.appendChild(badge);
    }
    if (foot.childNodes.length) face.appendChild(foot);
    var marks = answer ? answer.marks[k] : null;
    if (marks) button.classList.add(marks);
    ["at", "from", "to"].forEach(function (f) {
      if (action[f] && key(action[f]) === k) button.classList.add("chosen");
    });
    button.appendChild(el("span", { "class": "visually-hidden" }, "row " + r + " column " + c + (stars[k] ? ", star" : "") +
                          ": " + (tileText(t) || "empty") + (marks ? ", " + marks : "")));
    button.appendChild(face);
  }
  // The board follows the ARIA grid pattern: rows of gridcells, one tab stop (the current
  // cell), arrow keys, Home/End, and focus stays on the cell after Enter or a tap redraws it.
  var current = [1, 1];
  function drawBoard() {
    var board = document.getElementById("gd-board");
    var hadFocus = board.contains(document.activeElement);
    board.replaceChildren();
    board.appendChild(el("span", { "class": "gd-corner", "aria-hidden": "true" }));
    for (var c = 1; c <= DATA.board_size; c++) board.appendChild(el("span", { "class": "gd-head", "aria-hidden": "true" }, c));
    for (var r = 1; r <= DATA.board_size; r++) {
      var row = board.appendChild(el("div", { role: "row", "class": "gd-row-cells" }));
      row.appendChild(el("span", { "class": "gd-head", "aria-hidden": "true" }, r));
      for (c = 1; c <= DATA.board_size; c++) {
        var here = r === current[0] && c === current[1];
        var b = el("button", { type: "button", "data-at": r + "," + c, tabindex: here ? "0" : "-1" });
        drawCell(b, r, c);
        row.appendChild(el("div", { role: "gridcell", "class": "gd-gridcell" })).appendChild(b);
      }
    }
    if (hadFocus) focusCell();
  }
  function focusCell() {
    var board = document.getElementById("gd-board");
    Array.prototype.forEach.call(board.querySelectorAll("button[data-at]"), function (b) { b.tabIndex = -1; });
    var cell = board.querySelector("button[data-at='" + current[0] + "," + current[1] + "']");
    if (cell) { cell.tabIndex = 0; cell.focus(); }
  }
  var MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  function moveOnBoard(event) {
    var n = DATA.board_size, step = MOVES[event.key];
    if (step) current = [Math.min(n, Math.max(1, current[0] + step[0])), Math.min(n, Math.max(1, current[1] + step[1]))];
    else if (event.key === "Home") current = [current[0], 1];
    else if (event.key === "End") current = [current[0], n];
    else return;
    event.preventDefault();
    focusCell();
  }
  function drawPlayers() {
    var list = document.getElementById("gd-player-list");
    list.replaceChildren();
    model.players.forEach(function (p, i) {
      var row = el("div", { "class": "gd-player" });
      var lk = look(i);
      var sym = el("span", { "class": "gd-sym", "aria-hidden": "true" }, lk[1]);
      sym.style.color = lk[0];
      row.appendChild(sym);
      var name = el("input", { type: "text", value: p.name, "aria-label": "Player " + (i + 1) + " name" });
      name.addEventListener("change", function () {
        var old = p.name; p.name = name.value.trim() || old;
        Object.keys(model.board).forEach(function (k) { if (model.board[k].owner === old) model.board[k].owner = p.name; });
        refresh();
      });
      row.appendChild(name);
      var extra = el("div", { "class": "gd-row gd-extra" });
      row.appendChild(extra);
      var seedLabel = el("label", { "class": "gd-inline" }, "unplaced seeds ");
      var seeds = el("input", { type: "number", min: "0", value: p.unplaced_seeds, inputmode: "numeric" });
      seeds.addEventListener("change", function () { p.unplaced_seeds = parseInt(seeds.value, 10) || 0; refresh(); });
      seedLabel.appendChild(seeds);
      extra.appendChild(seedLabel);
      extra.appendChild(byCropToggle(p, i));
      var sunLabel = el("label", { "class": "gd-inline" });
      var sun = el("input", { type: "checkbox" });
      sun.checked = p.sun_token;
      sun.addEventListener("change", function () { p.sun_token = sun.checked; refresh(); });
      sunLabel.appendChild(sun);
      sunLabel.appendChild(document.createTextNode(" sun token"));
      extra.appendChild(sunLabel);
      if (model.players.length > DATA.min_players) {
        var drop = el("button", { type: "button", "class": "remove" }, "Remove");
        drop.addEventListener("click", function () {
          Object.keys(model.board).forEach(function (k) { if (model.board[k].owner === p.name) delete model.board[k]; });
          model.players.splice(i, 1); brush.owner = 0; refresh();
        });
        extra.appendChild(drop);
      }
      if (p.seeds) row.appendChild(seedsByCrop(p, seeds));
      list.appendChild(row);
    });
    document.getElementById("gd-add-player").disabled = model.players.length >= DATA.max_players;
    var actor = document.getElementById("gd-actor"), chosen = actor.value || actorName;
    actor.replaceChildren();
    model.players.forEach(function (p) { actor.appendChild(el("option", { value: p.name }, p.name)); });
    if (chosen && ownerIndex(chosen) >= 0) actor.value = chosen;
    drawAte();
  }
  // Which crops a player's unplaced seeds are, when the table knows (the rules then refuse
  // placing a seed the player does not hold). Off, the state says only how many.
  function byCropToggle(p, i) {
    var label = el("label", { "class": "gd-inline" });
    var box = el("input", { type: "checkbox", id: "gd-by-crop-" + i });
    box.checked = Boolean(p.seeds);
    box.addEventListener("change", function () {
      if (box.checked) p.seeds = {}; else delete p.seeds;
      refresh();
      document.getElementById("gd-by-crop-" + i).focus();
    });
    label.appendChild(box);
    label.appendChild(el("span", { "class": "visually-hidden" }, p.name + "'s unplaced seeds"));
    label.appendChild(document.createTextNode(" by crop"));
    return label;
  }
  // The inputs change the model in place (no redraw), so Tab walks on from crop to crop.
  function seedsByCrop(p, count) {
    var group = el("div", { "class": "group crops gd-seeds" });
    DATA.crops.forEach(function (c) {
      var label = el("label", { "class": "crop crop-" + c.name });
      var name = el("span", { "class": "crop-name" });
      name.appendChild(el("span", { "class": "value", "aria-hidden": "true" }, c.value));
      name.appendChild(el("span", { "class": "visually-hidden" }, p.name + "'s "));
      name.appendChild(document.createTextNode(c.name.charAt(0).toUpperCase() + c.name.slice(1)));
      name.appendChild(el("span", { "class": "visually-hidden" }, " seeds"));
      label.appendChild(name);
      var input = el("input", { type: "number", min: "0", inputmode: "numeric", value: p.seeds[c.name] || 0 });
      input.addEventListener("change", function () {
        var n = parseInt(input.value, 10) || 0;
        if (n > 0) p.seeds[c.name] = n; else delete p.seeds[c.name];
        p.unplaced_seeds = Object.keys(p.seeds).reduce(function (sum, k) { return sum + p.seeds[k]; }, 0);
        count.value = p.unplaced_seeds;
        questionChanged();
      });
      label.appendChild(input);
      group.appendChild(label);
    });
    return group;
  }
  // A first guess for the stacks, for the players to correct: Setup's stacks less the tiles the
  // page shows out of them (on the board, harvested, held as seeds). Tiles swallowed whole are
  // not known by crop; the check says so if the guess is too high.
  function stacksLeftAsShown() {
    var left = {};
    DATA.crops.forEach(function (c) { left[c.name] = DATA.stacks_at_start[model.players.length] || 0; });
    Object.keys(model.board).forEach(function (k) { if (model.board[k].crop in left) left[model.board[k].crop] -= 1; });
    model.players.forEach(function (p) {
      [p.harvested, p.seeds || {}].forEach(function (counts) {
        Object.keys(counts).forEach(function (crop) { if (crop in left) left[crop] -= counts[crop]; });
      });
    });
    Object.keys(left).forEach(function (crop) { left[crop] = Math.max(0, left[crop]); });
    return left;
  }
  function drawStacks() {
    document.getElementById("gd-count-stacks").checked = Boolean(model.supply);
    document.getElementById("gd-supply").hidden = !model.supply;
    DATA.crops.forEach(function (c) {
      document.getElementById("gd-supply-" + c.name).value = model.supply ? model.supply[c.name] || 0 : 0;
    });
  }
  function pill(group, name, value, text, checked, onPick, color) {
    var label = el("label", { "class": "gd-pill" });
    var input = el("input", { type: "radio", name: name, value: value });
    input.checked = checked;
    input.addEventListener("change", onPick);
    label.appendChild(input);
    var span = el("span", {}, text);
    if (color) span.style.borderColor = color;
    label.appendChild(span);
    group.appendChild(label);
  }
  function drawPalette() {
    var kinds = document.getElementById("gd-kinds"), crops = document.getElementById("gd-crops"),
        owners = document.getElementById("gd-owners");
    kinds.replaceChildren(); crops.replaceChildren(); owners.replaceChildren();
    DATA.kinds.concat(["erase"]).forEach(function (k) {
      pill(kinds, "gd-kind", k, KIND_LABEL[k], brush.kind === k, function () { brush.kind = k; drawPalette(); });
    });
    var needsCrop = brush.kind === "seed" || brush.kind === "veggie";
    crops.hidden = !needsCrop;
    DATA.crops.forEach(function (c) {
      pill(crops, "gd-crop-brush", c.name, c.value + " " + c.name, brush.crop === c.name,
           function () { brush.crop = c.name; }, CROP_LOOK[c.name]);
    });
    owners.hidden = brush.kind === "rock" || brush.kind === "erase";
    model.players.forEach(function (p, i) {
      pill(owners, "gd-owner", String(i), look(i)[1] + " " + p.name, brush.owner === i,
           function () { brush.owner = i; }, look(i)[0]);
    });
  }
  var DICE_EXAMPLE = { place: "e.g. 6, 1", remove_critter: "e.g. 2, 6, 1", reroll_equal_dice: "e.g. 4, 4, 4, 4" };
  // What the rulebook says about the action, where its fields alone do not tell.
  var HINTS = {
    move_critter: "A critter that ends on an opponent's tile eats it: a bird eats seeds, a rabbit veggies. " +
      "Swallowed whole, the tile leaves the game and one of your discs goes on the critter. To spit out " +
      "the seeds instead, spend one more die, at least the tile's value: you keep the tile as a seed you bought.",
    reroll_equal_dice: "When all four dice show the same number you may roll them all again, before " +
      "spending any, as often as it happens.",
    end_turn: "Your turn ends when no die left can pay for any action, even one you would rather not take. " +
      "The check does not see your dice, so it cannot tell whether one of them still could."
  };
  function drawActionFields() {
    var type = document.getElementById("gd-type").value;
    Array.prototype.forEach.call(app.querySelectorAll("[data-for]"), function (node) {
      node.hidden = node.getAttribute("data-for").split(" ").indexOf(type) < 0;
    });
    var tile = document.getElementById("gd-tile").value;
    var cropField = document.getElementById("gd-crop").closest("label");
    if (type === "place" && tile !== "seed") cropField.hidden = true;
    if (document.getElementById("gd-eat").value !== "spit") document.getElementById("gd-spit-field").hidden = true;
    document.getElementById("gd-dice").placeholder = DICE_EXAMPLE[type] || "";
    document.getElementById("gd-at").textContent = action.at ? "row " + action.at[0] + ", column " + action.at[1] : "none";
    document.getElementById("gd-from").textContent = action.from ? "row " + action.from[0] + ", column " + action.from[1] : "none";
    document.getElementById("gd-to").textContent = action.to ? "row " + action.to[0] + ", column " + action.to[1] : "none";
    var needsSpace = /^(water|harvest|place|flip|remove_critter|move_critter)$/.test(type);
    var pickHint = needsSpace
      ? "Choose \u201cchooses the action's space\u201d above, then click the space" +
        (type === "move_critter" ? "s: first the critter, then where it goes." : ".")
      : "";
    document.getElementById("gd-hint").textContent = [pickHint, HINTS[type] || ""].join(" ").trim();
  }
  function refresh() {
    forgetAnswer();
    drawPlayers(); drawStacks(); drawPalette(); drawBoard(); drawActionFields(); sync();
  }

  // --- clicks ------------------------------------------------------------------------------------
  function mode() { return app.querySelector("input[name=gd-mode]:checked").value; }
  function clickCell(at) {
    var k = key(at);
    if (mode() === "pick") {
      var type = document.getElementById("gd-type").value;
      if (type === "move_critter") {
        if (!action.from || action.to) { action.from = at; action.to = null; } else { action.to = at; }
      } else {
        action.at = at;
      }
    } else if (brush.kind === "erase") {
      delete model.board[k];
    } else {
      var t = { at: at, kind: brush.kind };
      if (brush.kind === "seed" || brush.kind === "veggie") t.crop = brush.crop;
      if (brush.kind !== "rock") t.owner = model.players[brush.owner].name;
      var old = model.board[k];
      var same = old && old.kind === t.kind && old.crop === t.crop && old.owner === t.owner;
      if (same) delete model.board[k]; else model.board[k] = t;  // a second click empties it
    }
    drawActionFields(); questionChanged();
  }

  // --- the answer --------------------------------------------------------------------------------
  function marksOf(effects) {
    var marks = {};
    (effects.harvested || effects.watered || []).forEach(function (at) { marks[key(at)] = "reached"; });
    ["eats", "placed", "removed", "flipped"].forEach(function (f) {
      if (Array.isArray(effects[f])) marks[key(effects[f])] = f === "eats" ? "eaten" : "reached";
    });
    return marks;
  }
  // The verdict, the reasons and the answer in words (static/answer.js); every tile the move
  // reaches is marked on the board.
  function drawAnswer(status, data) {
    window.gardenkit.drawAnswer(document.getElementById("gd-answer"), status, data,
                                "The board or the action cannot be checked");
    answer = data && data.effects ? { marks: marksOf(data.effects) } : null;
    drawBoard();
  }
  // An action on the board needs its space picked first: said as the player's next step, not
  // as a JSON field the check would find missing.
  function spaceNotPicked() {
    var type = document.getElementById("gd-type").value;
    var how = "choose \u201cchooses the action's space\u201d above and tap ";
    if (type === "move_critter" && !(action.from && action.to)) return "Pick the move first: " + how + "the critter, then where it goes.";
    if (/^(water|harvest|place|flip|remove_critter)$/.test(type) && !action.at) return "Pick the space first: " + how + "it on the board.";
    return "";
  }
  function check() {
    // An old answer left on screen while the new one is on its way would read as the answer
    // to the new question: clear it first.
    questionChanged();
    var unpicked = spaceNotPicked();
    if (unpicked) { drawAnswer(0, { violations: [{ message: unpicked, rule: "" }] }); return; }
    var mine = asked;
    window.gardenkit.askLive(app.getAttribute("data-api"), { state: stateJSON(), action: actionJSON() })
      .then(function (r) { return r.json().then(function (data) { if (mine === asked) drawAnswer(r.status, data); }); })
      .catch(function () { if (mine === asked) drawAnswer(0, { error: "the server could not be reached" }); });
  }

  // --- wiring ------------------------------------------------------------------------------------
  var variant = document.getElementById("gd-variant");
  DATA.variants.forEach(function (v) { variant.appendChild(el("option", { value: v }, v)); });
  var cropSelect = document.getElementById("gd-crop");
  DATA.crops.forEach(function (c) { cropSelect.appendChild(el("option", { value: c.name }, c.name + " (" + c.value + ")")); });
  load();
  variant.value = model.variant;
  variant.addEventListener("change", function () { model.variant = variant.value; sync(); });
  document.getElementById("gd-board").addEventListener("click", function (event) {
    var cell = event.target.closest("button[data-at]");
    if (!cell) return;
    current = coords(cell.getAttribute("data-at"));
    document.getElementById("gd-undo-clear").hidden = true;  // the board changed: nothing to undo any more
    clickCell(current);
  });
  document.getElementById("gd-board").addEventListener("keydown", moveOnBoard);
  document.getElementById("gd-add-player").addEventListener("click", function () {
    var i = model.players.length, colour = DATA.colours[i % DATA.colours.length];
    var name = colour.charAt(0).toUpperCase() + colour.slice(1);
    while (ownerIndex(name) >= 0) name += "+";
    model.players.push({ name: name, track: 0, sun_token: true, unplaced_seeds: 0, harvested: {} });
    refresh();
  });
  // Emptying the board can be undone: the tiles come back until the board is changed again.
  document.getElementById("gd-clear").addEventListener("click", function () {
    var before = model.board;
    model.board = {};
    refresh();
    var undo = document.getElementById("gd-undo-clear");
    undo.hidden = false;
    undo.onclick = function () { model.board = before; undo.hidden = true; refresh(); };
    undo.focus();
  });
  document.getElementById("gd-count-stacks").addEventListener("change", function (event) {
    model.supply = event.target.checked ? stacksLeftAsShown() : null;
    drawStacks(); questionChanged();
  });
  DATA.crops.forEach(function (c) {
    var input = document.getElementById("gd-supply-" + c.name);
    input.addEventListener("change", function () {
      model.supply[c.name] = Math.max(0, parseInt(input.value, 10) || 0);
      questionChanged();
    });
  });
  // Any change to the action asks another question: the old answer goes at once.
  ["gd-type", "gd-tile", "gd-eat"].forEach(function (id) {
    document.getElementById(id).addEventListener("change", function () { drawActionFields(); questionChanged(); });
  });
  app.querySelector(".gd-action").addEventListener("input", function (event) {
    if (event.target.id !== "gd-type") questionChanged();
  });
  document.getElementById("gd-actor").addEventListener("change", function () { drawAte(); questionChanged(); });
  document.getElementById("gd-check").addEventListener("click", check);
  app.hidden = false;
  document.getElementById("gd-json").open = false;
  refresh();
})();
