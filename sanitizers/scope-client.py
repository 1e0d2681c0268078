#!/usr/bin/env python3
"""A page of the browser scope without a browser (Python's standard library only), for the
ThreadSanitizer session: fetches the page, its script and the lab's listing, then reads the
WebSocket for SECONDS, saying what it received every 5 messages as the page does.

    scope-client.py http://127.0.0.1:PORT/ SECONDS"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
import urllib.request


def connect(url: str, deadline: float) -> socket.socket:
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    while True:
        try:
            return socket.create_connection((host, int(port)), timeout=5)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def frame(text: str) -> bytes:
    """A masked text frame (a client's frames are masked)."""
    payload, mask = text.encode(), os.urandom(4)
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_exactly(client: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = client.recv(count - len(data))
        if not chunk:
            raise EOFError("the scope closed the connection")
        data += chunk
    return data


def main(url: str, seconds: float) -> int:
    deadline = time.monotonic() + 15
    connect(url, deadline).close()
    for path in ("", "scope.js", "lab"):
        with urllib.request.urlopen(url + path, timeout=10) as answer:
            assert answer.status == 200 and answer.read()
    client = connect(url, deadline)
    client.sendall(
        b"GET /scope HTTP/1.1\r\nHost: scope\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        header += read_exactly(client, 1)
    assert header.startswith(b"HTTP/1.1 101"), header
    messages = frames = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        first, length = read_exactly(client, 2)
        length &= 0x7F
        if length == 126:
            length = int.from_bytes(read_exactly(client, 2), "big")
        elif length == 127:
            length = int.from_bytes(read_exactly(client, 8), "big")
        message = json.loads(read_exactly(client, length))
        if message["type"] == "frames":
            messages += 1
            frames += len(message["frames"])
            if messages % 5 == 0:
                client.sendall(frame(json.dumps({"received": messages})))
    client.close()
    print(f"scope-client: {messages} messages, {frames} frames")
    return 0 if frames > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], float(sys.argv[2])))
