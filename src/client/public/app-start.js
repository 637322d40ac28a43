// Starts the app on a page the server has already drawn (decision 049): once that page has
// painted, not before, so reading it never waits on the app's download. Written inline into the
// page by the server and allowed by its hash in the CSP; `data-entry` names the app's entry
// module. Keep it tiny, with no closing script tag in it.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var app = document.createElement('script');
    app.type = 'module';
    app.src = entry;
    document.head.appendChild(app);
  }
  // A frame's callback runs just before it is painted; the timeout after that paint. A tab in
  // the background paints no frames: the second timeout starts the app there all the same.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
