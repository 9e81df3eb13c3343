// Read from a photo (templates/_photo_read.html): the photos go to the page's photo address,
// the state read comes back with a confidence per field; each field of the score form is set
// from the state (by the input's name, the field's dotted path), the game's own script
// redraws from the input events, and every field read with less than SURE confidence
// is outlined until the player changes it or says it looks right. Nothing is saved: Save stays
// the player's; the outlines and notes go with the score pad's draft of the game in progress.
(function () {
  "use strict";

  var SURE = 0.9;
  var el = window.gardenkit.el;
  var link = window.gardenkit.describedBy;
  var standIn = window.gardenkit.standIn;
  var section = document.querySelector(".photo-read");
  var form = document.getElementById("score-form");
  if (!section || !form) return;
  var input = section.querySelector(".photo-input");
  var status = section.querySelector(".photo-status");
  section.hidden = false;
  var filling = false;

  function say(text, refused, heard) {
    status.textContent = text;
    if (heard) status.appendChild(el("span", { "class": "visually-hidden" }, heard));
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
  function fill(value, path, kept) {
    if (path) {
      var element = fieldNamed(rowPath(path));
      if (element) { if (!kept[element.name]) setField(element, value); return; }
    }
    if (value && typeof value === "object") {
      Object.keys(value).forEach(function (key) {
        if (path === "" && key === "players") return;  // filled row by row, names left to type
        fill(value[key], path ? path + "." + key : key, kept);
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

  // Every outline, with what it is about: the input and the space of it (`rest`, a garden's row
  // and column), the value read there, the node outlined and the note that says what to check.
  // A note beside a field holds the lines of its marks; one at the top of a player's fieldset is
  // about the whole sheet and has no mark.
  var marks = [];
  var notes = [];
  var noteCount = 0;

  function valueAt(element, rest) {
    if (rest.length === 2) return (element.value.split("\n")[parseInt(rest[0], 10)] || "").trim().charAt(parseInt(rest[1], 10));
    return element.type === "checkbox" ? element.checked : element.value;
  }

  // Who is described by a mark's note: the outlined control itself, or the controls drawn in it
  // (a pig's circles, a lane's spaces), and the input when it is shown.
  var CONTROL = "input, select, textarea, button, [tabindex]";
  function describedNodes(mark) {
    var nodes = mark.target.matches(CONTROL) ? [mark.target] : Array.prototype.slice.call(mark.target.querySelectorAll(CONTROL));
    if (isShown(mark.element) && nodes.indexOf(mark.element) < 0) nodes.push(mark.element);
    return nodes;
  }
  // A note: what to check in words, and a "Looks right" button that takes its marks (or, at a
  // sheet's top, the note itself) away when the player finds the fields read right.
  function newNote(holder, inside) {
    var note = { holder: holder, node: el("div", { "class": "photo-why", id: "photo-why-" + (++noteCount) }) };
    note.text = el("p", { "class": "photo-why-text" });
    note.done = el("button", { type: "button", "class": "photo-right" }, "Looks right");
    note.node.append(note.text, note.done);
    note.done.addEventListener("click", function () { confirm(note); });
    if (inside) {
      var legend = holder.querySelector("legend");
      holder.insertBefore(note.node, legend ? legend.nextSibling : holder.firstChild);
    } else {
      holder.insertAdjacentElement("afterend", note.node);
    }
    notes.push(note);
    return note;
  }

  // The fields a note was about keep the focus the button had, so the player goes on from there.
  function confirm(note) {
    var fields = marks.filter(function (mark) { return mark.note === note; });
    var next = fields.length && describedNodes(fields[0])[0];
    fields.forEach(unmark);
    if (note.sheet) dropNote(note);
    if (next) next.focus({ preventScroll: true });
    keepWithDraft();
  }

  function dropNote(note) {
    note.node.remove();
    notes.splice(notes.indexOf(note), 1);
  }

  // A note says the lines of the marks left on it, and goes with the last of them. Every space
  // of a drawn garden unsure (a blurred sheet) is one line, not one per space.
  function redrawNote(note) {
    if (note.sheet) return;
    var mine = marks.filter(function (mark) { return mark.note === note; });
    if (!mine.length) { dropNote(note); return; }
    var lines = [];
    var spaces = note.holder.querySelectorAll("[data-row][data-col]").length;
    var spacesMarked = mine.filter(function (mark) { return mark.rest.length === 2; }).length;
    mine.forEach(function (mark) {
      var line = spaces > 1 && spacesMarked === spaces && mark.rest.length === 2 ? "Check every space of the garden" : mark.line;
      if (lines.indexOf(line) < 0) lines.push(line);
    });
    note.text.textContent = lines.join("; ");
    note.done.setAttribute("aria-label", "Looks right: " + lines.join("; "));
  }

  function unmark(mark) {
    marks.splice(marks.indexOf(mark), 1);
    describedNodes(mark).forEach(function (node) { link(node, mark.note.node.id, false); });
    var outlinedStill = marks.some(function (other) { return other.target === mark.target; });
    if (!outlinedStill) mark.target.classList.remove("photo-unsure");
    marks.forEach(function (other) {  // a control two marks share keeps the other's note
      if (other.note === mark.note) describedNodes(other).forEach(function (node) { link(node, other.note.node.id, true); });
    });
    redrawNote(mark.note);
  }

  function clearMarks() {
    marks.slice().forEach(unmark);
    notes.slice().forEach(dropNote);
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

  // The photo's doubts, as the score pad keeps them with the game in progress: each mark by its
  // input's name (a player's by their place in the list, as the draft holds the players), the
  // space of it, the value read there and its line; each sheet's note by its player's place.
  function rows() {
    return Array.prototype.slice.call(form.querySelectorAll("#players fieldset.player"));
  }
  function placeName(element) {
    var row = element.closest("fieldset.player");
    var parts = element.name.split(".");
    if (parts[0] === "players" && row) parts[1] = String(rows().indexOf(row));
    return parts.join(".");
  }
  function doubts() {
    var sheets = notes.filter(function (note) { return note.sheet; });
    if (!marks.length && !sheets.length) return null;
    return {
      marks: marks.map(function (mark) {
        return { path: mark.path, name: placeName(mark.element), rest: mark.rest, before: mark.before, line: mark.line };
      }),
      sheets: sheets.map(function (note) { return { player: rows().indexOf(note.holder), text: note.sheet }; })
    };
  }

  // Draws doubts (read now, or kept with the draft): a mark whose field no longer holds what was
  // read is the player's already, and is not drawn.
  function drawDoubts(kept) {
    var beside = [];  // {holder, note}
    kept.marks.forEach(function (wanted) {
      var element = fieldNamed(rowPath(wanted.name));
      if (!element || valueAt(element, wanted.rest) !== wanted.before) return;
      var target = markTarget(element, wanted.rest);
      if (!target) return;
      target.classList.add("photo-unsure");
      // a garden's space: the note goes after the whole garden, one for all its spaces
      var holder = standIn(element) || target;
      var found = beside.filter(function (b) { return b.holder === holder; })[0];
      if (!found) { found = { holder: holder, note: newNote(holder, false) }; beside.push(found); }
      // a track's cubes: each its own mark, one line for the track (the note says a line once)
      var mark = { path: wanted.path, element: element, rest: wanted.rest, before: wanted.before,
                   target: target, note: found.note, line: wanted.line };
      marks.push(mark);
      describedNodes(mark).forEach(function (node) { link(node, mark.note.node.id, true); });
    });
    notes.slice().forEach(redrawNote);  // a note left with no marks drops itself from the list
    kept.sheets.forEach(function (sheet) {
      var row = rows()[sheet.player];
      if (!row) return;
      var note = newNote(row, true);
      note.sheet = sheet.text;
      note.text.textContent = "This sheet: " + sheet.text;
      note.done.setAttribute("aria-label", "Looks right: this sheet");
    });
  }

  // Outlines each field read unsurely; the fields in words, with the reader's note on why
  // when it gave one (a track's missing cube, sheets that disagree on a market).
  // Each outlined field (or drawn widget) gets a note beside it saying what to check, which
  // describes it (aria-describedby); a note about a whole sheet (too small in its photo,
  // blurred) goes at the top of its player. A field the player changed during the read is theirs.
  function markUnsure(confidence, notesRead, kept) {
    var unsure = [];
    var read = { marks: [], sheets: [] };
    Object.keys(confidence).forEach(function (path) {
      if (confidence[path] >= SURE) return;
      var about = words(path) + (notesRead[path] ? ": " + notesRead[path] : "");
      inputsOf(path).forEach(function (input) {
        if (kept[input.element.name] || !markTarget(input.element, input.rest)) return;
        if (unsure.indexOf(about) < 0) unsure.push(about);
        read.marks.push({ path: path, name: placeName(input.element), rest: input.rest,
                          before: valueAt(input.element, input.rest), line: besideWords(path, input.rest, notesRead[path]) });
      });
    });
    Object.keys(notesRead).forEach(function (path) {
      var parts = path.split(".");
      if (parts[0] !== "players" || parts.length !== 2 || !rows()[parseInt(parts[1], 10)]) return;
      unsure.unshift(words(path) + ": " + notesRead[path]);
      read.sheets.push({ player: parseInt(parts[1], 10), text: notesRead[path] });
    });
    drawDoubts(read);
    return unsure;
  }

  // The score pad keeps the doubts in its draft (static/pad.js), and draws them again from it
  // after a reload or when another tab changed the game.
  function keepWithDraft() {
    if (window.gardenkit.keepDraft) window.gardenkit.keepDraft();
  }
  window.gardenkit.photoDoubts = doubts;
  window.gardenkit.showPhotoDoubts = function (kept) {
    clearMarks();
    if (kept && Array.isArray(kept.marks) && Array.isArray(kept.sheets)) drawDoubts(kept);
  };

  function show(found, kept) {
    filling = true;
    clearMarks();
    ensurePlayers(found.state.players.length);
    fill(found.state, "", kept);
    found.state.players.forEach(function (player, index) {
      Object.keys(player).forEach(function (key) {
        if (key !== "name") fill(player[key], "players." + index + "." + key, kept);
      });
    });
    filling = false;
    var unsure = markUnsure(found.confidence, found.notes || {}, kept);
    keepWithDraft();
    var sheets = found.state.players.length;
    // Seen: a few lines in the status's room above the form (more would move the form under the
    // player's finger); the fields to check, in words, are heard (each has its note beside it).
    say("Read " + sheets + " sheet" + (sheets > 1 ? "s" : "") +
        (Object.keys(kept).length ? ", keeping what you changed meanwhile" : "") +
        (unsure.length ? ": check the outlined fields (a note beside each), type" : ": type") +
        " each player's name, then press Score or Save.",
        false, unsure.length ? " The fields to check: " + unsure.join("; ") + "." : "");
    var first = form.querySelector("#players input[name$='.name']");
    if (first) first.focus();
  }

  // The fields the player changes while a read is on its way (by name): the read leaves them be.
  var changedMeanwhile = null;

  input.addEventListener("change", function () {
    if (!input.files.length) return;
    var body = new FormData();
    Array.prototype.forEach.call(input.files, function (file) { body.append("photo", file); });
    say("Reading the photo" + (input.files.length > 1 ? "s" : "") + "…");
    changedMeanwhile = {};
    fetch(section.dataset.read, { method: "POST", body: body }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      if (answer.status === 200) show(answer.data, changedMeanwhile);
      else say(answer.data.error || "The photo could not be read.", true);
    }).catch(function () {
      say("The photo could not be sent: check the connection and try again.", true);
    }).then(function () { input.value = ""; changedMeanwhile = null; });
  });

  // A field the player changes is theirs: its outline and its line go (every mark of what was
  // read as one, a track's three cubes). A value typed or chosen again as it was read is the
  // player's check of it too (never a script's event: the game's redraws fire them). Listened to
  // in the capture phase: the game's scripts fire their inputs' events without bubbling.
  function changed(event) {
    if (filling || !event.target.name) return;
    if (changedMeanwhile) changedMeanwhile[event.target.name] = true;
    var moved = marks.filter(function (mark) {
      return mark.element === event.target &&
        (valueAt(mark.element, mark.rest) !== mark.before || (event.isTrusted && !mark.rest.length));
    });
    forget(marks.filter(function (mark) {
      return moved.some(function (m) { return m.path === mark.path && m.target === mark.target; });
    }));
  }
  // A tap on an outlined field (a select kept as read) is the player's check of it too.
  function tapped(event) {
    forget(marks.filter(function (mark) { return mark.target.contains(event.target); }));
  }
  function forget(checked) {
    if (!checked.length) return;
    checked.forEach(unmark);
    keepWithDraft();
  }
  form.addEventListener("input", changed, true);
  form.addEventListener("change", changed, true);
  form.addEventListener("click", tapped);
})();
