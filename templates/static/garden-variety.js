// Garden Variety pages: +/- steppers and a running card count on the score page; on the
// round check, show only the fields the chosen card has, and add rows for more players.
// Everything here is optional: both pages work as plain forms.
(function () {
  "use strict";

  // --- score page -----------------------------------------------------------------------
  var scoreForm = document.getElementById("score-form");
  var tally = document.getElementById("gv-tally");
  if (scoreForm && tally) {
    var BOX_CARDS = 54, BOX_GNOMES = 12;

    var addSteppers = function (root) {
      Array.prototype.forEach.call(root.querySelectorAll(".gv-count input"), function (input) {
        if (input.dataset.stepped) return;
        input.dataset.stepped = "1";
        var wrap = document.createElement("span");
        wrap.className = "gv-stepper";
        input.parentNode.insertBefore(wrap, input);
        [["\u2212", -1, "one fewer"], [null, 0], ["+", 1, "one more"]].forEach(function (spec) {
          if (spec[0] === null) { wrap.appendChild(input); return; }
          var button = document.createElement("button");
          button.type = "button";
          button.textContent = spec[0];
          var title = input.closest(".gv-count").querySelector(".gv-count-title");
          button.setAttribute("aria-label", spec[2] + " " + (title ? title.textContent.toLowerCase() : ""));
          button.dataset.whose = "";  // static/pad.js puts the player's name first: "Ann: one more hand"
          button.addEventListener("click", function () {
            var value = parseInt(input.value || "0", 10);
            input.value = Math.max(0, (isNaN(value) ? 0 : value) + spec[1]);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          });
          wrap.appendChild(button);
        });
      });
    };

    var count = function () {
      var cards = 0, gnomes = 0;
      Array.prototype.forEach.call(scoreForm.querySelectorAll("#players input[type=number]"), function (input) {
        var value = parseInt(input.value || "0", 10) || 0;
        if (/\.gnomes$/.test(input.name)) gnomes += value; else cards += value;
      });
      tally.hidden = false;
      tally.textContent = "Cards counted: " + cards + " of " + BOX_CARDS + " \u00b7 gnomes: " + gnomes + " of " + BOX_GNOMES;
      tally.classList.toggle("over", cards > BOX_CARDS || gnomes > BOX_GNOMES);
    };

    addSteppers(scoreForm);
    count();
    scoreForm.addEventListener("input", count);
    new MutationObserver(function () { addSteppers(scoreForm); count(); })
      .observe(document.getElementById("players"), { childList: true });
  }

  // --- round check page -------------------------------------------------------------------
  var checkForm = document.getElementById("gv-check-form");
  if (checkForm) {
    var plays = document.getElementById("gv-plays");
    var template = document.getElementById("gv-play-template");
    var add = document.getElementById("gv-add");

    var fit = function (row) {
      var kind = row.querySelector(".gv-kind").value;
      var number = row.querySelector("[name$='.number']");
      var gnome = row.querySelector("[name$='.gnome']");
      var declares = (kind === "critter" && number.value === "0/10") || (kind === "gnome" && gnome.value === "wishing");
      row.querySelector(".gv-for-critter").hidden = kind !== "critter";
      row.querySelector(".gv-for-number").hidden = kind === "gnome";
      row.querySelector(".gv-for-gnome").hidden = kind !== "gnome";
      row.querySelector(".gv-for-declared").hidden = !declares;
      var rare = number.querySelector("option[value='0/10']");
      if (rare) rare.hidden = kind !== "critter";
    };

    var fitAll = function () { Array.prototype.forEach.call(plays.querySelectorAll(".gv-play"), fit); };
    var renumber = function () {
      Array.prototype.forEach.call(plays.querySelectorAll(".gv-order"), function (span, n) { span.textContent = n + 1; });
    };

    checkForm.addEventListener("change", function (event) {
      var row = event.target.closest(".gv-play");
      if (row) fit(row);
    });
    if (add && template) {
      add.hidden = false;
      add.addEventListener("click", function () {
        var next = plays.querySelectorAll(".gv-play").length;
        var holder = document.createElement("div");
        holder.innerHTML = template.innerHTML.split("__i__").join(String(next + 1000));
        var row = holder.firstElementChild;
        plays.appendChild(row);
        renumber();
        fit(row);
        row.querySelector("input").focus();
      });
    }
    renumber();
    fitAll();
    // The answer on the page is the round that was posted: a change makes it another round.
    window.gardenkit.answerGoesOnChange(checkForm, null);
  }
})();
