/**
 * The viewer's script, a constant like the report's (never built from history data), admitted by the
 * page's policy by hash. The runs list filters by server, model and verdict; when a server answers,
 * any two runs can be picked and compared. Without scripts every page still shows everything.
 */

export const VIEW_SCRIPT = `
(function () {
  var table = document.getElementById('view-runs');
  var filters = document.querySelectorAll('select[data-filter]');
  function keeps(row, name, value) {
    if (value === '') return true;
    var held = row.getAttribute('data-' + name) || '';
    if (name === 'models') { try { return JSON.parse(held).indexOf(value) >= 0; } catch (e) { return false; } }
    return held === value;
  }
  function apply() {
    if (!table) return;
    var rows = table.tBodies[0].rows;
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var keep = true;
      for (var j = 0; j < filters.length; j++) if (!keeps(rows[i], filters[j].getAttribute('data-filter'), filters[j].value)) keep = false;
      rows[i].hidden = !keep;
      if (keep) shown++;
    }
    var count = document.getElementById('view-shown');
    if (count) count.textContent = String(shown);
  }
  for (var k = 0; k < filters.length; k++) filters[k].addEventListener('change', apply);
  var button = document.getElementById('view-compare');
  if (button) button.addEventListener('click', function () {
    var before = document.querySelector('input[name="view-before"]:checked');
    var after = document.querySelector('input[name="view-after"]:checked');
    var note = document.getElementById('view-compare-note');
    var id = /^[0-9a-f]{16}$/;
    if (!before || !after || !id.test(before.value) || !id.test(after.value)) { if (note) note.textContent = 'pick a run in each column first'; return; }
    location.href = 'compare/' + before.value + '-' + after.value + '.html';
  });
})();
`;
