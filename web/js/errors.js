// errors.js — loaded first (a classic script): records uncaught errors, rejected promises and
// console.error calls in `window.sgsErrors`, so a broken page is visible to tests and to
// whoever opens the console.
(function () {
  var errors = (window.sgsErrors = []);
  window.addEventListener('error', function (e) {
    errors.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || 'unknown'));
  }, true);
  window.addEventListener('unhandledrejection', function (e) {
    var r = e.reason;
    errors.push('unhandledrejection: ' + (r && (r.stack || r.message) ? r.stack || r.message : JSON.stringify(r)));
  });
  var original = console.error;
  console.error = function () {
    errors.push('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
    return original.apply(console, arguments);
  };
})();
