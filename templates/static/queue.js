// Games saved while offline (static/pad.js puts them in a queue on this device) are sent from
// whichever page is open when the network is back, so this runs on every page (base.html).
// Each game goes with its save key as Idempotency-Key: two pages sending at once, or a send
// repeated after a lost answer, still store it once. Until it is sent, every page says it waits.
(function () {
  "use strict";
  var gardenkit = window.gardenkit;
  var el = gardenkit.el;
  var KEY = "gardenkit:queue";

  function read() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function write(queue) {
    try { localStorage.setItem(KEY, JSON.stringify(queue)); } catch (e) { /* storage off: nothing was queued */ }
  }

  // One line at the top of the page (a score page's own note): what waits, then what happened to it.
  var line = document.getElementById("pad-note");
  function say(parts, asAlert) {
    if (line) {
      line.hidden = false;
    } else {
      line = el("p", { "class": "notice queue-note", id: "queue-note", tabindex: "-1" });
      var main = document.querySelector("main");
      if (!main) return;
      main.insertBefore(line, main.firstChild);
    }
    line.setAttribute("role", asAlert ? "alert" : "status");
    line.replaceChildren.apply(line, parts.map(function (p) { return typeof p === "string" ? document.createTextNode(p) : p; }));
  }
  var saidWaiting = false;
  function sayWaiting() {
    var waiting = read().length;
    if (!waiting) {
      // Sent by another page of this site open at the same time: this one says so, once.
      if (saidWaiting && !sending) say(["The games saved offline were sent from another open page; they are in Results."]);
      saidWaiting = false;
      return;
    }
    saidWaiting = true;
    say([(waiting === 1 ? "1 game saved offline is waiting" : waiting + " games saved offline are waiting") +
         " to be sent to Results; " + (navigator.onLine ? "sending now." : "it goes when the network is back.")]);
  }

  // A game saved again before it was sent (Save pressed twice) replaces itself: one key, one game.
  // A game the score form sends (`quietly`) is queued too, in case its answer never comes.
  gardenkit.queueSave = function (item, quietly) {
    write(read().filter(function (q) { return q.key !== item.key; }).concat([item]));
    if (quietly) {
      try { sessionStorage.setItem(FORM_SAVE, item.key); } catch (e) { /* then the next page sends it: stored once */ }
    } else {
      sayWaiting();
    }
  };

  // The first page after the score form's Save: opened at #answer, it is the server's answer
  // (the game saved, or refused with the reason on the page), and the queued copy goes; any
  // other page (the browser's own after a cut connection, then the score page again) sends it
  // with its key, which the server stores once, or answers with the game it already stored.
  var FORM_SAVE = "gardenkit:form-save";
  try {
    var answered = sessionStorage.getItem(FORM_SAVE);
    sessionStorage.removeItem(FORM_SAVE);
    if (answered && location.hash === "#answer") write(read().filter(function (q) { return q.key !== answered; }));
  } catch (e) { /* no session storage: the queued copy is sent, and stored once */ }

  var sending = false;
  function send() {
    var queue = read();
    if (sending || !queue.length || !navigator.onLine) return;
    sending = true;
    var item = queue[0];
    // The game goes with when it was played, who started and where (item.details, kept when it
    // was saved); should the server refuse those alone (a device clock far off), the game is
    // sent again without them rather than lost.
    function post(details) {
      var body = { game: item.game, state: item.state };
      Object.keys(details || {}).forEach(function (k) { body[k] = details[k]; });
      return fetch("/api/results", { method: "POST", body: JSON.stringify(body),
                                     headers: { "Content-Type": "application/json", "Idempotency-Key": item.key } })
        .then(function (response) {
          return response.json().then(function (answer) { return { status: response.status, body: answer }; });
        });
    }
    var DETAILS = { started_at: 1, ended_at: 1, start_player: 1, location: 1 };
    post(item.details)
      .then(function (answer) {
        var refusedDetails = answer.status === 422 && item.details && (answer.body.violations || []).length &&
          answer.body.violations.every(function (v) { return DETAILS[v.path]; });
        return refusedDetails ? post(null) : answer;
      })
      .then(function (answer) {
        if (answer.status === 408 || answer.status === 429 || answer.status >= 500) {
          sending = false;   // a busy or restarting server: kept, and sent again in a while
          sayWaiting();
          setTimeout(send, AGAIN_MS);
          return;
        }
        write(read().filter(function (q) { return q.key !== item.key; }));
        saidWaiting = false;
        if (answer.status < 300) {
          var link = el("a", { href: "/results/" + answer.body.id }, "see it in Results");
          var won = answer.body.result.winners.join(" & ") + " won; ";
          say(item.byForm ? ["The game you saved at " + item.at + " got no answer (the connection was cut); " +
                             (answer.status === 200 ? "it had been saved: " : "it is saved now: ") + won, link, "."]
                          : ["The game saved offline at " + item.at + " is now saved: " + won, link, "."]);
        } else {
          var first = (answer.body.violations || [{ message: answer.body.error || "it was refused" }])[0];
          say(["The game saved offline at " + item.at + " could not be saved: " + first.message], true);
        }
        sending = false;
        send();
      })
      .catch(function () {   // offline: again on the next "online"; an answer that was no JSON: in a while
        sending = false;
        sayWaiting();
        if (navigator.onLine) setTimeout(send, AGAIN_MS);
      });
  }
  var AGAIN_MS = 10000;

  window.addEventListener("online", send);
  window.addEventListener("pageshow", function (event) { if (event.persisted) send(); });  // back to a kept page
  window.addEventListener("storage", function (event) { if (event.key === KEY) sayWaiting(); });
  sayWaiting();
  send();
})();
