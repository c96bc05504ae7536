"""A Redis server for the class store (viz/classroom/redis_store.py) when `make serve STORE=redis` asks for
one (deploy/serve.py), and for the tests and benchmarks: on a free loopback port (or the one given) in a
folder of its own, with the append-only file fsynced on every write, so an answer acknowledged survives
a restart. Debian's redis-server, which `make redis` installs; where it is missing, :class:`RedisServer`
raises FileNotFoundError (the tests skip, except under ``CI``)."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """``with RedisServer(folder) as server:`` a running server at ``server.url``."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise FileNotFoundError("redis-server is not installed (make redis)")
        folder.mkdir(parents=True, exist_ok=True)
        self.binary, self.folder, self.port = binary, folder, port or _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer within 20 s")

    def flush(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as conn:
            conn.sendall(b"FLUSHALL\r\n")
            assert conn.recv(64).startswith(b"+OK")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill_and_restart(self) -> None:
        """SIGKILL (no shutdown, no final save), then a new server on the same folder and port."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
