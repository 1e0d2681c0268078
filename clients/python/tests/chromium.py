"""Debian's chromium, headless, driven over the DevTools protocol: open a page, evaluate script in
it, wait for a condition, take a screenshot. Only what the browser scope's tests need."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

import websocket


class Chromium:
    """A headless chromium with a fresh profile in ``folder``; one page, driven through ``page``."""

    def __init__(self, folder: Path, width: int = 1280, height: int = 900) -> None:
        program = shutil.which("chromium")
        if program is None:
            raise FileNotFoundError("chromium is not installed: apt-get install chromium (make test installs it)")
        arguments = [
            program,
            "--headless=new",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--remote-debugging-port=0",
            f"--user-data-dir={folder / 'profile'}",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")
        self.process = subprocess.Popen(arguments, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        port = self._devtools_port()
        deadline = time.monotonic() + 20
        targets: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as answer:
                targets = [t for t in json.load(answer) if t.get("type") == "page"]
            if targets:
                break
            time.sleep(0.1)
        if not targets:
            raise RuntimeError("chromium opened no page within 20 s")
        self.socket = websocket.create_connection(targets[0]["webSocketDebuggerUrl"], timeout=30)
        self.next_id = 0

    def _devtools_port(self) -> int:
        assert self.process.stderr is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with status {self.process.returncode} before it listened")
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                return int(found.group(1))
        raise RuntimeError("chromium did not say where DevTools listens within 30 s")

    def call(self, method: str, **parameters: Any) -> dict[str, Any]:
        """One DevTools command and its result (events in between are skipped)."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": parameters}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message["result"]
                return result

    def open(self, url: str) -> None:
        self.call("Page.enable")
        self.call("Page.navigate", url=url)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20) -> None:
        """Waits until ``expression`` is true in the page."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.evaluate(expression):
                    return
            except RuntimeError:
                pass
            time.sleep(0.05)
        state = self.evaluate("JSON.stringify(window.scope ?? null)")
        raise TimeoutError(f"not true within {timeout:g}s: {expression}; the page's scope: {state}")

    def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        path.write_bytes(data)
        return data

    def close(self) -> None:
        try:
            self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
