/* floorman console: the little the pages need beyond plain forms.
   - a form submits once (a second tap while the page loads does nothing);
   - a button marked data-print prints the page (the incident report);
   - on a floor device (body[data-floor-stream]) floor calls arrive by Server-Sent Events and show
     at the foot of any page, until someone answers them; the page grows by their height so nothing stays under them;
   - the "More" menu of the navigation closes on a tap elsewhere;
   - the live page keeps its scroll position across the reload after each tap, but brings "NAME is on the way"
     into sight the first time it shows;
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
    var more = document.querySelector(".nav-more[open]");
    if (more && !(target && target.closest && target.closest(".nav-more"))) { more.open = false; }
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
  function pager() {
    var url = document.body.dataset.floorStream;
    var box = document.getElementById("floor-pager");
    if (!url || !box || !window.EventSource) { return; }
    var tokenField = document.querySelector("input[name=csrf_token]");
    var token = tokenField ? tokenField.value : "";
    var board = document.getElementById("floor-board");
    /* the page gets room at its foot for the open calls, so whatever they cover scrolls clear of them */
    function makeRoom() {
      document.body.style.paddingBottom = box.childElementCount ? (box.offsetHeight + 16) + "px" : "";
    }
    new MutationObserver(makeRoom).observe(box, { childList: true });
    window.addEventListener("resize", makeRoom);
    var source = new EventSource(url);
    function remembered(what, id) {
      try { return sessionStorage.getItem("floorman-" + what + "-" + id); } catch (e) { return null; }
    }
    function remember(what, id, raised) {
      try { sessionStorage.setItem("floorman-" + what + "-" + id, raised); } catch (e) { /* private mode */ }
    }
    function el(tag, cls, text) {
      var node = document.createElement(tag);
      if (cls) { node.className = cls; }
      if (text) { node.textContent = text; }
      return node;
    }
    source.addEventListener("call", function (event) {
      var call = JSON.parse(event.data);
      if (board) { if (!document.querySelector("[data-testid='call-" + call.id + "']") || call.again) { window.location.reload(); } return; }
      var old = document.getElementById("page-call-" + call.id);
      if (old) { old.remove(); }
      var here = document.getElementById("live");
      if (here && String(here.dataset.hand) === String(call.hand_id)) { return; }
      /* this tab's memory of the calls it paged and those put off with Later (a new page opens a new stream) */
      var raised = String(call.raised_times);
      if (remembered("later", call.id) === raised) { return; }
      var card = el("section", "page-call" + (call.again ? " again" : ""));
      card.id = "page-call-" + call.id;
      card.dataset.testid = "page-call";
      card.appendChild(el("h2", "", call.title));
      card.appendChild(el("p", "", call.headline + (call.causes.length ? " · " + call.causes.join(", ") : "") + (call.note ? " · “" + call.note + "”" : "")));
      if (call.oot_note) { card.appendChild(el("p", "oot-note", call.oot_label + " " + call.oot_note)); }
      var row = el("div", "row");
      var form = el("form");
      form.method = "post";
      form.action = "/floor/calls/" + call.id + "/acknowledge";
      var hidden = el("input");
      hidden.type = "hidden"; hidden.name = "csrf_token"; hidden.value = token;
      var answer = el("button", "primary", call.answer_label);
      answer.type = "submit";
      answer.dataset.testid = "page-answer";
      form.appendChild(hidden); form.appendChild(answer);
      var open = el("a", "button", call.open_label);
      open.href = call.url;
      var later = el("button", "", call.later_label);
      later.type = "button";
      later.addEventListener("click", function () { remember("later", call.id, raised); card.remove(); });
      row.appendChild(form); row.appendChild(open); row.appendChild(later);
      card.appendChild(row);
      box.appendChild(card);
      var active = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
      if (navigator.vibrate && active && remembered("paged", call.id) !== raised) { navigator.vibrate([200, 100, 200]); }
      remember("paged", call.id, raised);
    });
    source.addEventListener("answered", function (event) {
      var call = JSON.parse(event.data);
      if (board) { window.location.reload(); return; }
      var card = document.getElementById("page-call-" + call.id);
      if (card) { card.remove(); }
    });
  }
  pager();

  var live = document.getElementById("live");
  if (!live) { return; }
  var key = "floorman-scroll-" + live.dataset.hand;
  var paged = live.querySelector(".floor-paged");
  if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }  /* the page places itself */
  try {
    var saved = sessionStorage.getItem(key);
    var answeredKey = "floorman-answered-" + live.dataset.hand;
    var coming = paged ? paged.dataset.answeredBy || "" : "";
    if (coming && sessionStorage.getItem(answeredKey) !== coming) {
      /* news since the last look: who is coming, in sight whatever the page was scrolled to */
      paged.scrollIntoView({ block: "center" });
    } else if (saved !== null) { window.scrollTo(0, parseInt(saved, 10) || 0); }
    sessionStorage.setItem(answeredKey, coming);
    window.addEventListener("beforeunload", function () { sessionStorage.setItem(key, String(window.scrollY)); });
  } catch (e) { /* private mode: no memory of the scroll position */ }

  var seq = live.dataset.seq;
  var busy = false;
  function callChanged(call) {
    /* the floor call shown was answered or raised again since the page was drawn */
    if (!paged || !call) { return false; }
    return (call.acknowledged_by || "") !== paged.dataset.answeredBy || String(call.raised_times) !== paged.dataset.raised;
  }
  function editing() {
    var active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT")) { return true; }
    return document.querySelector("main details[open]") !== null;
  }
  function poll() {
    if (busy || document.hidden || editing()) { return; }
    busy = true;
    fetch("/api/hands/" + live.dataset.hand + "/events", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data && (String(data.seq) !== String(seq) || callChanged(data.floor_call))) { window.location.reload(); } })
      .catch(function () { /* the server is restarting: try again later */ })
      .then(function () { busy = false; });
  }
  window.setInterval(poll, 4000);
}());
