extension HTMLReport {
    /// Light and dark themes (prefers-color-scheme), a sticky table header, a layout that scrolls sideways on a phone.
    static let css = """
        :root { --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --head: #f6f8fa; --bad: #b3261e;
          --warn: #8a5a00; --ok: #1a7f37; --base: #ddeeff; --protocols: #efe3fa; --business: #dff3e4; --app: #ffecd2; \
          --link: #0550ae; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --head: #161b22; --bad: #ff7b72;
            --warn: #e3b341; --ok: #56d364; --base: #1f3a5f; --protocols: #3b2a57; --business: #1f4a2c; --app: \
            #5a3d12; --link: #79c0ff; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); \
        color: var(--fg); }
        header, main { padding: 0 16px; max-width: 1400px; margin: 0 auto; }
        h1 { font-size: 1.5rem; margin: 16px 0 4px; } h2 { font-size: 1.2rem; margin: 28px 0 8px; }
        a { color: var(--link); } a:focus, button:focus, [tabindex]:focus, input:focus, select:focus { outline: 3px \
        solid var(--link); outline-offset: 2px; }
        nav a { margin-right: 12px; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; width: 100%; font-size: 14px; }
        caption { text-align: left; color: var(--muted); padding: 4px 0; }
        th, td { border-bottom: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
        thead th { position: sticky; top: 0; background: var(--head); z-index: 1; }
        thead button { all: unset; cursor: pointer; font-weight: 600; }
        thead th[aria-sort="ascending"] button::after { content: " ▲"; } thead th[aria-sort="descending"] \
        button::after { content: " ▼"; }
        tbody th { font-weight: 600; }
        .controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 8px 0; }
        input, select { font: inherit; padding: 4px 6px; background: var(--bg); color: var(--fg); border: 1px solid \
        var(--line); border-radius: 4px; }
        .bad, .error { color: var(--bad); font-weight: 600; } .warning { color: var(--warn); } .ok { color: var(--ok); }
        td.drift { background: color-mix(in srgb, var(--bad) 15%, transparent); } td.ahead { font-weight: 600; }
        .legend { color: var(--muted); } .key { padding: 1px 6px; border-radius: 4px; color: var(--fg); }
        .key.base { background: var(--base); } .key.protocols { background: var(--protocols); } .key.business { \
        background: var(--business); } .key.app { background: var(--app); }
        svg text { fill: var(--fg); font-size: 12px; text-anchor: middle; } .node-name { font-weight: 600; } \
        .node-detail { fill: var(--muted); font-size: 11px; }
        .node rect { stroke: var(--muted); stroke-width: 1; } .node { cursor: pointer; }
        .node.base rect { fill: var(--base); } .node.protocols rect { fill: var(--protocols); } .node.business rect { \
        fill: var(--business); } .node.app rect { fill: var(--app); }
        .node.selected rect { stroke: var(--link); stroke-width: 3; }
        .edge line { stroke: var(--muted); stroke-width: 1.2; } .arrowhead { fill: var(--muted); }
        .edge.problem line { stroke: var(--bad); stroke-width: 2.5; } .edge.problem text { fill: var(--bad); }
        .edge-label { font-size: 10px; fill: var(--muted); } line.pair { stroke: var(--link); stroke-dasharray: 5 4; \
        stroke-width: 1.5; }
        .detail { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 8px 0; background: \
        var(--head); }
        tr.error td:first-child { border-left: 4px solid var(--bad); } tr.warning td:first-child { border-left: 4px \
        solid var(--warn); }
        @media (max-width: 640px) { body { font-size: 14px; } th, td { padding: 4px 6px; } }
        """

    /// Sorting (click or Enter on a column header; `#sort=N` or `#sort=-N` in the address at load), filtering (name,
    /// kind, status; `#filter=TEXT` applies a name filter at load), and the details of a graph node (click, Enter
    /// or Space; `#node-NAME` at load).
    static let script = """
        (function () {
          var table = document.getElementById('matrix-table');
          var rows = Array.prototype.slice.call(table.tBodies[0].rows);
          var name = document.getElementById('filter-name'), kind = document.getElementById('filter-kind'), status = \
          document.getElementById('filter-status');
          function apply() {
            var text = name.value.toLowerCase(), shown = 0;
            rows.forEach(function (row) {
              var visible = (!text || row.dataset.name.toLowerCase().indexOf(text) >= 0) &&
                (!kind.value || row.dataset.kind === kind.value) && (!status.value || row.dataset.status === \
                status.value);
              row.hidden = !visible; if (visible) shown++;
            });
            document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' components shown';
          }
          [name, kind, status].forEach(function (control) { control.addEventListener('input', apply); });
          var match = /(?:^#|&)filter=([^&]*)/.exec(window.location.hash);
          if (match) { name.value = decodeURIComponent(match[1]); }
          apply();
          var headers = table.tHead.rows[0].cells;
          Array.prototype.forEach.call(headers, function (header, index) {
            header.querySelector('button').addEventListener('click', function () {
              var ascending = header.getAttribute('aria-sort') !== 'ascending';
              Array.prototype.forEach.call(headers, function (other) { other.setAttribute('aria-sort', 'none'); });
              header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
              function key(row) { var cell = row.cells[index]; return cell.dataset.sort !== undefined ? \
              cell.dataset.sort : cell.textContent; }
              function compare(a, b) {
                var x = key(a), y = key(b), nx = Number(x), ny = Number(y);
                if (x !== '' && y !== '' && !isNaN(nx) && !isNaN(ny)) return nx - ny;
                return x.localeCompare(y, undefined, { numeric: true });
              }
              rows.sort(function (a, b) { return ascending ? compare(a, b) : compare(b, a); });
              rows.forEach(function (row) { table.tBodies[0].appendChild(row); });
            });
          });
          // `#sort=N` (or `#sort=-N`, descending) sorts by the N-th column at load, as a click on its header would.
          var sorting = /(?:^#|&)sort=(-?)(\\d+)/.exec(window.location.hash);
          if (sorting && headers[Number(sorting[2])]) {
            var button = headers[Number(sorting[2])].querySelector('button');
            button.click(); if (sorting[1] === '-') { button.click(); }
          }
          function show(node) {
            Array.prototype.forEach.call(document.querySelectorAll('.detail'), function (panel) { panel.hidden = true; \
            });
            Array.prototype.forEach.call(document.querySelectorAll('.node.selected'), function (other) { \
            other.classList.remove('selected'); });
            node.classList.add('selected');
            var panel = document.getElementById('detail-' + node.id.slice(5));
            if (panel) { panel.hidden = false; }
          }
          Array.prototype.forEach.call(document.querySelectorAll('.node'), function (node) {
            node.addEventListener('click', function () { show(node); });
            node.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { \
            event.preventDefault(); show(node); } });
          });
          function follow() {
            var target = /^#node-(.+)$/.exec(window.location.hash);
            if (target) { var node = document.getElementById('node-' + target[1]); if (node) show(node); }
          }
          window.addEventListener('hashchange', follow);
          follow();
          document.body.dataset.ready = 'true';
        })();
        """
}
