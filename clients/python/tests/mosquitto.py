"""Debian's mosquitto broker on 127.0.0.1 for the fleet tests: a free port, no root, its own
folder; stopped, started again on the same port, frozen (SIGSTOP) and thawed."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Mosquitto:
    """A broker in ``folder``; with ``users`` ({name: password}) it asks for them."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None) -> None:
        program = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not os.access(program, os.X_OK):
            raise FileNotFoundError("mosquitto is not installed: apt-get install mosquitto (make test installs it)")
        self.program = program
        self.folder = folder
        self.port = free_port()
        lines = [f"listener {self.port} 127.0.0.1", "persistence false", f"log_dest file {folder / 'broker.log'}"]
        if os.geteuid() == 0:
            # Run as root, mosquitto would become the mosquitto user, who cannot read this folder.
            lines.append("user root")
        if users:
            passwords = folder / "passwords"
            passwords.write_text("")
            for name, password in users.items():
                subprocess.run(["mosquitto_passwd", "-b", str(passwords), name, password], check=True)
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        else:
            lines.append("allow_anonymous true")
        self.config = folder / "mosquitto.conf"
        self.config.write_text("\n".join(lines) + "\n")
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen([self.program, "-c", str(self.config)], stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.port} within 10 s")

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def freeze(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def __enter__(self) -> Mosquitto:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
