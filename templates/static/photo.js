// Read from a photo (templates/_photo_read.html): the photos go to the page's photo address,
// the state read comes back with a confidence per field; each field of the score form is set
// from the state (by the input's name, the field's dotted path), the game's own script
// redraws from the input events, and every field read with less than SURE confidence
// is outlined until the player changes it. Nothing is saved: Save stays the player's.
(function () {
  "use strict";

  var SURE = 0.9;
  var section = document.querySelector(".photo-read");
  var form = document.getElementById("score-form");
  if (!section || !form) return;
  var input = section.querySelector(".photo-input");
  var status = section.querySelector(".photo-status");
  section.hidden = false;
  var filling = false;

  function say(text, refused) {
    status.textContent = text;
    status.classList.toggle("photo-refused", !!refused);
  }

  function playerCount() {
    return form.querySelectorAll("#players fieldset.player").length;
  }

  // As many player rows as sheets read: score.js adds a row on the Add button's click.
  function ensurePlayers(count) {
    var add = form.querySelector('button[name="op"][value="add"]');
    while (playerCount() < count && add && !add.disabled) add.click();
    var rows = form.querySelectorAll("#players fieldset.player");
    for (var n = rows.length - 1; n >= count && n > 0; n--) rows[n].remove();
  }

  function fieldNamed(name) {
    return form.querySelector('[name="' + name + '"]');
  }

  // The form's inputs follow the page's rows, which score.js numbers by data-index.
  function rowPath(path) {
    var parts = path.split(".");
    if (parts[0] !== "players") return path;
    var rows = form.querySelectorAll("#players fieldset.player");
    var row = rows[parseInt(parts[1], 10)];
    if (row) parts[1] = row.dataset.index;
    return parts.join(".");
  }

  // The game's script redraws the field from these events; they do not bubble to the form, so
  // score.js asks for totals once the player has typed the names (the names left empty would
  // only be refused).
  function setField(element, value) {
    element.value = Array.isArray(value) ? value.join("\n") : String(value);
    element.dispatchEvent(new Event("input"));
    element.dispatchEvent(new Event("change"));
  }

  // Sets every input named by a path in the state; a list with no input of its own (the
  // cubes of a track) sets its items' inputs one by one.
  function fill(value, path) {
    if (path) {
      var element = fieldNamed(rowPath(path));
      if (element) { setField(element, value); return; }
    }
    if (value && typeof value === "object") {
      Object.keys(value).forEach(function (key) {
        if (path === "" && key === "players") return;  // filled row by row, names left to type
        fill(value[key], path ? path + "." + key : key);
      });
    }
  }

  function isShown(node) {
    return node.getClientRects().length > 0;
  }

  // What to outline for a field: the drawn widget standing for its input (data-*-for), or the
  // one space of it a deeper path names (a garden space: its row and column), else the input's
  // label or the nearest shown box round it (a hidden select's track).
  function markTarget(element, rest) {
    var name = element.getAttribute("name");
    var drawn = Array.prototype.filter.call(form.querySelectorAll("*"), function (node) {
      return Array.prototype.some.call(node.attributes, function (attribute) {
        return /^data-[a-z]+-for$/.test(attribute.name) && attribute.value === name;
      });
    })[0];
    if (drawn && isShown(drawn) && rest.length === 2) {
      var space = drawn.querySelector('[data-row="' + (parseInt(rest[0], 10) + 1) + '"][data-col="' +
                                      (parseInt(rest[1], 10) + 1) + '"]');
      if (space && isShown(space)) return space;
    }
    if (drawn && isShown(drawn)) return drawn;
    var node = element.closest("label") || element;
    while (node && node !== form && !isShown(node)) node = node.parentElement;
    return node;
  }

  // The inputs a confidence's path is about, each with the rest of the path below its name:
  // the input of its longest named prefix, or the inputs under it (a track's three cubes).
  function inputsOf(path) {
    var parts = rowPath(path).split(".");
    for (var n = parts.length; n > 0; n--) {
      var prefix = parts.slice(0, n).join(".");
      var element = fieldNamed(prefix);
      if (element) return [{ element: element, rest: parts.slice(n) }];
      var under = form.querySelectorAll('[name^="' + prefix + '."]');
      if (under.length) return Array.prototype.map.call(under, function (input) { return { element: input, rest: [] }; });
    }
    return [];
  }

  // The notes written beside the fields, each with the field (or widget) it is about.
  var besides = [];

  function clearMarks() {
    Array.prototype.forEach.call(form.querySelectorAll(".photo-unsure"), function (node) {
      node.classList.remove("photo-unsure");
    });
    besides.forEach(function (pair) { pair.note.remove(); });
    besides = [];
  }

  // A note in words right after `holder` (or at the top of a player's fieldset), so the
  // player reads why beside the field, not only in the status above the form.
  function writeBeside(holder, lines, inside) {
    var note = document.createElement("p");
    note.className = "photo-why";
    note.textContent = lines.join("; ");
    if (inside) {
      var legend = holder.querySelector("legend");
      holder.insertBefore(note, legend ? legend.nextSibling : holder.firstChild);
    } else {
      holder.insertAdjacentElement("afterend", note);
    }
    besides.push({ holder: holder, note: note });
  }

  // The note goes once its field has no outline left (the player changed it).
  function dropConfirmedNotes() {
    besides = besides.filter(function (pair) {
      if (!pair.holder.classList.contains("photo-unsure") && !pair.holder.querySelector(".photo-unsure") &&
          pair.holder.tagName !== "FIELDSET") {
        pair.note.remove();
        return false;
      }
      return true;
    });
  }

  // What a field's note says beside it: which space of a drawn garden, and the reader's why.
  function besideWords(path, rest, note) {
    var where = rest.length === 2 ? "row " + (parseInt(rest[0], 10) + 1) + ", space " + (parseInt(rest[1], 10) + 1) : "";
    return "Check " + (where || "this") + (note ? ": " + note : "");
  }

  function words(path) {
    var parts = path.split(".");
    if (parts[0] === "players" && parts.length === 2) return "player " + (parseInt(parts[1], 10) + 1) + "'s sheet";
    if (parts[0] === "players") {
      var space = parts.length === 5 ? " (row " + (parseInt(parts[3], 10) + 1) + ", space " + (parseInt(parts[4], 10) + 1) + ")" : "";
      return "player " + (parseInt(parts[1], 10) + 1) + "'s " + parts[2].replace(/_/g, " ") + space;
    }
    return parts.join(" ").replace(/_/g, " ");
  }

  // Outlines each field read unsurely; the fields in words, with the reader's note on why
  // when it gave one (a track's missing cube, sheets that disagree on a market).
  // Each outlined field (or drawn widget) gets a note beside it saying what to check; a
  // note about a whole sheet (too small in its photo, blurred) goes at the top of its player.
  function markUnsure(confidence, notes) {
    var unsure = [];
    var holders = [];
    var lines = [];
    Object.keys(confidence).forEach(function (path) {
      if (confidence[path] >= SURE) return;
      var about = words(path) + (notes[path] ? ": " + notes[path] : "");
      if (unsure.indexOf(about) < 0) unsure.push(about);
      inputsOf(path).forEach(function (input, index) {
        var target = markTarget(input.element, input.rest);
        if (!target) return;
        target.classList.add("photo-unsure");
        if (index > 0) return;  // a track's cubes: one note for the track
        // a garden's space: the note goes after the whole garden, one for all its spaces
        var holder = target.classList.contains("hd-cell") ? target.closest("[data-garden-for]") || target : target;
        var at = holders.indexOf(holder);
        if (at < 0) { holders.push(holder); lines.push([]); at = holders.length - 1; }
        var line = besideWords(path, input.rest, notes[path]);
        if (lines[at].indexOf(line) < 0) lines[at].push(line);
      });
    });
    holders.forEach(function (holder, at) { writeBeside(holder, lines[at], false); });
    var rows = form.querySelectorAll("#players fieldset.player");
    Object.keys(notes).forEach(function (path) {
      var parts = path.split(".");
      if (parts[0] !== "players" || parts.length !== 2 || !rows[parseInt(parts[1], 10)]) return;
      unsure.unshift(words(path) + ": " + notes[path]);
      writeBeside(rows[parseInt(parts[1], 10)], ["This sheet: " + notes[path]], true);
    });
    return unsure;
  }

  function show(found) {
    filling = true;
    clearMarks();
    ensurePlayers(found.state.players.length);
    fill(found.state, "");
    found.state.players.forEach(function (player, index) {
      Object.keys(player).forEach(function (key) {
        if (key !== "name") fill(player[key], "players." + index + "." + key);
      });
    });
    filling = false;
    var unsure = markUnsure(found.confidence, found.notes || {});
    var sheets = found.state.players.length;
    say("Read " + sheets + " sheet" + (sheets > 1 ? "s" : "") + ". Type each player's name" +
        (unsure.length ? "; check the highlighted fields (" + unsure.join("; ") + ")" : "") +
        ", then press Score or Save.");
    var first = form.querySelector("#players input[name$='.name']");
    if (first) first.focus();
  }

  input.addEventListener("change", function () {
    if (!input.files.length) return;
    var body = new FormData();
    Array.prototype.forEach.call(input.files, function (file) { body.append("photo", file); });
    say("Reading the photo" + (input.files.length > 1 ? "s" : "") + "…");
    fetch(section.dataset.read, { method: "POST", body: body }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      if (answer.status === 200) show(answer.data);
      else say(answer.data.error || "The photo could not be read.", true);
    }).catch(function () {
      say("The photo could not be sent: check the connection and try again.", true);
    }).then(function () { input.value = ""; });
  });

  // A field the player changes is theirs: its mark goes.
  function confirmed(event) {
    var node = event.target.closest(".photo-unsure");
    if (node && !filling) {
      node.classList.remove("photo-unsure");
      dropConfirmedNotes();
    }
  }
  form.addEventListener("input", confirmed);
  form.addEventListener("click", confirmed);
})();
