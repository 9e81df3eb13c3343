// Cottage Garden pages (plain JS, no build step).
//
// Score page: each cube's <select> (the plain form) becomes a lane of the drawn planting-table
// track; tapping a space moves that cube there and lets score.js recompute the totals.
// Flowerbed page: places tiles, cats and flower-pot tokens on a chosen bed design. Every rule
// question goes to the JSON API (/api/games/cottage-garden/check), so the page never judges a
// placement itself: the shapes, the planting rules and the scoring live in the rules module.
(function () {
  "use strict";

  var el = window.gardenkit.el;

  function icon(name) {
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "cg-ico");
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", "#cg-i-" + name);
    svg.appendChild(use);
    return svg;
  }

  // --- score page: drawn tracks ----------------------------------------------------------

  // Grid column of a track value (column 1 holds the lane's number): start is column 2,
  // orange v column v + 2; a blue space (two points) spans the two orange columns of its
  // points, so both tracks line up as on the kit's planting table; the target is last.
  function column(colour, value, last) {
    if (value === 0) return "2";
    if (value === last) return "18";
    return colour === "blue" ? (value + 1) + " / span 2" : String(value + 2);
  }

  function drawLane(track, select, index) {
    var colour = track.dataset.colour;
    var line = parseInt(track.dataset.line, 10);
    // A lane is a radio group: one tab stop (the cube's space), arrow keys move the cube.
    var lane = el("div", { "class": "cg-lane", role: "radiogroup", "aria-label": colour + " cube " + (index + 1),
                           "data-whose": "" });  // static/pad.js names the player: "Ann: orange cube 1"
    var values = Array.prototype.map.call(select.options, function (o) { return parseInt(o.value, 10); });
    var last = values[values.length - 1];
    lane.appendChild(el("span", { "class": "cg-lane-name", "aria-hidden": "true" }, index + 1));
    values.forEach(function (value) {
      var text = value === 0 ? "S" : String(value);
      var button = el("button", { type: "button", "class": "cg-space", "data-value": value, role: "radio",
                                  "aria-label": (value === 0 ? "start" : value) + " for " + colour + " cube " + (index + 1) }, text);
      button.style.gridColumn = column(colour, value, last);
      if (value === line) button.classList.add("cg-after-line");
      if (value === last) button.classList.add("cg-target");
      button.addEventListener("click", function () {
        select.value = String(value);
        select.dispatchEvent(new Event("change", { bubbles: true }));
        mark(lane, select);
      });
      lane.appendChild(button);
    });
    lane.addEventListener("keydown", function (event) {
      var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      var buttons = Array.prototype.slice.call(lane.querySelectorAll(".cg-space"));
      var at = buttons.indexOf(event.target);
      if (!step || at < 0) return;
      event.preventDefault();
      var next = buttons[Math.min(buttons.length - 1, Math.max(0, at + step))];
      next.click();
      next.focus();
    });
    mark(lane, select);
    select.addEventListener("change", function () { mark(lane, select); });
    return lane;
  }

  function mark(lane, select) {
    Array.prototype.forEach.call(lane.querySelectorAll(".cg-space"), function (b) {
      var on = b.dataset.value === select.value;
      b.classList.toggle("on", on);
      b.setAttribute("aria-checked", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
    });
  }

  function drawTracks(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".cg-track:not(.cg-live)"), function (track) {
      if (track.closest("template")) return;
      track.classList.add("cg-live");
      var lanes = el("div", { "class": "cg-lanes" });
      Array.prototype.forEach.call(track.querySelectorAll("select"), function (select, index) {
        lanes.appendChild(drawLane(track, select, index));
      });
      track.appendChild(lanes);
    });
  }

  var players = document.getElementById("players");
  if (players && document.querySelector(".cg-score")) {
    drawTracks(players);
    // score.js adds players from the <template>: draw their tracks too
    new MutationObserver(function () { drawTracks(players); }).observe(players, { childList: true });
    // show the totals of the table as loaded (score.js recomputes on every change)
    window.addEventListener("load", function () {
      var first = players.querySelector("select");
      if (first) first.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // --- flowerbed page ----------------------------------------------------------------------

  var planner = document.getElementById("cg-planner");
  if (!planner) return;
  planner.hidden = false;
  var data = JSON.parse(document.getElementById("cg-data").textContent);
  var api = planner.dataset.api;
  var STATE = { players: [{ name: "You", orange: [0, 0, 0], blue: [0, 0, 0] }] };
  var $ = function (id) { return document.getElementById(id); };
  var bedBox = $("cg-bed"), status = $("cg-status"), problems = $("cg-problems");
  var piece = { id: $("cg-piece").value, rotation: 0, flip: false, squares: [[1, 1, "F"]] };
  var layout, history, shown;
  var words = [];                 // the last answer's summary: what the bed is now, in words
  var focused = [1, 1];           // the bed's one tab stop, kept across redraws

  function design() {
    var side = planner.querySelector("input[name=cg-side]:checked").value;
    return $("cg-board").value + side;
  }

  function emptyOwners() {
    var rows = [];
    for (var r = 0; r < data.bed_size; r++) {
      var row = [];
      for (var c = 0; c < data.bed_size; c++) row.push(null);
      rows.push(row);
    }
    return rows;
  }

  function reset() {
    layout = { design: design(), tiles: [], cats: [], pots: [] };
    history = [];
    shown = { cells: data.beds[layout.design].slice(), owners: emptyOwners(), complete: false, flower_tiles: 0 };
    var summary = count(shown.cells);
    shown.pots = summary.pots; shown.cloches = summary.cloches;
    words = [];
    showProblems([]);
    drawBed();
    refreshPieceList();
    $("cg-piece-note").textContent = "";
  }

  function count(rows) {
    var text = rows.join("");
    return { pots: (text.match(/[pPO]/g) || []).length, cloches: (text.match(/[cC]/g) || []).length,
             empty: (text.match(/\./g) || []).length };
  }

  function post(action) {
    return window.gardenkit.askLive(api, { state: STATE, action: action })
      .then(function (response) { return response.json().then(function (body) { return { status: response.status, body: body }; }); });
  }

  function cellContent(cell, letter, owner) {
    var tile = owner && data.tiles[owner];
    cell.className = "cg-cell cg-" + ({ ".": "empty", p: "printed", c: "printed", K: "cat", O: "token" }[letter] || "tile");
    cell.style.backgroundColor = tile ? tile.colour : "";
    if (tile) cell.classList.add("cg-pattern-" + tile.pattern);
    if (letter === "p" || letter === "P" || letter === "O") cell.appendChild(icon("pot"));
    if (letter === "c" || letter === "C") cell.appendChild(icon("cloche"));
    if (letter === "K") cell.appendChild(icon("cat"));
    if (tile) cell.appendChild(el("span", { "class": "cg-tile-id" }, owner));
  }

  // A heavy edge where a piece ends, so two tiles of one colour still read as two tiles.
  function outline(cell, r, c, owner) {
    if (!owner) return;
    [["Top", r - 1, c], ["Bottom", r + 1, c], ["Left", r, c - 1], ["Right", r, c + 1]].forEach(function (side) {
      var row = shown.owners[side[1]];
      var neighbour = row === undefined ? undefined : row[side[2]];
      if (neighbour !== owner) cell.style["border" + side[0]] = "2px solid #222";
    });
  }

  var WORDS = { ".": "empty", p: "printed flower pot", c: "printed cloche", F: "flower", P: "flower showing a pot",
                C: "flower showing a cloche", K: "cat", O: "flower-pot token" };

  function drawBed() {
    var hadFocus = bedBox.contains(document.activeElement);
    bedBox.replaceChildren();
    bedBox.className = "cg-bed cg-side-" + layout.design.slice(-1);
    shown.cells.forEach(function (row, r) {
      var line = el("div", { "class": "cg-bed-row", role: "row" });
      row.split("").forEach(function (letter, c) {
        var owner = shown.owners[r][c];
        var cell = el("button", { type: "button", role: "gridcell", "data-row": r + 1, "data-col": c + 1,
                                  tabindex: r + 1 === focused[0] && c + 1 === focused[1] ? "0" : "-1",
                                  "aria-label": (owner && data.tiles[owner] ? owner + ", " : "") + "row " + (r + 1) +
                                  ", column " + (c + 1) + ": " + WORDS[letter] });
        cellContent(cell, letter, owner);
        outline(cell, r, c, owner);
        cell.addEventListener("click", function () { focused = [r + 1, c + 1]; placeAt(r + 1, c + 1); });
        line.appendChild(cell);
      });
      bedBox.appendChild(line);
    });
    // A redraw keeps the focus where it was: a keyboard player places piece after piece.
    if (hadFocus) bedBox.querySelector("[tabindex='0']").focus();
    var tiles = shown.flower_tiles;
    // What the bed is now, in the check's own words (its summary); an empty bed has no answer yet.
    var empty = count(shown.cells).empty;
    var said = words.length ? words : ["Nothing placed yet: " + empty + " empty space" + (empty === 1 ? "" : "s") +
      " to fill. Tap a space, or move to it with the arrow keys and press Enter, to place the piece."];
    var list = el("ul", { "class": "summary" });
    said.forEach(function (line) { list.appendChild(el("li", { "class": shown.complete ? "cg-complete" : "" }, line)); });
    // Headed as the bed's state, not as an answer: a refused placement beside it changed nothing.
    var heading = words.length ? [el("p", { "class": "cg-now" }, "The bed as it stands:")] : [];
    status.replaceChildren.apply(status, heading.concat([list,
      el("p", { "class": "cg-tiles-count" }, "Flower tiles on this bed: " + tiles +
         (tiles < data.final_round_min_tiles ? " (a bed with fewer than " + data.final_round_min_tiles +
          " is given up when the Final Round starts)." : "."))]));
  }

  // Arrow keys walk the bed (one tab stop); Enter and Space are the buttons' own click.
  bedBox.addEventListener("keydown", function (event) {
    var step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    focused = [Math.min(data.bed_size, Math.max(1, focused[0] + step[0])),
               Math.min(data.bed_size, Math.max(1, focused[1] + step[1]))];
    Array.prototype.forEach.call(bedBox.querySelectorAll(".cg-cell"), function (cell) {
      var here = cell.dataset.row === String(focused[0]) && cell.dataset.col === String(focused[1]);
      cell.tabIndex = here ? 0 : -1;
      if (here) cell.focus();
    });
  });

  // A refusal stands beside what asked for it: the row of the button pressed, or under the bed
  // for a tapped space (at 390 px the bed's foot is a screen and more below the Place button).
  var refusal = problems.parentElement;  // the role=alert holder, moved, never rebuilt
  function showProblems(list, near) {
    if (list.length) (near || bedBox).insertAdjacentElement("afterend", refusal);
    problems.replaceChildren();
    list.forEach(function (v) {
      var li = el("li", {}, v.message + " ");
      if (v.rule) li.appendChild(el("span", { "class": "rule" }, v.rule));
      problems.appendChild(li);
    });
    problems.hidden = list.length === 0;
    // A space tapped near the fold puts its refusal under the bed, below the screen: bring it up.
    if (list.length) refusal.scrollIntoView({ block: "nearest" });
  }

  // A tile goes on a bed once: after placing one, the picker moves on to the next tile not yet
  // placed (cats and flower-pot tokens may go on again), and the note under it says so.
  function pickNextPiece(placed) {
    var picker = $("cg-piece");
    var options = Array.prototype.slice.call(picker.options);
    var at = options.findIndex(function (option) { return option.value === placed; });
    var next = options.slice(at + 1).concat(options.slice(0, at)).find(function (option) { return !option.disabled; });
    if (!data.tiles[placed] || !next) return;
    picker.value = next.value;
    picker.dispatchEvent(new Event("change"));
    $("cg-piece-note").textContent = placed + " is on the bed; the piece is now " + next.textContent + ".";
  }

  function refreshPieceList() {
    Array.prototype.forEach.call($("cg-piece").options, function (option) {
      option.disabled = layout.tiles.some(function (t) { return t.tile === option.value; });
    });
  }

  // The anchor: the first square of the oriented piece in reading order goes on the chosen space.
  function anchor() { return piece.squares[0]; }

  function placeAt(row, col, near) {
    $("cg-row").value = String(row);
    $("cg-col").value = String(col);
    var first = anchor();
    var at = [row - first[0] + 1, col - first[1] + 1];
    var action, next = JSON.parse(JSON.stringify(layout));
    if (piece.id === "cat" || piece.id === "pot") {
      action = { type: "place_token", bed: layout, token: piece.id, at: [row, col] };
      next[piece.id === "cat" ? "cats" : "pots"].push([row, col]);
    } else {
      action = { type: "place_tile", bed: layout, tile: piece.id, at: at, rotation: piece.rotation, flip: piece.flip };
      next.tiles.push({ tile: piece.id, at: at, rotation: piece.rotation, flip: piece.flip });
    }
    post(action).then(function (answer) {
      var result = answer.body;
      if (answer.status !== 200 || !result.legal) {  // refused, or a bed that cannot be checked
        showProblems(result.violations || [{ message: "could not check", rule: "" }], near);
        return;
      }
      history.push({ layout: layout, shown: shown, words: words });
      layout = next;
      shown = result.effects;
      words = result.summary;
      showProblems([]);
      drawBed();
      refreshPieceList();
      pickNextPiece(action.tile);
    }).catch(function () { showProblems([{ message: "the checker could not be reached", rule: "" }], near); });
  }

  function drawPreview() {
    var box = $("cg-preview");
    box.replaceChildren();
    var rows = 1, cols = 1;
    piece.squares.forEach(function (s) { rows = Math.max(rows, s[0]); cols = Math.max(cols, s[1]); });
    box.style.gridTemplateColumns = "repeat(" + cols + ", 1.6rem)";
    box.style.gridTemplateRows = "repeat(" + rows + ", 1.6rem)";
    var tile = data.tiles[piece.id];
    piece.squares.forEach(function (s, i) {
      var square = el("span", { "class": "cg-preview-square" });
      square.style.gridRow = String(s[0]);
      square.style.gridColumn = String(s[1]);
      if (tile) { square.style.backgroundColor = tile.colour; square.classList.add("cg-pattern-" + tile.pattern); }
      if (s[2] === "P" || piece.id === "pot") square.appendChild(icon("pot"));
      if (s[2] === "C") square.appendChild(icon("cloche"));
      if (piece.id === "cat") square.appendChild(icon("cat"));
      if (i === 0) square.appendChild(el("span", { "class": "cg-anchor", "aria-hidden": "true" }));
      box.appendChild(square);
    });
    var tokens = piece.id === "cat" || piece.id === "pot";
    $("cg-orientation").textContent = tokens ? "" : "turned " + piece.rotation + "°" + (piece.flip ? ", flipped" : "");
    $("cg-rotate").disabled = $("cg-flip").disabled = tokens;
  }

  function orient() {
    if (piece.id === "cat" || piece.id === "pot") {
      piece.squares = [[1, 1, piece.id === "cat" ? "K" : "O"]];
      drawPreview();
      return;
    }
    post({ type: "orient_tile", tile: piece.id, rotation: piece.rotation, flip: piece.flip }).then(function (answer) {
      if (answer.body.legal) { piece.squares = answer.body.effects.squares; drawPreview(); }
    });
  }

  // Another piece or turn asks another question: a refusal of the last one goes.
  $("cg-piece").addEventListener("change", function () {
    piece.id = this.value; piece.rotation = 0; piece.flip = false; showProblems([]); orient();
    $("cg-piece-note").textContent = "";
  });
  $("cg-rotate").addEventListener("click", function () { piece.rotation = (piece.rotation + 90) % 360; showProblems([]); orient(); });
  $("cg-flip").addEventListener("click", function () { piece.flip = !piece.flip; showProblems([]); orient(); });
  // Scoring the bed as it stands: complete or not, what it shows.
  $("cg-score").addEventListener("click", function () {
    var near = this.parentElement;
    post({ type: "score_bed", bed: shown.cells }).then(function (answer) {
      if (answer.status !== 200 || !answer.body.legal) {
        showProblems((answer.body && answer.body.violations) || [{ message: "could not check", rule: "" }], near);
        return;
      }
      showProblems([]);
      words = answer.body.summary;
      drawBed();
    }).catch(function () { showProblems([{ message: "the checker could not be reached", rule: "" }], near); });
  });
  $("cg-place").addEventListener("click", function () {
    placeAt(parseInt($("cg-row").value, 10), parseInt($("cg-col").value, 10), this.parentElement);
  });
  $("cg-undo").addEventListener("click", function () {
    var last = history.pop();
    if (!last) return;
    layout = last.layout; shown = last.shown; words = last.words;
    showProblems([]); drawBed(); refreshPieceList();
    $("cg-piece-note").textContent = "";
  });
  $("cg-clear").addEventListener("click", reset);
  $("cg-board").addEventListener("change", reset);
  Array.prototype.forEach.call(planner.querySelectorAll("input[name=cg-side]"), function (radio) {
    radio.addEventListener("change", reset);
  });
  reset();
  orient();
})();
