"""forcepad-collect: gathers a lab's stations into one SQLite database (docs/fleet.md).

It subscribes to the stations' topics on the lab's MQTT broker (``PREFIX/+/status``,
``PREFIX/+/results/#``, ``PREFIX/+/reports/#``) with a persistent session, so the broker keeps
what arrives while it is away, and stores:

- ``stations``: each station's latest status (online or offline, board, versions, settings and
  calibration digests, what it is running);
- ``results``: every trial's result, once (keyed by its seal);
- ``reports``: every sealed report, once, with its verdict, presses and board for queries;
- ``refused``: messages whose seal does not match their content, with the reason.

A result or report is stored only if its seal (the SHA-256 over the message without it) checks;
the same message delivered twice (QoS 1 is at least once) is stored once.

    pip install './clients/python[collect]'
    forcepad-collect --broker mqtt://broker.lab:1883 --database lab.sqlite
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

SCHEMA = """
CREATE TABLE IF NOT EXISTS stations (
    station TEXT PRIMARY KEY, state TEXT, board TEXT, version TEXT, settings_sha256 TEXT,
    calibration_crc32 TEXT, running TEXT, updated_at REAL);
CREATE TABLE IF NOT EXISTS results (
    sha256 TEXT PRIMARY KEY, station TEXT, trial TEXT, received_at REAL, document TEXT);
CREATE TABLE IF NOT EXISTS reports (
    sha256 TEXT PRIMARY KEY, station TEXT, name TEXT, verdict TEXT, presses INTEGER, board TEXT,
    generated TEXT, received_at REAL, document TEXT);
CREATE TABLE IF NOT EXISTS refused (received_at REAL, topic TEXT, reason TEXT);
"""

SEAL = re.compile(rb',"sha256":"([0-9a-f]{64})"}\n?$')


def verify_seal(payload: bytes) -> str:
    """The digest of a sealed message whose content matches its seal; ValueError says why not.
    The seal is the SHA-256 of the same line without its last key, as ``report verify`` checks."""
    found = SEAL.search(payload)
    if found is None:
        raise ValueError("not sealed: no sha256 at its end")
    body = payload[: found.start()] + b"}"
    actual = hashlib.sha256(body).hexdigest()
    if actual != found.group(1).decode():
        raise ValueError(f"changed since it was sealed: sha256 {actual}, the seal says {found.group(1).decode()}")
    return actual


@dataclass
class Broker:
    """Where the stations publish: ``mqtt://HOST[:PORT]`` or ``mqtts://HOST[:PORT]``."""

    host: str
    port: int
    tls: bool

    @staticmethod
    def parse(url: str) -> Broker:
        found = re.fullmatch(r"(mqtts?)://([^:/\s]+|\[[^\]]+\])(?::(\d+))?", url)
        if found is None:
            raise ValueError(f"broker '{url}' must be mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
        tls = found.group(1) == "mqtts"
        return Broker(found.group(2).strip("[]"), int(found.group(3) or (8883 if tls else 1883)), tls)


class Collector:
    """Stores what a lab's stations publish into ``database``; ``run`` or ``start``/``stop``."""

    def __init__(
        self,
        database: str,
        broker: Broker,
        *,
        prefix: str = "forcepad",
        client_id: str = "forcepad-collect",
        username: str | None = None,
        password: str | None = None,
        ca_file: str | None = None,
    ) -> None:
        self.database = database
        self.prefix = prefix
        self.connection = sqlite3.connect(database, check_same_thread=False)
        self.connection.executescript(SCHEMA)
        self.lock = threading.Lock()
        self.connected = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False)
        if username is not None:
            self.client.username_pw_set(username, password)
        if broker.tls:
            self.client.tls_set(ca_certs=ca_file)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.broker = broker

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            print(f"forcepad-collect: the broker refused the connection: {reason}", file=sys.stderr)
            return
        for leaf in ("status", "results/#", "reports/#"):
            client.subscribe(f"{self.prefix}/+/{leaf}", qos=1)
        self.connected.set()

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        parts = message.topic.split("/")
        if len(parts) < 3:
            return
        station, kind = parts[1], parts[2]
        with self.lock, self.connection:
            try:
                self.store(station, kind, bytes(message.payload))
            except ValueError as error:
                self.connection.execute(
                    "INSERT INTO refused VALUES (?, ?, ?)", (time.time(), message.topic, str(error))
                )

    def store(self, station: str, kind: str, payload: bytes) -> None:
        """Stores one message of ``station``; ValueError when it cannot be (a seal that fails)."""
        now = time.time()
        if kind == "status":
            status = json.loads(payload)
            self.connection.execute(
                "INSERT INTO stations VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(station) DO UPDATE SET "
                "state=excluded.state, board=excluded.board, version=excluded.version, "
                "settings_sha256=excluded.settings_sha256, calibration_crc32=excluded.calibration_crc32, "
                "running=excluded.running, updated_at=excluded.updated_at",
                (
                    station,
                    status.get("state"),
                    status.get("board"),
                    status.get("version"),
                    status.get("settings_sha256"),
                    status.get("calibration_crc32"),
                    status.get("running"),
                    now,
                ),
            )
            return
        digest = verify_seal(payload)
        document = json.loads(payload)
        if kind == "results":
            self.connection.execute(
                "INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?)",
                (digest, station, document.get("trial"), now, payload.decode()),
            )
        elif kind == "reports":
            self.connection.execute(
                "INSERT OR IGNORE INTO reports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    digest,
                    station,
                    document.get("name"),
                    document.get("verdict"),
                    document.get("judged_presses"),
                    (document.get("board") or {}).get("name") if isinstance(document.get("board"), dict) else None,
                    document.get("generated"),
                    now,
                    payload.decode(),
                ),
            )

    def start(self) -> None:
        """Connects and handles messages on a thread of its own until ``stop``."""
        self.client.connect(self.broker.host, self.broker.port, keepalive=30)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()
        self.connection.close()

    def run(self, seconds: float | None = None) -> None:
        """Collects for ``seconds`` (None: until interrupted)."""
        self.start()
        try:
            deadline = None if seconds is None else time.monotonic() + seconds
            while deadline is None or time.monotonic() < deadline:
                time.sleep(0.2)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="forcepad-collect", description=__doc__.split("\n\n")[0])
    parser.add_argument("--broker", required=True, help="mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
    parser.add_argument("--database", default="forcepad-lab.sqlite", help="the SQLite file (made if missing)")
    parser.add_argument("--prefix", default="forcepad", help="the stations' topic prefix ([mqtt] prefix)")
    parser.add_argument(
        "--client-id", default="forcepad-collect", help="the broker keeps messages for this id while away"
    )
    parser.add_argument("--username")
    parser.add_argument("--password-file", help="a file whose first line is the password")
    parser.add_argument("--ca-file", help="the certificate authority of an mqtts:// broker (PEM)")
    parser.add_argument("--for", dest="seconds", type=float, help="stop after this many seconds")
    arguments = parser.parse_args(argv)
    try:
        broker = Broker.parse(arguments.broker)
        password = None
        if arguments.password_file:
            with open(arguments.password_file, encoding="utf-8") as file:
                password = file.readline().rstrip("\n")
        collector = Collector(
            arguments.database,
            broker,
            prefix=arguments.prefix,
            client_id=arguments.client_id,
            username=arguments.username,
            password=password,
            ca_file=arguments.ca_file,
        )
        collector.run(arguments.seconds)
    except (ValueError, OSError) as error:
        print(f"forcepad-collect: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
