extension ScopePage {
    /// The page's script: one WebSocket to `/scope` (``ScopeMessage``), reconnected after a
    /// second when it drops; the trace drawn on each animation frame. `window.scope` holds
    /// what the page has seen (frames, the newest and highest force, marks, triggers, losses),
    /// for the end-to-end tests and for a curious user's console.
    static let script = #"""
        "use strict";
        const token = new URLSearchParams(location.search).get("token");
        const withToken = (path) => token ? path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : path;
        const scope = window.scope = { connected: false, frames: 0, latestTotalG: null, maxTotalG: 0, marks: 0, triggers: 0,
          lostFrames: 0, lostMessages: 0, settings: null };
        let frames = [], marks = [], haptic = [], frozen = null, pendingTrigger = null;
        const canvas = document.getElementById("trace"), context = canvas.getContext("2d");
        const control = (id) => document.getElementById(id);

        function spanMicros() { return Number(control("span").value); }
        function valueOf(frame) {
          const choice = control("quantity").value;
          return (choice === "total" ? frame[1] : frame[2 + Number(choice)]) / 1000;
        }
        function triggers(name) {
          const mode = control("mode").value;
          return mode === "both" ? (name === "peek" || name === "pop") : mode === name;
        }

        function showSettings(message) {
          scope.settings = message;
          control("board").textContent = message.board + ", " + message.cells + " cells at " + message.sample_rate_hz + " Hz";
          const quantity = control("quantity");
          if (quantity.options.length !== message.cells + 1) {
            quantity.length = 1;
            for (let cell = 0; cell < message.cells; cell++) quantity.add(new Option("cell " + cell, String(cell)));
          }
          control("settings").innerHTML = message.values.map(([key, value]) =>
            "<tr><td class=key>" + key + "</td><td class=key>" + value.replace(/</g, "&lt;") + "</td></tr>").join("");
        }

        function take(message) {
          for (const frame of message.frames) {
            frames.push(frame);
            scope.frames++;
            scope.latestTotalG = frame[1] / 1000;
            scope.maxTotalG = Math.max(scope.maxTotalG, scope.latestTotalG);
          }
          for (const [time, name] of message.marks) {
            marks.push([time, name]);
            scope.marks++;
            if (triggers(name) && !pendingTrigger) pendingTrigger = time;
          }
          for (const edge of message.haptic) haptic.push(edge);
          scope.lostFrames = message.lost_frames;
          scope.lostMessages = message.lost_messages;
          const newest = frames.length ? frames[frames.length - 1][0] : 0;
          if (pendingTrigger !== null && newest >= pendingTrigger + spanMicros() * 3 / 4) {
            const start = pendingTrigger - spanMicros() / 4;
            frozen = { start, trigger: pendingTrigger, frames: frames.filter((f) => f[0] >= start && f[0] <= start + spanMicros()),
              marks: marks.filter((m) => m[0] >= start), haptic: haptic.slice() };
            scope.triggers++;
            pendingTrigger = null;
          }
          const keep = newest - 2 * spanMicros();
          while (frames.length && frames[0][0] < keep) frames.shift();
          while (marks.length && marks[0][0] < keep) marks.shift();
          while (haptic.length > 1 && haptic[1][0] < keep) haptic.shift();
        }

        function draw() {
          requestAnimationFrame(draw);
          const width = canvas.width, height = canvas.height, left = 70, bottom = height - 56;
          context.clearRect(0, 0, width, height);
          const settings = scope.settings;
          if (!settings) return;
          const top = settings.force_max_g, span = spanMicros();
          const view = frozen && control("mode").value !== "sweep" ? frozen : null;
          const shown = view ? view.frames : frames;
          const end = view ? view.start + span : (frames.length ? frames[frames.length - 1][0] : 0);
          const start = end - span;
          const x = (time) => left + (time - start) / span * (width - left - 60);
          const y = (grams) => bottom - Math.min(Math.max(grams / top, 0), 1) * (bottom - 10);
          context.font = "12px sans-serif";
          for (const name of ["touch", "peek", "pop"]) {
            const stage = settings.stages[name];
            context.strokeStyle = name === "pop" ? "#c62828" : name === "peek" ? "#ef6c00" : "#2e7d32";
            context.setLineDash([]);
            context.beginPath(); context.moveTo(left, y(stage.threshold_g)); context.lineTo(width - 10, y(stage.threshold_g)); context.stroke();
            context.setLineDash([4, 4]);
            context.beginPath(); context.moveTo(left, y(stage.release_g)); context.lineTo(width - 10, y(stage.release_g)); context.stroke();
            context.fillStyle = context.strokeStyle;
            context.fillText(name + " " + stage.threshold_g + " g", 4, y(stage.threshold_g) + 4);
          }
          context.setLineDash([]);
          context.strokeStyle = "#1565c0";
          context.lineWidth = 1.5;
          context.beginPath();
          let first = true;
          for (const frame of shown) {
            if (frame[0] < start) continue;
            if (first) { context.moveTo(x(frame[0]), y(valueOf(frame))); first = false; } else context.lineTo(x(frame[0]), y(valueOf(frame)));
          }
          context.stroke();
          context.lineWidth = 1;
          let on = null;
          for (const [time, state] of (view ? view.haptic : haptic)) {
            if (state && on === null) on = time;
            if (!state && on !== null) { context.fillStyle = "#6a1b9a"; context.fillRect(x(Math.max(on, start)), bottom + 44, Math.max(x(time) - x(Math.max(on, start)), 2), 6); on = null; }
          }
          if (on !== null) { context.fillStyle = "#6a1b9a"; context.fillRect(x(Math.max(on, start)), bottom + 44, width - 10 - x(Math.max(on, start)), 6); }
          context.fillStyle = "#6a1b9a";
          context.fillText("haptic", 4, bottom + 51);
          const rows = { touch: 14, release: 14, peek: 26, pop: 38 };
          for (const [time, name] of (view ? view.marks : marks)) {
            if (time < start || time > end) continue;
            context.strokeStyle = "#888"; context.beginPath(); context.moveTo(x(time), 10); context.lineTo(x(time), bottom); context.stroke();
            context.fillStyle = "#222"; context.fillText(name, x(time) + 2, bottom + rows[name]);
          }
          if (view) { context.fillStyle = "#c62828"; context.fillText("T", x(view.trigger) - 3, 9); }
          context.fillStyle = "#222";
          context.fillText("0 g", 40, bottom + 4);
          context.fillText(top + " g", 4, 14);
          context.fillText((span / 1e6) + " s across" + (view ? ", frozen at the trigger" : ""), width - 210, 14);
          const status = control("status");
          status.className = scope.connected ? "" : "off";
          status.textContent = (scope.connected ? "live" : "disconnected") + "  " + (scope.latestTotalG ?? 0).toFixed(1) + " g  " +
            scope.frames + " frames, " + scope.triggers + " triggers, lost " + scope.lostFrames + " frames / " + scope.lostMessages + " messages";
          document.body.dataset.frames = String(scope.frames);
        }

        function connect() {
          const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + withToken("/scope"));
          socket.onopen = () => { scope.connected = true; };
          socket.onclose = () => { scope.connected = false; setTimeout(connect, 1000); };
          let received = 0;
          socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === "settings") showSettings(message);
            if (message.type !== "frames") return;
            take(message);
            // The server sends a page that stops saying what it received nothing more (it lost them, counted).
            if (++received % 5 === 0) socket.send(JSON.stringify({ received }));
          };
        }

        async function showReport(name, files) {
          const json = files.find((f) => f.endsWith(".json")), svg = files.find((f) => f.endsWith(".svg"));
          const target = control("report");
          target.innerHTML = "";
          if (json) {
            const report = await (await fetch(withToken(json))).json();
            const verdict = document.createElement("p");
            const because = report.incomplete_because?.length ? report.incomplete_because.join("; ") : "no limits set";
            verdict.innerHTML = name + ": <span class=" + (report.verdict === "PASS" ? "pass" : report.verdict ? "fail" : "") + ">" +
              (report.verdict ?? "no verdict (" + because + ")") + "</span>";
            target.append(verdict);
            const rows = (report.presses ?? []).map((press) => flatten(press));
            if (rows.length) {
              const keys = Object.keys(rows[0]);
              const table = document.createElement("table");
              table.innerHTML = "<tr>" + keys.map((k) => "<th>" + k + "</th>").join("") + "</tr>" +
                rows.map((row) => "<tr>" + keys.map((k) => "<td>" + (row[k] ?? "") + "</td>").join("") + "</tr>").join("");
              target.append(table);
            }
          }
          if (svg) { const image = new Image(); image.src = withToken(svg); target.append(image); }
        }
        function flatten(object, prefix = "", into = {}) {
          for (const [key, value] of Object.entries(object)) {
            if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, prefix + key + "_", into); else into[prefix + key] = value;
          }
          return into;
        }

        async function showLab() {
          const lab = await (await fetch(withToken("lab"))).json();
          const link = (file) => "<a href=\"" + withToken(file) + "\">" + file.split("/").pop() + "</a>";
          const reports = control("reports");
          reports.innerHTML = lab.reports.length ? "" : "none yet: a trial writes one (trial start, then report)";
          for (const report of lab.reports) {
            const line = document.createElement("div");
            line.innerHTML = "<button>" + report.name + "</button> " + report.files.map(link).join(" ");
            line.querySelector("button").onclick = () => showReport(report.name, report.files);
            reports.append(line);
          }
          control("recordings").innerHTML = lab.recordings.length ? lab.recordings.map((r) =>
            "<div>" + r.name + " (" + r.state + ") " + r.files.map(link).join(" ") + "</div>").join("") : "none yet";
        }

        connect();
        showLab();
        setInterval(showLab, 10000);
        requestAnimationFrame(draw);
        """#
}
