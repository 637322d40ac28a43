// Starts the app on a page the server has drawn, once the page has painted and been parsed
// (decision 059): the app's modules then never share the first round trips with the page, and
// the first paint never waits on them. Written inline into the page by the server, allowed by
// its hash in the CSP; `data-entry` names the entry module and `data-preload` the modules it
// imports, all fetched at once. Keep it tiny, with no closing script tag in it.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-preload') || '').split(' ');
  var painted = false;
  var started = false;
  function start() {
    // The app hydrates the whole page: never before the parser has read all of it.
    if (started || !painted || document.readyState === 'loading') return;
    started = true;
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  function paintedNow() {
    painted = true;
    start();
  }
  document.addEventListener('DOMContentLoaded', function () {
    start();
    // A tab in the background paints nothing, and a browser may not report paints: the app
    // starts all the same, a little later.
    setTimeout(paintedNow, document.visibilityState === 'visible' ? 1500 : 0);
  });
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      paintedNow();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: start once the page has been parsed.
    painted = true;
  }
})();
