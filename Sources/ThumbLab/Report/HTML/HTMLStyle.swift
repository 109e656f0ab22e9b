/// The style sheet and the optional table-sorting script inlined in the HTML report: the
/// page reads the same without the script, prints on A4 or Letter and follows the
/// reader's dark mode. Neither contains `<` or `&`, so the page stays well-formed XML.
enum HTMLStyle {
    static let css = """
        :root { color-scheme: light dark; --text: #1a1a1a; --muted: #555; --page: #ffffff;
          --rule: #c8c8c8; --stripe: #f3f3f3; --link: #0b57a4; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #e6e6e6; --muted: #b0b0b0; --page: #161616; --rule: #4a4a4a;
            --stripe: #222222; --link: #8cc4ff; }
          figure svg { border-radius: 4px; }
        }
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; line-height: 1.5;
          color: var(--text); background: var(--page); max-width: 62rem; margin: 0 auto; padding: 1rem 1.5rem; }
        a { color: var(--link); }
        h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; border-bottom: 1px solid var(--rule); margin-top: 2.5rem; }
        h3 { font-size: 1.05rem; margin-top: 1.5rem; }
        nav ol { columns: 2; padding-left: 1.5rem; }
        .selection, .muted { color: var(--muted); }
        .table-wrap { overflow-x: auto; margin: 1rem 0; }
        table { border-collapse: collapse; font-size: 0.85rem; font-variant-numeric: tabular-nums; }
        caption { text-align: left; font-weight: bold; padding: 0.3rem 0; }
        th, td { border-bottom: 1px solid var(--rule); padding: 0.2rem 0.6rem; text-align: left; vertical-align: top; }
        td.number, th.number { text-align: right; }
        tbody tr:nth-child(even) { background: var(--stripe); }
        th button { font: inherit; font-weight: bold; color: inherit; background: none; border: 0; padding: 0;
          cursor: pointer; }
        figure { margin: 1.5rem 0; }
        figure svg { max-width: 100%; height: auto; display: block; }
        figcaption { font-size: 0.9rem; margin-top: 0.4rem; }
        .provenance td { word-break: break-all; }
        @page { margin: 16mm 14mm; }
        @media print {
          body { max-width: none; padding: 0; font-size: 10pt; color: #000; background: #fff; }
          a { color: #000; text-decoration: none; }
          nav ol { columns: 1; }
          h2 { break-after: avoid; } h3 { break-after: avoid; }
          figure, table { break-inside: avoid; }
          thead { display: table-header-group; }
          figure svg { max-width: 180mm; max-height: 240mm; }
          .table-wrap { overflow: visible; }
          th button { cursor: auto; }
        }
        """

    /// Makes every `table.sortable` sortable by clicking a column header: numbers as
    /// numbers, the rest as text; a second click reverses the order.
    static let script = """
        (function () {
          function key(cell) {
            var text = cell.textContent.trim().replace(/%$/, "");
            var number = Number(text);
            return text === "" ? "" : (isFinite(number) ? number : text);
          }
          function compare(a, b) {
            if (typeof a === typeof b) { return a === b ? 0 : (a > b ? 1 : -1); }
            return typeof a === "number" ? -1 : 1;
          }
          document.querySelectorAll("table.sortable").forEach(function (table) {
            var body = table.tBodies[0];
            table.querySelectorAll("thead th").forEach(function (header, column) {
              var button = document.createElement("button");
              button.type = "button";
              button.textContent = header.textContent;
              header.textContent = "";
              header.appendChild(button);
              button.addEventListener("click", function () {
                var descending = header.getAttribute("aria-sort") === "ascending";
                table.querySelectorAll("thead th").forEach(function (other) { other.removeAttribute("aria-sort"); });
                header.setAttribute("aria-sort", descending ? "descending" : "ascending");
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (x, y) {
                  var order = compare(key(x.cells[column]), key(y.cells[column]));
                  return descending ? -order : order;
                });
                rows.forEach(function (row) { body.appendChild(row); });
              });
            });
          });
        })();
        """
}
