/**
 * The report's only script: filters and bulk expand/collapse. It is a constant, never built from
 * report data, so nothing the server sent can reach script context; the page's CSP admits it by hash.
 * Without scripts the page still shows everything (passing checks included).
 */

export const SCRIPT = `
(function () {
  var toggle = document.getElementById('show-passing');
  function apply() {
    var rows = document.querySelectorAll('table.checks tr[data-status="pass"]');
    for (var i = 0; i < rows.length; i++) rows[i].hidden = !toggle.checked;
    var allPass = document.querySelectorAll('.area[data-all-pass="true"] table.checks');
    for (var j = 0; j < allPass.length; j++) allPass[j].hidden = !toggle.checked;
  }
  if (toggle) { toggle.addEventListener('change', apply); apply(); }
  function setAll(open) {
    var all = document.querySelectorAll('details');
    for (var i = 0; i < all.length; i++) all[i].open = open;
  }
  var expand = document.getElementById('expand-all');
  var collapse = document.getElementById('collapse-all');
  if (expand) expand.addEventListener('click', function () { setAll(true); });
  if (collapse) collapse.addEventListener('click', function () { setAll(false); });
})();
`;
