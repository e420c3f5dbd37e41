/* floorman console: the drill question page.
   Keys 1, 2, 3 ... tap the verdict or the remedy of that number (a keyboard at the desk);
   on a touch screen the buttons are all there is.
   The events of the hand open at their end, where the floor is called (the start is a scroll up). */
(function () {
  "use strict";
  document.querySelectorAll("[data-scroll-end]").forEach(function (list) { list.scrollTop = list.scrollHeight; });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT")) { return; }
    if (!/^[1-9]$/.test(event.key)) { return; }
    var button = document.querySelector(".drill-step button[data-key='" + event.key + "']");
    if (button) { event.preventDefault(); button.click(); }
  });
}());
