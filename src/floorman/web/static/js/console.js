/* floorman console: the little the pages need beyond plain forms.
   - a form submits once (a second tap while the page loads does nothing);
   - a button marked data-print prints the page (the incident report);
   - the live page keeps its scroll position across the reload after each tap;
   - the live page reloads when another device logs on the same hand (the hand's sequence number moved);
   - the table setup shows one row of players per seat at the table. */
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    if (form.method && form.method.toLowerCase() === "post") { form.dataset.sending = "1"; }
  }, true);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-print]")) { window.print(); }
  });

  var seatCount = document.querySelector("[data-seat-count]");
  if (seatCount) {
    var showSeats = function () {
      var n = parseInt(seatCount.value, 10) || 0;
      document.querySelectorAll("[data-seat-row]").forEach(function (row) {
        row.hidden = parseInt(row.dataset.seatRow, 10) > n;
      });
    };
    seatCount.addEventListener("input", showSeats);
  }

  var live = document.getElementById("live");
  if (!live) { return; }
  var key = "floorman-scroll-" + live.dataset.hand;
  try {
    var saved = sessionStorage.getItem(key);
    if (saved !== null) { window.scrollTo(0, parseInt(saved, 10) || 0); }
    window.addEventListener("beforeunload", function () { sessionStorage.setItem(key, String(window.scrollY)); });
  } catch (e) { /* private mode: no memory of the scroll position */ }

  var seq = live.dataset.seq;
  var busy = false;
  function editing() {
    var active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT")) { return true; }
    return document.querySelector("details[open]") !== null;
  }
  function poll() {
    if (busy || document.hidden || editing()) { return; }
    busy = true;
    fetch("/api/hands/" + live.dataset.hand + "/events", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data && String(data.seq) !== String(seq)) { window.location.reload(); } })
      .catch(function () { /* the server is restarting: try again later */ })
      .then(function () { busy = false; });
  }
  window.setInterval(poll, 4000);
}());
