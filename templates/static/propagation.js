/* Propagation pages: a hex board drawn as SVG that can be edited by clicking, the score page
   (harvest counts, bonus cards, one board per bonus round, live totals) and the dispute page
   (propagate / harvest / end of round / grow / sow on the same board).
   Everything about the game (board size, plants, patterns, cards, colours) comes from the
   JSON the server embeds (#propagation-data, built from scorer/games/propagation/data.py).
   Without JavaScript both pages are plain forms; this script keeps their fields in sync. */
"use strict";
(function () {
  const dataNode = document.getElementById("propagation-data");
  if (!dataNode) return;
  const D = JSON.parse(dataNode.textContent);
  document.documentElement.classList.add("js-propagation");  // shows the board editors
  const SVG = "http://www.w3.org/2000/svg";
  const HEX = 10;            // centre-to-corner in SVG units
  const SQ3 = Math.sqrt(3);
  const KIND_SIZE = { tomato: 0.42, carrot: 0.52, apple: 0.64 };  // three sizes, as the tokens
  const KIND_LETTER = { tomato: "T", carrot: "C", apple: "A" };

  const key = (s) => s[0] + "," + s[1];
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const centre = ([q, r]) => [HEX * 1.5 * q, HEX * SQ3 * (r + q / 2)];
  const plantByKey = (board) => new Map(board.plants.map((p) => [key(p.at), p]));

  function node(name, attrs, parent, text) {
    const made = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) made.setAttribute(k, v);
    if (text !== undefined) made.textContent = text;
    if (parent) parent.appendChild(made);
    return made;
  }

  function hexPoints(cx, cy, size) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 3 * i;
      pts.push((cx + size * Math.cos(a)).toFixed(2) + "," + (cy + size * Math.sin(a)).toFixed(2));
    }
    return pts.join(" ");
  }

  function starPoints(cx, cy, outer, inner) {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? inner : outer, a = -Math.PI / 2 + i * Math.PI / 5;
      pts.push((cx + r * Math.cos(a)).toFixed(2) + "," + (cy + r * Math.sin(a)).toFixed(2));
    }
    return pts.join(" ");
  }

  function symbolShape(symbol, cx, cy, r, attrs, parent) {
    if (symbol === "circle") return node("circle", { cx, cy, r, ...attrs }, parent);
    if (symbol === "square") return node("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, ...attrs }, parent);
    const pts = symbol === "triangle"
      ? [[cx, cy - r * 1.1], [cx + r, cy + r * 0.8], [cx - r, cy + r * 0.8]]
      : [[cx, cy - r * 1.2], [cx + r * 1.1, cy], [cx, cy + r * 1.2], [cx - r * 1.1, cy]];
    return node("polygon", { points: pts.map((p) => p.join(",")).join(" "), ...attrs }, parent);
  }

  function textColourOn(hex) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? "#000" : "#fff";
  }

  // --- the board widget ---------------------------------------------------------------------
  // A HexBoard draws {rocks, plants} and calls onSpace([q, r]) when a space is clicked (or
  // Enter/Space pressed on it). Marks: {"q,r": {cls: "placed", sign: "+", note: "..."}}.

  // Arrow keys on a board: left/right along a row of hexes, up/down to the space above/below.
  const HEX_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  class HexBoard {
    constructor(container, label, onSpace) {
      const extentX = (D.radius * 1.5 + 1) * HEX + 2, extentY = (D.radius + 0.5) * SQ3 * HEX + 2;
      this.svg = node("svg", { viewBox: `${-extentX} ${-extentY} ${2 * extentX} ${2 * extentY}`,
                               class: "hexboard", role: "group", "aria-label": label });
      container.appendChild(this.svg);
      // What a space shows (plants, rocks, marks) is drawn in a layer above the
      // spaces that takes no taps and is hidden from assistive tech: a space's words are its
      // aria-label, so they never disagree with letters inside the button.
      const spacesLayer = node("g", {}, this.svg);
      const labelsLayer = node("g", { class: "labels", "aria-hidden": "true" }, this.svg);
      this.cells = new Map();
      for (const space of D.spaces) {
        const [cx, cy] = centre(space);
        const cell = node("g", { class: "space" + (same(space, D.top) ? " top" : ""),
                                 tabindex: this.cells.size ? "-1" : "0", role: "button", "data-at": key(space) }, spacesLayer);
        node("polygon", { points: hexPoints(cx, cy, HEX * 0.97), class: "hex" }, cell);
        const shown = node("g", { "data-for": key(space) }, labelsLayer);
        if (same(space, D.top)) {  // the coloured top hex also says so, in a star and a word
          node("polygon", { class: "top-star", points: starPoints(cx, cy - HEX * 0.42, 2.2, 0.9) }, shown);
          node("text", { x: cx, y: cy + HEX * 0.42, class: "top-label" }, shown, "TOP");
        }
        const content = node("g", { class: "content" }, shown);
        cell.addEventListener("click", () => onSpace(space));
        cell.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSpace(space); }
          const step = HEX_KEYS[e.key];
          const next = step && this.cells.get(key([space[0] + step[0], space[1] + step[1]]));
          if (step) e.preventDefault();
          if (next) this.moveFocus(cell, next.cell);
        });
        this.cells.set(key(space), { cell, content, space });
      }
    }

    // One tab stop for the whole board; arrow keys walk to the neighbouring space.
    moveFocus(from, to) {
      from.setAttribute("tabindex", "-1");
      to.setAttribute("tabindex", "0");
      to.focus();
    }

    draw(board, players, marks) {
      const rocks = new Set(board.rocks.filter(Array.isArray).map(key));
      const plants = plantByKey(board);
      marks = marks || {};
      for (const [k, { cell, content, space }] of this.cells) {
        content.replaceChildren();
        const [cx, cy] = centre(space);
        const words = [D.space_names[k] || k];
        if (rocks.has(k)) {
          node("polygon", { class: "rock", points: [[-0.5, 0.25], [-0.3, -0.35], [0.15, -0.45], [0.5, -0.05],
            [0.35, 0.4], [-0.15, 0.45]].map(([x, y]) => `${cx + x * HEX},${cy + y * HEX}`).join(" ") }, content);
          node("text", { x: cx, y: cy + 1.2, class: "rock-label" }, content, "R");
          words.push("rock");
        }
        const plant = plants.get(k);
        if (plant) {
          this.drawPlant(content, plant, players, cx, cy);
          words.push(`${plant.owner}'s ${plant.kind}, tier ${plant.tier}`);
        }
        const mark = marks[k];
        cell.setAttribute("class", "space" + (same(space, D.top) ? " top" : "") + (mark ? " mark-" + mark.cls : ""));
        content.parentNode.setAttribute("class", mark ? "mark-" + mark.cls : "");  // colours its sign
        if (mark) {
          node("text", { x: cx + HEX * 0.5, y: cy - HEX * 0.38, class: "mark-sign" }, content, mark.sign);
          words.push(mark.note);
        }
        cell.setAttribute("aria-label", words.join(": "));
        const title = cell.querySelector("title") || node("title", {}, cell);
        title.textContent = words.join(": ");
      }
    }

    drawPlant(parent, plant, players, cx, cy) {
      const index = players.indexOf(plant.owner);
      const colour = D.colours[index] || { hex: "#777777", symbol: "circle", letter: "?" };
      const r = HEX * (KIND_SIZE[plant.kind] || 0.5);
      node("circle", { cx, cy: cy - 1, r, fill: colour.hex, class: "plant" }, parent);
      const ink = textColourOn(colour.hex);
      node("text", { x: cx, y: cy - 1 + r * 0.1, class: "plant-kind", fill: ink }, parent,
           (KIND_LETTER[plant.kind] || "?") + plant.tier);
      symbolShape(colour.symbol, cx - HEX * 0.55, cy - HEX * 0.55, 1.6,
                  { fill: colour.hex, stroke: "#222", "stroke-width": 0.35, class: "owner-symbol" }, parent);
    }
  }

  // --- board editing ------------------------------------------------------------------------
  // The toolbar chooses what a click does: put a player's plant (clicking the same plant
  // again raises its tier, wrapping after its death tier), toggle a rock, or clear a space.

  function makeToolbar(root, getPlayers) {
    const tools = root.querySelector(".board-tools");
    const ownerSelect = tools.querySelector("[data-tool=owner]");
    const refreshOwners = () => {
      const chosen = ownerSelect.value;
      ownerSelect.replaceChildren(...getPlayers().map((name, i) => {
        const option = document.createElement("option");
        option.value = name;
        option.textContent = `${D.colours[i] ? D.colours[i].letter : "?"} · ${name}`;
        return option;
      }));
      if (getPlayers().includes(chosen)) ownerSelect.value = chosen;
    };
    refreshOwners();
    return {
      refreshOwners,
      mode: () => tools.querySelector("[name$=mode]:checked").value,
      owner: () => ownerSelect.value,
      kind: () => tools.querySelector("[data-tool=kind]").value,
      tier: () => Math.max(0, parseInt(tools.querySelector("[data-tool=tier]").value, 10) || 0),
    };
  }

  function editSpace(board, space, toolbar) {
    const k = key(space);
    const mode = toolbar.mode();
    const rockIndex = board.rocks.findIndex((r) => Array.isArray(r) && key(r) === k);
    const plantIndex = board.plants.findIndex((p) => key(p.at) === k);
    if (mode === "erase") {
      if (rockIndex >= 0) board.rocks.splice(rockIndex, 1);
      if (plantIndex >= 0) board.plants.splice(plantIndex, 1);
    } else if (mode === "rock") {
      if (rockIndex >= 0) board.rocks.splice(rockIndex, 1);
      else board.rocks.push([space[0], space[1]]);
    } else if (mode === "plant" && toolbar.owner()) {
      const current = board.plants[plantIndex];
      const kind = toolbar.kind();
      if (current && current.owner === toolbar.owner() && current.kind === kind) {
        current.tier = current.tier >= D.plants[kind].dies ? 0 : current.tier + 1;
      } else {
        if (plantIndex >= 0) board.plants.splice(plantIndex, 1);
        board.plants.push({ at: [space[0], space[1]], owner: toolbar.owner(), kind, tier: toolbar.tier() });
      }
    } else {
      return false;
    }
    return true;
  }

  function emptyBoard() { return { rocks: [], plants: [] }; }
  function copyBoard(board) { return JSON.parse(JSON.stringify(board)); }
  function asBoard(value) {
    return value && Array.isArray(value.rocks) && Array.isArray(value.plants) ? copyBoard(value) : emptyBoard();
  }

  /* Which board spaces a violation path points at, e.g. bonus[1].board.plants[3].at. */
  function spacesOfViolations(violations, boardOfPath) {
    const bad = {};
    for (const v of violations || []) {
      const m = /^(.*board)\.(rocks|plants)\[(\d+)\]/.exec(v.path || "");
      if (!m) continue;
      const board = boardOfPath(m[1]);
      if (!board) continue;
      const item = board[m[2]][Number(m[3])];
      const at = m[2] === "rocks" ? item : item && item.at;
      if (Array.isArray(at)) bad[key(at)] = { cls: "bad", sign: "!", note: v.message };
    }
    return bad;
  }

  // status 0: no answer (offline).
  async function postJSON(url, body) {
    let response;
    try {
      response = await window.gardenkit.askLive(url, body);
    } catch (e) {
      return { status: 0, payload: null };
    }
    let payload;
    try { payload = await response.json(); } catch (e) { payload = null; }
    return { status: response.status, payload };
  }

  function listItems(ul, items) {
    ul.replaceChildren(...items.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
  }

  function debounce(fn, ms) {
    let timer = null;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  // --- the score page -----------------------------------------------------------------------

  function scorePage(form) {
    const playersBox = form.querySelector("#players");
    const template = document.getElementById("player-template");
    const readingField = form.querySelector("[name=round_20]");
    const live = document.getElementById("live-result");

    const playerNames = () => [...playersBox.querySelectorAll("[name$='.name']")].map((i) => i.value.trim());

    // Live totals leave out players not entered yet (static/pad.js: gardenkit.entered), so
    // nobody is judged before they are typed; Save sends every row.
    function state(live) {
      const entered = (set) => live !== true || !window.gardenkit.entered || window.gardenkit.entered(set);
      const players = [...playersBox.querySelectorAll("fieldset.player")].filter(entered).map((set) => {
        const harvested = {};
        for (const kind of D.kinds) {
          const input = set.querySelector(`[name$='.harvested.${kind}']`);
          if (input && input.value.trim() !== "") {
            harvested[kind] = /^[+-]?\d+$/.test(input.value.trim()) ? Number(input.value.trim()) : input.value;
          }
        }
        const player = { name: set.querySelector("[name$='.name']").value.trim(), harvested };
        const bonus = set.querySelector("[name$='.bonus_points']").value.trim();
        if (bonus !== "") player.bonus_points = /^[+-]?\d+$/.test(bonus) ? Number(bonus) : bonus;
        return player;
      });
      return { players, round_20: readingField.value };
    }
    window.gardenkit.stateOf = () => state(false);  // what static/pad.js queues when Save is pressed offline

    // An answer to entries typed over since is dropped, as on every score page (static/score.js):
    // a slow answer to a half-typed form must not flag what the player has filled in since.
    let typed = 0;
    const judge = debounce(async () => {
      const asked = typed;
      const { status, payload } = await postJSON(form.dataset.api, state(true));
      if (asked !== typed) return;  // the next answer is on its way
      const table = live.querySelector("tbody");
      const problems = live.querySelector(".live-violations");
      const warnings = live.querySelector(".live-warnings");
      let violations = [];
      if (status === 200 && payload && !payload.violations) {
        table.replaceChildren(...payload.players.map((p) => {
          const tr = document.createElement("tr");
          const cells = [p.rank, p.name, p.breakdown.tomato, p.breakdown.carrot, p.breakdown.apple,
                         p.breakdown.bonus, p.total];
          cells.forEach((value, i) => {
            const cell = document.createElement(i === 1 ? "th" : "td");
            cell.textContent = value;
            if (i > 1 && i < cells.length - 1) cell.className = "part";  // a phone shows rank, name and total
            tr.appendChild(cell);
          });
          if (p.rank === 1) tr.className = "first";
          return tr;
        }));
        live.querySelector(".live-winners").textContent =
          (payload.winners.length === 1 ? "Winner: " : "Shared win: ") + payload.winners.join(" & ") +
          (payload.tie_break ? `. ${payload.tie_break}` : "");  // the scorer's words on a tie
        listItems(problems, []);
        listItems(warnings, payload.warnings.map((w) => w.message));
      } else {
        violations = ((payload && payload.violations) || [{ message: `the scorer answered ${status}` }])
          .filter((v) => !window.gardenkit.judged || window.gardenkit.judged(v));
        table.replaceChildren();
        live.querySelector(".live-winners").textContent = "Not scored yet: fix the problems below.";
        listItems(problems, violations.map((v) => v.message));
        listItems(warnings, []);
      }
      form.dispatchEvent(new CustomEvent("gardenkit:answer", {
        detail: status === 200 && payload && !payload.violations ? { result: payload } : status ? { violations } : { offline: true } }));
    }, 150);
    const rescore = () => { typed++; judge(); };

    // Players are added and removed here without a reload (the buttons also work without JS).
    function renumber() {
      [...playersBox.querySelectorAll("fieldset.player")].forEach((set, i) => {
        set.dataset.index = i;
        set.querySelector("legend").textContent = `Player ${i + 1}`;
        for (const input of set.querySelectorAll("[name]")) {
          input.name = input.name.replace(/^players\.\d+\./, `players.${i}.`);
        }
        const remove = set.querySelector("button.remove");
        if (remove) remove.value = `remove:${i}`;
      });
    }
    form.addEventListener("click", (e) => {
      const button = e.target.closest("button[name=op]");
      if (!button) return;
      const count = playersBox.querySelectorAll("fieldset.player").length;
      if (button.value === "add") {
        e.preventDefault();
        if (count >= D.players.max) return;
        const copy = template.content.firstElementChild.cloneNode(true);
        for (const input of copy.querySelectorAll("[name]")) input.name = input.name.replace("__i__", count);
        playersBox.appendChild(copy);
        renumber();
        rescore();
      } else if (button.value.startsWith("remove:")) {
        e.preventDefault();
        if (count <= D.players.min) return;
        button.closest("fieldset.player").remove();
        renumber();
        rescore();
      }
    });
    form.addEventListener("input", rescore);
    form.addEventListener("change", rescore);
    // A blank sheet waits for the players' names before it asks for totals.
    if (playerNames().some(Boolean)) rescore();
  }

  // --- the dispute page ---------------------------------------------------------------------

  function checkPage(form) {
    const stateField = form.querySelector("[name=state]");
    const actionField = form.querySelector("[name=action]");
    const typeField = form.querySelector("#action-type");
    const playerField = form.querySelector("#action-player");
    const kindField = form.querySelector("#action-kind");
    const patternField = form.querySelector("#action-pattern");
    const roundField = form.querySelector("#action-round");
    const namesField = form.querySelector("#player-names");
    const answer = document.getElementById("live-check");
    form.querySelector("details.paste").open = false;  // open for people without JavaScript
    let board = emptyBoard();
    let origin = null, targets = [], at = null, marks = {};

    // Start from whatever the form holds (the server's example or the last check).
    try {
      const st = JSON.parse(stateField.value);
      if (st && Array.isArray(st.players)) namesField.value = st.players.map((p) => p.name).join(", ");
    } catch (e) { /* leave the default names */ }
    try {
      const action = JSON.parse(actionField.value) || {};
      board = asBoard(action.board);
      if (action.type) typeField.value = action.type;
      if (action.kind) kindField.value = action.kind;
      if (action.pattern) patternField.value = action.pattern;
      if (Array.isArray(action.origin)) origin = action.origin;
      if (Array.isArray(action.at)) at = action.at;
      if (Array.isArray(action.targets)) targets = action.targets;
      if (action.round) roundField.value = action.round;
      if (action.player) playerField.dataset.initial = action.player;
    } catch (e) { /* start empty */ }

    const names = () => namesField.value.split(",").map((s) => s.trim()).filter(Boolean);
    const root = form.querySelector(".board-editor");
    const toolbar = makeToolbar(root, names);
    const picks = root.querySelector(".pick-modes");

    function refreshPlayers() {
      const chosen = playerField.value || playerField.dataset.initial;
      playerField.replaceChildren(...names().map((n) => {
        const option = document.createElement("option");
        option.value = option.textContent = n;
        return option;
      }));
      if (names().includes(chosen)) playerField.value = chosen;
      toolbar.refreshOwners();
    }

    function action() {
      const type = typeField.value;
      const made = { type };
      if (type !== "end_round") made.player = playerField.value;
      if (type === "sow" || type === "harvest") made.kind = kindField.value;
      if (type === "sow") made.at = at;
      if (type === "propagate") {
        made.pattern = patternField.value;
        made.origin = origin;
        if (targets.length) made.targets = targets;
      }
      if (type === "end_round" && roundField.value) made.round = Number(roundField.value);
      made.board = board;
      return made;
    }

    function showFields() {
      const type = typeField.value;
      for (const el of form.querySelectorAll("[data-for]")) {
        el.hidden = !el.dataset.for.split(" ").includes(type);
      }
      const pickMode = picks.querySelector("[name=mode]:checked");
      if (pickMode && pickMode.closest("[hidden]")) root.querySelector("[name=mode][value=plant]").checked = true;
    }

    function pickMarks() {
      const shown = { ...marks };
      if (origin) shown[key(origin)] = { cls: "origin", sign: "◎", note: "origin" };
      for (const t of targets) shown[key(t)] = { cls: "target", sign: "?", note: "chosen target" };
      if (at && typeField.value === "sow") shown[key(at)] = { cls: "target", sign: "?", note: "sow here" };
      return shown;
    }

    const view = new HexBoard(root.querySelector(".board-holder"), "board at the moment of the action", (space) => {
      const mode = toolbar.mode();
      if (mode === "origin") origin = space;
      else if (mode === "target") {
        const i = targets.findIndex((t) => same(t, space));
        if (i >= 0) targets.splice(i, 1); else targets.push(space);
      } else if (mode === "at") at = space;
      else if (!editSpace(board, space, toolbar)) return;
      marks = {};
      changed();
    });

    function sync() {
      stateField.value = JSON.stringify({ players: names().map((name) => ({ name })) }, null, 1);
      actionField.value = JSON.stringify(action(), null, 1);
    }

    // Anything changed asks another question: the old answer and its marks go at once.
    function changed() {
      answer.querySelector(".live-answer").replaceChildren();
      answer.querySelector("#apply-effects").hidden = true;
      lastOutcome = null;
      refreshPlayers();
      showFields();
      sync();
      view.draw(board, names(), pickMarks());
    }

    function effectMarks(effects) {
      const found = {};
      const put = (list, cls, sign, note) => (list || []).forEach((s) => { found[key(s)] = { cls, sign, note }; });
      (effects.skipped || []).forEach((s) => { found[key(s.at)] = { cls: "skipped", sign: "×", note: `skipped: ${s.reason}` }; });
      put(effects.placed, "placed", "+", "new plant");
      put(effects.harvested, "harvested", "★", "harvested");
      put(effects.died, "died", "×", "dies at the end of the round");
      put(effects.fully_grown, "harvested", "★", "fully grown");
      put(effects.at_death_tier, "died", "!", "at its death tier: harvest it or it dies");
      if (effects.sown) put([effects.sown.at], "placed", "+", "sown");
      return found;
    }

    let lastOutcome = null;
    // The action's spaces are picked on the board first: said as the next step, not as a
    // JSON field the check would find missing.
    function spaceNotPicked() {
      if (typeField.value === "sow" && !at) return "Pick where to sow first: choose \u201cpick where to sow\u201d and tap a space.";
      if (typeField.value === "propagate" && !origin) return "Pick the origin first: choose \u201cpick the origin\u201d and tap the plant it grows from.";
      return "";
    }

    async function runCheck() {
      sync();
      const unpicked = spaceNotPicked();
      if (unpicked) {
        window.gardenkit.drawAnswer(answer.querySelector(".live-answer"), 0, { violations: [{ message: unpicked, rule: "" }] });
        return;
      }
      const { status, payload } = await postJSON(form.dataset.api, {
        state: JSON.parse(stateField.value), action: action() });
      // The verdict, the reasons and the answer in words (static/answer.js), marked on the board.
      window.gardenkit.drawAnswer(answer.querySelector(".live-answer"), status, payload);
      lastOutcome = payload && payload.effects ? payload : null;
      if (lastOutcome) marks = effectMarks(payload.effects || {});
      else marks = spacesOfViolations((payload && payload.violations) || [], (path) => (path === "action.board" ? board : null));
      answer.querySelector("#apply-effects").hidden = !(lastOutcome && lastOutcome.legal);
      view.draw(board, names(), pickMarks());
    }

    /* Play the checked action out on the board, to go on with the next dispute. */
    function applyEffects() {
      if (!lastOutcome || !lastOutcome.legal) return;
      const e = lastOutcome.effects;
      const gone = new Set([...(e.removed || []), ...(e.died || [])].map(key));
      board.plants = board.plants.filter((p) => !gone.has(key(p.at)));
      const byKey = plantByKey(board);
      (e.reset || []).forEach((s) => { byKey.get(key(s)).tier = 0; });
      (e.grown || []).forEach((g) => { byKey.get(key(g.at)).tier = g.tier; });
      board.plants.push(...(e.new_plants || []), ...(e.sown ? [e.sown] : []));
      origin = null; targets = []; at = null; marks = {}; lastOutcome = null;
      answer.querySelector("#apply-effects").hidden = true;
      changed();
    }

    settleBonusCard(document.getElementById("bonus-card"), names, () => board, (found) => {
      marks = found;
      view.draw(board, names(), pickMarks());
    });
    form.addEventListener("submit", (e) => { e.preventDefault(); runCheck(); });
    answer.querySelector("#apply-effects").addEventListener("click", applyEffects);
    form.querySelector("#clear-picks").addEventListener("click", () => {
      origin = null; targets = []; at = null; marks = {}; changed();
    });
    // A dispute on another board starts from an empty one, not by erasing the example's plants
    // one by one; the set-up's rocks stay (every board has its 10).
    form.querySelector("#clear-board").addEventListener("click", () => {
      board = { rocks: board.rocks, plants: [] }; origin = null; targets = []; at = null; marks = {}; changed();
    });
    for (const field of [typeField, playerField, kindField, patternField, roundField, namesField]) {
      field.addEventListener("change", () => { marks = {}; changed(); });
    }
    namesField.addEventListener("input", changed);
    changed();
  }

  // --- a bonus card in dispute, on the dispute page's board ---------------------------------

  /* Scores the drawn board as one resolution of the chosen card with the scorer's own rules
     (the score page's JSON answer), and says what each player counts and who is paid. */
  function settleBonusCard(box, names, currentBoard, markSpaces) {
    if (!box) return;
    const cardField = box.querySelector("#bonus-card-choice");
    const answer = box.querySelector(".bonus-answer");
    const verdict = answer.querySelector(".verdict");
    const cardName = () => cardField.selectedOptions[0].textContent;
    box.querySelector("#bonus-card-run").addEventListener("click", async () => {
      const board = currentBoard();
      const { status, payload } = await postJSON(box.dataset.scoreApi, {
        players: names().map((name) => ({ name })), bonus: [{ card: cardField.value, round: 10, board }] });
      if (status === 200 && payload && !payload.violations) {
        const paid = payload.bonus_resolutions[0];
        verdict.textContent = paid.paid.length
          ? `${cardName()}: ${paid.paid.join(" & ")} ${paid.paid.length === 1 ? "scores" : "each score"} ${paid.points} points.`
          : `${cardName()}: nobody scores it on this board.`;
        verdict.className = "verdict legal";
        listItems(answer.querySelector(".bonus-counts"),
          Object.entries(paid.counts).map(([name, count]) => `${name} counts ${count}`));
        markSpaces({});
      } else {
        const problems = (payload && payload.violations) ||
          [{ message: status ? `the scorer answered ${status}` : "you are offline: this answer needs the network" }];
        verdict.textContent = "Cannot settle the card on this board";
        verdict.className = "verdict illegal";
        listItems(answer.querySelector(".bonus-counts"), problems.map((v) => v.message + (v.rule ? ` (${v.rule})` : "")));
        markSpaces(spacesOfViolations(problems, (path) => (path === "bonus[0].board" ? board : null)));
      }
      answer.focus();
    });
  }

  const scoreForm = document.getElementById("propagation-score");
  if (scoreForm) scorePage(scoreForm);
  const checkForm = document.getElementById("propagation-check");
  if (checkForm) checkPage(checkForm);
})();
