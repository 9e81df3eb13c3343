// Saved games, in the reader's own time and shared as a picture.
//   - Each <time data-local> holds the moment in UTC (its datetime attribute) and says it in UTC
//     as text, which is what a reader without JavaScript sees. Here it is said again in the
//     reader's own time zone and language, with the UTC text kept as a tooltip.
//   - "Share picture" (a link to the end screen as SVG, which is what it downloads without
//     JavaScript) draws that SVG as a PNG with the date in the reader's own time, and hands it
//     to the device's share sheet where the browser can share files (Web Share API), or
//     downloads it otherwise.
//   - Unsaved edits of a version no longer saved are dropped.
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

  const PNG_SCALE = 2;  // sharp on a phone's screen

  // 2026-11-26 14:05 in the reader's own time, for the file's name.
  function localStamp(moment) {
    const two = (n) => String(n).padStart(2, "0");
    return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}-` +
      `${two(moment.getHours())}${two(moment.getMinutes())}`;
  }

  // The end screen's SVG with its date said in the reader's own time.
  async function localSvg(link, moment) {
    const response = await fetch(link.href);
    if (!response.ok) throw new Error(`the picture could not be fetched (${response.status})`);
    const svg = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
    const date = svg.getElementById("played-at");
    if (date && !Number.isNaN(moment.getTime())) date.textContent = format.format(moment);
    return new XMLSerializer().serializeToString(svg);
  }

  async function pngOf(svgText) {
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth * PNG_SCALE;
    canvas.height = image.naturalHeight * PNG_SCALE;
    canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the picture could not be drawn"))), "image/png"));
  }

  function download(file) {
    const url = URL.createObjectURL(file);
    const link = document.createElement("a");
    link.href = url;
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async function share(link, status) {
    const moment = new Date(link.dataset.playedAt);
    const name = `${link.dataset.sharePicture}-${localStamp(Number.isNaN(moment.getTime()) ? new Date() : moment)}.png`;
    status.textContent = "Drawing the picture…";
    const file = new File([await pngOf(await localSvg(link, moment))], name, { type: "image/png" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: link.dataset.title });
        status.textContent = "Shared.";
      } catch (error) {
        status.textContent = error.name === "AbortError" ? "Not shared." : `Could not share: ${error.message}`;
      }
      return;
    }
    download(file);
    status.textContent = `Downloaded ${name}.`;
  }

  function offerSharing() {
    const link = document.querySelector("a[data-share-picture]");
    const status = document.getElementById("share-status");
    if (!link || !status) return;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      share(link, status).catch((error) => { status.textContent = `The picture could not be made: ${error.message}`; });
    });
  }

  // An edit of this game keeps its unsaved changes under the version it was opened on
  // (static/pad.js); those of a version no longer saved can never come back.
  function dropStaleEditDrafts() {
    const edit = document.querySelector("a[data-edit-version]");
    if (!edit) return;
    const prefix = `gardenkit:edit-draft:${new URL(edit.href).pathname}:`;
    try {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith(prefix) && key !== prefix + edit.dataset.editVersion) localStorage.removeItem(key);
      }
    } catch (error) { /* storage off: nothing was kept */ }
  }

  function start() {
    showLocalTimes();
    offerSharing();
    dropStaleEditDrafts();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
