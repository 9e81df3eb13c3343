// The replay box of a rules page (templates/_replay.html): a log longer than the box takes is
// not sent at all, so it stays in the box, and the reason is said beside it. Without this
// script the server refuses it the same way (413), but cannot give the text back.
(function () {
  "use strict";
  var form = document.getElementById("replay-form");
  if (!form) return;
  var box = form.querySelector("textarea[name=log]");
  var problem = document.getElementById("replay-problem");
  var most = Number(form.dataset.maxChars);
  form.addEventListener("submit", function (event) {
    var length = box.value.replace(/\n/g, "\r\n").length;  // a form sends line breaks as two characters
    if (length <= most) return;
    event.preventDefault();
    problem.textContent = "This log is " + length.toLocaleString("en") + " characters long; a game log holds at most " +
      most.toLocaleString("en") + ", so it was not sent. Your text is still in the box.";
    problem.hidden = false;
    box.setAttribute("aria-invalid", "true");
    box.focus();
  });
})();
