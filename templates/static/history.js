// Saved games: each <time data-local> holds the moment in UTC (its datetime attribute) and
// says it in UTC as text, which is what a reader without JavaScript sees. Here it is said
// again in the reader's own time zone and language, with the UTC text kept as a tooltip.
"use strict";
(function () {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  function showLocalTimes() {
    for (const element of document.querySelectorAll("time[data-local]")) {
      const moment = new Date(element.dateTime);
      if (Number.isNaN(moment.getTime())) continue;
      element.title = element.textContent;
      element.textContent = format.format(moment);
    }
  }
  // A filter's select sends its form when changed (the page's CSP allows no inline handler).
  function submitOnChange() {
    for (const select of document.querySelectorAll("select[data-submit-on-change]")) {
      select.addEventListener("change", () => select.form.submit());
    }
  }
  function start() { showLocalTimes(); submitOnChange(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
