// Harvest Dice pages: a tappable score sheet drawn over the plain form inputs.
// The inputs stay the source of truth (the form posts them; score.js reads them for live
// totals): every tap writes an input and fires "input", and every input redraws its sheet part.
// The sheet's shape (rows, pig values, printed market circles) comes from the page, which
// renders it from scorer/games/harvest_dice/data.py into <script id="hd-sheet">.
(function () {
  "use strict";
  var sheetNode = document.getElementById("hd-sheet");
  if (!sheetNode) return;
  var SHEET = JSON.parse(sheetNode.textContent);
  var EMPTY = ".";
  var BY_LETTER = {};
  SHEET.crops.forEach(function (c) { BY_LETTER[c.letter] = c; });
  var PIG_CIRCLES = SHEET.pig_rows * SHEET.pig_row_circles;
  // What a tap on a rules page's garden space makes of it, in turn: empty, then each crop.
  var CYCLE = [EMPTY].concat(SHEET.crops.map(function (c) { return c.letter; }));

  var make = window.gardenkit.el;

  function fire(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function count(input) {
    var value = parseInt(input.value, 10);
    return isNaN(value) ? 0 : value;
  }

  // A tap on the n-th circle crosses up to it; a tap on the last crossed one uncrosses it.
  function tapTo(input, n) {
    input.value = String(count(input) === n ? n - 1 : n);
    fire(input);
  }

  function cropSymbol(letter) {
    var crop = BY_LETTER[letter];
    if (!crop) return make("span", { "class": "hd-crop hd-unknown", "aria-hidden": "true" }, letter === EMPTY ? "" : "?");
    return make("span", { "class": "hd-crop hd-" + crop.crop, "aria-hidden": "true" }, crop.letter);
  }

  function cropName(letter) {
    if (letter === EMPTY) return "empty";
    return BY_LETTER[letter] ? BY_LETTER[letter].crop : "unreadable " + JSON.stringify(letter);
  }

  // --- the garden: 3 x 6 buttons over the garden textarea -----------------------------------
  function readGarden(textarea) {
    var lines = textarea.value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
    var grid = [];
    for (var r = 0; r < SHEET.rows; r++) {
      var line = lines[r] || "";
      var row = [];
      for (var c = 0; c < SHEET.columns; c++) row.push(line.charAt(c) || EMPTY);
      grid.push(row);
    }
    return grid;
  }

  // The veggie a tap plants (score sheet): one tap puts it in a space, a second tap on the
  // same veggie empties the space again. A radio group: one tab stop, arrow keys choose.
  function Picker(label) {
    var group = make("div", { "class": "hd-picker", role: "radiogroup", "aria-label": label });
    var self = this;
    this.letter = SHEET.crops[0].letter;
    this.node = group;
    SHEET.crops.forEach(function (crop) {
      var button = make("button", { type: "button", role: "radio", "data-letter": crop.letter });
      button.appendChild(cropSymbol(crop.letter));
      button.appendChild(document.createTextNode(" " + crop.crop));
      group.appendChild(button);
    });
    group.addEventListener("click", function (event) {
      var button = event.target.closest("[data-letter]");
      if (button) self.choose(button.dataset.letter);
    });
    group.addEventListener("keydown", function (event) {
      var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      var letters = SHEET.crops.map(function (c) { return c.letter; });
      var at = (letters.indexOf(self.letter) + step + letters.length) % letters.length;
      self.choose(letters[at]);
      group.querySelector("[data-letter='" + letters[at] + "']").focus();
    });
    this.choose(this.letter);
  }
  Picker.prototype.choose = function (letter) {
    this.letter = letter;
    Array.prototype.forEach.call(this.node.querySelectorAll("[data-letter]"), function (b) {
      var on = b.dataset.letter === letter;
      b.setAttribute("aria-checked", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
    });
  };

  // The garden follows the ARIA grid pattern: rows of gridcells, one tab stop, arrow keys,
  // focus kept on the space after a tap or Enter.
  function Garden(box, textarea, options) {
    this.box = box;
    this.textarea = textarea;
    this.cells = [];
    var name = options.label || "Garden";
    var table = make("div", { "class": "hd-grid", role: "grid", "aria-label": name });
    table.appendChild(make("span", { "class": "hd-corner", "aria-hidden": "true" }));
    for (var c = 0; c < SHEET.columns; c++) {
      table.appendChild(make("span", { "class": "hd-head", title: "dice showing " + (c + 1), "aria-hidden": "true" }, c + 1));
    }
    for (var r = 0; r < SHEET.rows; r++) {
      var line = table.appendChild(make("div", { role: "row", "class": "hd-row" }));
      line.appendChild(make("span", { "class": "hd-rowhead", "aria-hidden": "true" }, r + 1));
      var row = [];
      for (c = 0; c < SHEET.columns; c++) {
        var cell = make("button", { type: "button", "class": "hd-cell", "data-row": r + 1, "data-col": c + 1,
                                    tabindex: r === 0 && c === 0 ? "0" : "-1" });
        line.appendChild(make("div", { role: "gridcell", "class": "hd-gridcell" })).appendChild(cell);
        row.push(cell);
      }
      this.cells.push(row);
    }
    var picker = options.onTap ? null : new Picker("veggie a tap plants");
    if (picker) {  // on the score sheet static/pad.js puts the player's name first: "Bob: garden"
      table.setAttribute("aria-label", "garden");
      table.dataset.whose = picker.node.dataset.whose = "";
    }
    box.replaceChildren.apply(box, picker ? [picker.node, table] : [table]);
    var self = this;
    box.addEventListener("click", function (event) {
      var cell = event.target.closest(".hd-cell");
      if (!cell) return;
      var r = parseInt(cell.dataset.row, 10) - 1, c = parseInt(cell.dataset.col, 10) - 1;
      self.focusCell(r, c);
      if (options.onTap) { options.onTap(r + 1, c + 1); return; }
      var grid = readGarden(textarea);
      grid[r][c] = grid[r][c] === picker.letter ? EMPTY : picker.letter;
      textarea.value = grid.map(function (line) { return line.join(""); }).join("\n");
      fire(textarea);
    });
    table.addEventListener("keydown", function (event) {
      var step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
      var cell = event.target.closest(".hd-cell");
      if (!step || !cell) return;
      event.preventDefault();
      self.focusCell(Math.min(SHEET.rows - 1, Math.max(0, cell.dataset.row - 1 + step[0])),
                     Math.min(SHEET.columns - 1, Math.max(0, cell.dataset.col - 1 + step[1])));
    });
    textarea.addEventListener("input", function () { self.update(); });
    this.update();
  }

  Garden.prototype.focusCell = function (r, c) {
    this.cells.forEach(function (row) { row.forEach(function (cell) { cell.tabIndex = -1; }); });
    this.cells[r][c].tabIndex = 0;
    this.cells[r][c].focus();
  };

  Garden.prototype.update = function () {
    var grid = readGarden(this.textarea);
    for (var r = 0; r < SHEET.rows; r++) {
      for (var c = 0; c < SHEET.columns; c++) {
        var cell = this.cells[r][c], letter = grid[r][c];
        cell.replaceChildren(cropSymbol(letter));
        cell.setAttribute("aria-label", "Row " + (r + 1) + ", column " + (c + 1) + ": " + cropName(letter));
        cell.classList.toggle("hd-bad", letter !== EMPTY && !BY_LETTER[letter]);
      }
    }
  };

  // --- rows of circles as an ARIA grid: one tab stop, arrow keys, focus kept -------------------
  // Used by the pig and the markets, as the garden does: Left/Right along a row, Up/Down
  // between rows, Home/End to a row's ends; a tap or Enter leaves focus where it was, since
  // the buttons are updated in place, never redrawn. Printed (disabled) circles are skipped.
  function gridRows(grid) {
    return Array.prototype.map.call(grid.querySelectorAll("[role=row]"), function (row) {
      return Array.prototype.filter.call(row.querySelectorAll("button"), function (b) { return !b.disabled; });
    }).filter(function (row) { return row.length; });
  }

  function focusInGrid(grid, button) {
    Array.prototype.forEach.call(grid.querySelectorAll("button"), function (b) { b.tabIndex = -1; });
    button.tabIndex = 0;
    button.focus();
  }

  // Exactly one usable button keeps the tab stop (the first, when a mode change disabled it).
  function keepTabStop(grid) {
    var buttons = Array.prototype.slice.call(grid.querySelectorAll("button"));
    var current = buttons.filter(function (b) { return b.tabIndex === 0 && !b.disabled; })[0];
    var stop = current || buttons.filter(function (b) { return !b.disabled; })[0];
    buttons.forEach(function (b) { b.tabIndex = b === stop ? 0 : -1; });
  }

  function circleGrid(label) {
    var grid = make("div", { role: "grid", "aria-label": label, "data-whose": "" });
    grid.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button && !button.disabled) focusInGrid(grid, button);
    });
    grid.addEventListener("keydown", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var rows = gridRows(grid);
      var r = rows.findIndex(function (row) { return row.indexOf(button) >= 0; });
      if (r < 0) return;
      var c = rows[r].indexOf(button);
      var moves = { ArrowLeft: [0, c - 1], ArrowRight: [0, c + 1], ArrowUp: [-1, c], ArrowDown: [1, c],
                    Home: [0, 0], End: [0, rows[r].length - 1] };
      var move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      var row = rows[Math.min(rows.length - 1, Math.max(0, r + move[0]))];
      focusInGrid(grid, row[Math.min(row.length - 1, Math.max(0, move[1]))]);
    });
    return grid;
  }

  function gridRow(grid, className) {
    return grid.appendChild(make("div", { role: "row", "class": className }));
  }

  function inCell(row, child) {
    row.appendChild(make("div", { role: "gridcell", "class": "hd-circle-cell" })).appendChild(child);
    return child;
  }

  // --- the pig: rows of circles, a power box and the row's points --------------------------
  function Pig(box, pigInput, powersInput) {
    this.pigInput = pigInput;
    this.powersInput = powersInput;
    this.circles = [];
    this.powers = [];
    this.values = [];
    var self = this;
    var body = circleGrid("pig");
    body.classList.add("hd-pig-rows");
    for (var row = 0; row < SHEET.pig_rows; row++) {
      var line = gridRow(body, "hd-pig-row");
      for (var i = 0; i < SHEET.pig_row_circles; i++) {
        var n = row * SHEET.pig_row_circles + i + 1;
        self.circles.push(inCell(line, make("button", { type: "button", "class": "hd-circle", "data-circle": n,
                                                        "aria-label": "pig circle " + n, "data-whose": "" })));
      }
      self.powers.push(inCell(line, make("button", { type: "button", "class": "hd-power", "data-power": row + 1,
                                                     "aria-label": "pig power " + (row + 1) + " used", "data-whose": "" }, "P")));
      self.values.push(inCell(line, make("span", { "class": "hd-value", title: "points when this row is the last one full" },
                                         SHEET.pig_row_values[row])));
    }
    box.replaceChildren(body);
    keepTabStop(body);
    box.addEventListener("click", function (event) {
      var circle = event.target.closest("[data-circle]");
      if (circle) tapTo(pigInput, parseInt(circle.dataset.circle, 10));
      var power = event.target.closest("[data-power]");
      if (power) tapTo(powersInput, parseInt(power.dataset.power, 10));
    });
    pigInput.addEventListener("input", function () { self.update(); });
    powersInput.addEventListener("input", function () { self.update(); });
    this.update();
  }

  Pig.prototype.update = function () {
    var pig = count(this.pigInput), used = count(this.powersInput);
    var full = Math.floor(Math.min(pig, PIG_CIRCLES) / SHEET.pig_row_circles);
    this.circles.forEach(function (circle, index) {
      circle.classList.toggle("hd-crossed", index < pig);
      circle.setAttribute("aria-pressed", index < pig ? "true" : "false");
    });
    this.powers.forEach(function (power, index) {
      power.classList.toggle("hd-crossed", index < used);
      power.classList.toggle("hd-earned", index < full);
      power.setAttribute("aria-pressed", index < used ? "true" : "false");
    });
    this.values.forEach(function (value, index) { value.classList.toggle("hd-current", index === full - 1); });
  };

  // --- a market: six circles, the printed ones crossed and fixed ----------------------------
  function Market(box, input, modeOf) {
    this.input = input;
    this.modeOf = modeOf;
    this.circles = [];
    var self = this;
    this.crop = box.closest("[data-crop]").dataset.crop;
    this.grid = circleGrid(this.crop + " market circles");
    this.grid.removeAttribute("data-whose");  // the markets are everyone's
    var line = gridRow(this.grid, "hd-market-row");
    for (var i = 0; i < SHEET.market_circles; i++) {
      this.circles.push(inCell(line, make("button", { type: "button", "class": "hd-circle", "data-circle": i + 1 }, i + 1)));
    }
    box.replaceChildren(this.grid);
    box.addEventListener("click", function (event) {
      var circle = event.target.closest("[data-circle]");
      if (!circle || circle.disabled) return;
      tapTo(input, parseInt(circle.dataset.circle, 10) - self.printed());
    });
    input.addEventListener("input", function () { self.update(); });
    this.update();
  }

  Market.prototype.printed = function () {
    return SHEET.printed_crossed[this.modeOf()] || 0;
  };

  Market.prototype.update = function () {
    var printed = this.printed(), crossed = count(this.input), crop = this.crop;
    this.input.max = String(SHEET.market_circles - printed);
    this.circles.forEach(function (circle, index) {
      var isPrinted = index < printed;
      var on = isPrinted || index - printed < crossed;
      circle.disabled = isPrinted;
      circle.classList.toggle("hd-printed", isPrinted);
      circle.classList.toggle("hd-crossed", on);
      circle.setAttribute("aria-label", crop + " market circle " + (index + 1) + (isPrinted ? ", printed crossed" : ""));
      circle.setAttribute("aria-pressed", on ? "true" : "false");
    });
    keepTabStop(this.grid);
  };

  // --- the score page --------------------------------------------------------------------------
  function enhancePlayer(fieldset) {
    if (fieldset.dataset.enhanced) return;
    fieldset.dataset.enhanced = "yes";
    var garden = fieldset.querySelector("[data-stands-for]");
    var textarea = fieldset.querySelector("textarea[name$='.garden']");
    if (garden && textarea) new Garden(garden, textarea, {});
    var pig = fieldset.querySelector("[data-pig-for]");
    var pigInput = fieldset.querySelector("input[name$='.pig']");
    var powersInput = fieldset.querySelector("input[name$='.pig_powers_used']");
    if (pig && pigInput && powersInput) new Pig(pig, pigInput, powersInput);
  }

  function modeSwitch(select, onChange) {
    var group = make("div", { "class": "hd-switch", role: "group", "aria-label": "Score sheet" });
    Array.prototype.forEach.call(select.options, function (option) {
      var button = make("button", { type: "button", "data-mode": option.value }, option.textContent);
      group.appendChild(button);
    });
    function show() {
      Array.prototype.forEach.call(group.children, function (b) {
        b.setAttribute("aria-pressed", b.dataset.mode === select.value ? "true" : "false");
      });
      onChange();
    }
    group.addEventListener("click", function (event) {
      var button = event.target.closest("[data-mode]");
      if (!button) return;
      select.value = button.dataset.mode;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    select.addEventListener("change", show);
    // The switch replaces the select for everyone: the hidden select still posts the mode but
    // is no longer an invisible tab stop or a second control for screen readers.
    select.closest("label").hidden = true;
    select.closest("label").after(group);
    show();
  }

  function scorePage(form) {
    form.classList.add("hd-js");
    var select = form.elements["mode"];
    var modeOf = function () { return select.value || SHEET.default_mode; };
    var markets = [];
    Array.prototype.forEach.call(form.querySelectorAll("[data-market-for]"), function (box) {
      markets.push(new Market(box, form.elements[box.dataset.marketFor], modeOf));
    });
    modeSwitch(select, function () { markets.forEach(function (m) { m.update(); }); });
    var players = document.getElementById("players");
    var add = form.querySelector('button[name="op"][value="add"]');
    var max = parseInt(form.dataset.maxPlayers, 10);
    function refreshPlayers() {
      var all = players.querySelectorAll("fieldset.player");
      Array.prototype.forEach.call(all, enhancePlayer);
      if (add) add.disabled = all.length >= max;
    }
    refreshPlayers();
    new MutationObserver(refreshPlayers).observe(players, { childList: true });
    // Show the totals of the sheet as the page opens (score.js listens by then).
    document.addEventListener("DOMContentLoaded", function () {
      form.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // --- the dispute page --------------------------------------------------------------------------
  function parsed(textarea, fallback) {
    try { return JSON.parse(textarea.value); } catch (e) { return fallback; }
  }

  function checkPage(form) {
    form.classList.add("hd-js");
    var stateText = form.elements["state"], actionText = form.elements["action"];
    var state = parsed(stateText, {}), action = parsed(actionText, {});
    var players = Array.isArray(state.players) ? state.players : [];
    var acting = players.filter(function (p) { return p && p.name === action.player; })[0] || players[0] || {};
    var f = form.elements;
    // Fill the controls from the JSON the page opened with.
    f["hd-name"].value = acting.name || "Player";
    f["hd-others"].value = players.filter(function (p) { return p && p !== acting && p.name; })
      .map(function (p) { return p.name; }).join(", ");
    f["hd-garden"].value = (acting.garden || []).join("\n");
    f["hd-pig"].value = acting.pig || 0;
    f["hd-powers-used"].value = acting.pig_powers_used || 0;
    if (state.mode) f["hd-mode"].value = state.mode;
    var die = action.die || {};
    if (die.color) f["hd-color"].value = die.color;
    if (die.value) f["hd-value"].value = String(die.value);
    if (action.type) f["hd-type"].value = action.type;
    if (Array.isArray(action.at)) { f["hd-row"].value = String(action.at[0]); f["hd-col"].value = String(action.at[1]); }
    var steps = 0, colour = "";
    (action.pig_powers || []).forEach(function (p) {
      if (p.power === "up") steps++;
      else if (p.power === "down") steps--;
      else if (p.power === "color") colour = p.to || "";
    });
    f["hd-steps"].value = String(steps);
    f["hd-colour-power"].value = colour;

    var answer = form.querySelector(".hd-answer");
    // Check posts the form to #answer: the page opens there, and the first answer drawn takes the
    // focus. (A posted replay's answer is #answer instead, and this box has no id.)
    var posted = location.hash === "#answer" && answer.id === "answer";
    form.querySelector(".hd-controls").hidden = false;
    form.querySelector(".hd-json").open = false;
    var garden = new Garden(form.querySelector("[data-stands-for]"), f["hd-garden"], {
      label: "Garden",
      onTap: function (row, col) {
        if (f["hd-type"].value === "plant" && f["hd-tap"].value === "target") {
          f["hd-row"].value = String(row);
          f["hd-col"].value = String(col);
          f["hd-row"].dispatchEvent(new Event("change", { bubbles: true }));
        } else {
          var grid = readGarden(f["hd-garden"]);
          grid[row - 1][col - 1] = CYCLE[(CYCLE.indexOf(grid[row - 1][col - 1]) + 1) % CYCLE.length];
          f["hd-garden"].value = grid.map(function (line) { return line.join(""); }).join("\n");
          fire(f["hd-garden"]);
        }
      }
    });
    // Another garden in dispute starts empty, not by tapping every space of the example's back.
    form.querySelector(".hd-empty-garden").addEventListener("click", function () {
      f["hd-garden"].value = emptyGarden().join("\n");
      fire(f["hd-garden"]);
    });
    new Pig(form.querySelector("[data-pig-for]"), f["hd-pig"], f["hd-powers-used"]);
    modeSwitch(f["hd-mode"], function () {
      form.classList.toggle("hd-colour-allowed", f["hd-mode"].value === "advanced");
    });

    function build() {
      var name = f["hd-name"].value.trim() || "Player";
      var me = { name: name, garden: f["hd-garden"].value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean),
                 pig: count(f["hd-pig"]), pig_powers_used: count(f["hd-powers-used"]) };
      // The table is the players the page shows: your sheet and the other names typed. An other
      // player keeps the example's sheet while the name is the example's, else an empty one.
      var others = f["hd-others"].value.split(",").map(function (n) { return n.trim(); }).filter(Boolean)
        .map(function (other) {
          return players.filter(function (p) { return p && p !== acting && p.name === other; })[0] ||
            { name: other, garden: emptyGarden(), pig: 0, pig_powers_used: 0 };
        });
      var newState = { mode: f["hd-mode"].value, markets: state.markets || { lettuce: 0, tomato: 0, carrot: 0 },
                       players: [me].concat(others) };
      var type = f["hd-type"].value;
      var newAction = { type: type, die: { color: f["hd-color"].value, value: parseInt(f["hd-value"].value, 10) } };
      if (type !== "last_die") newAction.player = name;
      if (type === "plant") newAction.at = [parseInt(f["hd-row"].value, 10), parseInt(f["hd-col"].value, 10)];
      var powers = [];
      if (f["hd-colour-power"].value) powers.push({ power: "color", to: f["hd-colour-power"].value });
      var n = parseInt(f["hd-steps"].value, 10) || 0;
      for (var i = 0; i < Math.abs(n); i++) powers.push({ power: n > 0 ? "up" : "down" });
      if (powers.length && type !== "last_die") newAction.pig_powers = powers;
      return { state: newState, action: newAction };
    }

    function emptyGarden() {
      var rows = [];
      for (var r = 0; r < SHEET.rows; r++) rows.push(new Array(SHEET.columns + 1).join(EMPTY));
      return rows;
    }

    function showTarget() {
      var plant = f["hd-type"].value === "plant";
      form.classList.toggle("hd-planting", plant);
      form.classList.toggle("hd-last-die", f["hd-type"].value === "last_die");
      garden.cells.forEach(function (row, r) {
        row.forEach(function (cell, c) {
          cell.classList.toggle("hd-target", plant && String(r + 1) === f["hd-row"].value && String(c + 1) === f["hd-col"].value);
        });
      });
    }

    function markOptions(options) {
      var spots = {};
      (options || []).forEach(function (at) { spots[at[0] + "," + at[1]] = true; });
      garden.cells.forEach(function (row, r) {
        row.forEach(function (cell, c) { cell.classList.toggle("hd-option", !!spots[(r + 1) + "," + (c + 1)]); });
      });
    }

    var sequence = 0, timer = null, pending = false;
    function check() {
      pending = false;
      var body = build();
      stateText.value = JSON.stringify(body.state, null, 1);
      actionText.value = JSON.stringify(body.action, null, 1);
      showTarget();
      var mine = ++sequence;
      window.gardenkit.askLive(form.dataset.api, body)
        .then(function (r) { return r.json().then(function (data) { return { status: r.status, data: data }; }); })
        .then(function (reply) {
          if (mine !== sequence) return;
          if (!pending) answer.setAttribute("aria-busy", "false");
          drawAnswer(reply.status, reply.data);
        }).catch(function () { if (!pending) answer.setAttribute("aria-busy", "false"); /* offline: Check still posts */ });
    }

    // The verdict once, the reasons and the answer in words (static/answer.js).
    function drawAnswer(status, data) {
      window.gardenkit.drawAnswer(answer, status, data);
      markOptions(data && data.effects ? data.effects.options : []);
      if (posted) { posted = false; answer.focus({ preventScroll: true }); answer.scrollIntoView({ block: "start" }); }
    }

    // aria-busy stays true from the change until the answer to it is drawn.
    // The old answer goes at once: it answers a question no longer on the page.
    function soon() {
      sequence++;  // an answer on its way now answers a garden no longer on the page: drop it
      pending = true;
      answer.replaceChildren();
      markOptions([]);
      answer.setAttribute("aria-busy", "true");
      clearTimeout(timer);
      timer = setTimeout(check, 150);
    }
    form.addEventListener("input", function (event) { if (!event.target.closest(".hd-json")) soon(); });
    form.addEventListener("change", function (event) { if (!event.target.closest(".hd-json")) soon(); });
    answer.setAttribute("aria-busy", "true");
    check();
  }

  var scoreForm = document.getElementById("score-form");
  if (scoreForm && scoreForm.classList.contains("hd-score")) scorePage(scoreForm);
  var checkForm = document.getElementById("hd-check");
  if (checkForm) checkPage(checkForm);
})();
