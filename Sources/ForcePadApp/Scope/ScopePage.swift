/// The browser scope's one page (served at `/`) and its script (``script``, at `/scope.js`):
/// the live force trace against time with the thresholds, their release levels, the stages
/// and the haptic line, a trigger that freezes a window around each peek or pop, the
/// settings in force, and the state directory's reports and recordings. It needs nothing
/// from outside the board (no web fonts, no libraries), so it works on a lab network that
/// reaches nothing else.
enum ScopePage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>ForcePad scope</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 0; background: #f4f4f2; color: #222; }
        header { display: flex; flex-wrap: wrap; gap: 1em; align-items: center; padding: .6em 1em; background: #263238; color: #eee; }
        header h1 { font-size: 1.1em; margin: 0; }
        header select, header button { font: inherit; }
        #status { font-family: ui-monospace, monospace; }
        #status.off { color: #f88; }
        main { padding: .6em 1em; }
        canvas { width: 100%; height: 420px; background: #fff; border: 1px solid #ccc; display: block; }
        section { margin-top: 1em; }
        h2 { font-size: 1em; margin: .4em 0; }
        table { border-collapse: collapse; font-family: ui-monospace, monospace; font-size: 12px; }
        td, th { border: 1px solid #ddd; padding: 2px 6px; text-align: right; }
        th { background: #eee; }
        td.key { text-align: left; }
        .pass { color: #060; font-weight: bold; } .fail { color: #a00; font-weight: bold; }
        #report img { max-width: 100%; border: 1px solid #ccc; background: #fff; }
        </style>
        </head>
        <body>
        <header>
        <h1>ForcePad <span id="board"></span></h1>
        <label>trace <select id="quantity"><option value="total">total</option></select></label>
        <label>mode <select id="mode">
        <option value="sweep">roll</option><option value="peek">scope on peek</option>
        <option value="pop">scope on pop</option><option value="both">scope on peek or pop</option>
        </select></label>
        <label>span <select id="span">
        <option value="1000000">1 s</option><option value="2000000">2 s</option>
        <option value="5000000" selected>5 s</option><option value="10000000">10 s</option>
        </select></label>
        <span id="status" class="off">connecting</span>
        </header>
        <main>
        <canvas id="trace" width="1200" height="420"></canvas>
        <section><h2>Settings in force</h2><table id="settings"></table></section>
        <section><h2>Reports</h2><div id="reports">-</div><div id="report"></div></section>
        <section><h2>Recordings</h2><div id="recordings">-</div></section>
        </main>
        <script src="scope.js"></script>
        </body>
        </html>
        """
}
