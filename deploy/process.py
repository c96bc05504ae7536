"""One Streamlit process of the app and its health check: what ``deploy.serve`` starts N of behind
HAProxy and ``deploy.warm`` starts one of in a container."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEALTH_TIMEOUT_S = 120.0
# a direct opener: a proxy from the environment must never sit between us and 127.0.0.1
_LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def healthy(port: int, timeout: float = 2.0) -> bool:
    """Whether the process on ``port`` answers Streamlit's health check with ``ok``."""
    try:
        with _LOCAL.open(f"http://127.0.0.1:{port}/_stcore/health", timeout=timeout) as answer:
            return bool(answer.status == 200 and answer.read().strip() == b"ok")
    except OSError:
        return False


@dataclass
class App:
    """One Streamlit process of the app."""

    port: int
    cookie_secret: str
    address: str = "127.0.0.1"  # behind HAProxy on this machine; 0.0.0.0 in a container
    process: subprocess.Popen[bytes] | None = None
    restarts: int = 0
    died: float | None = None  # when it was found dead (time.monotonic())

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
            "--server.headless", "true",
            "--server.port", str(self.port),
            "--server.address", self.address,
            "--server.fileWatcherType", "none",
            "--browser.gatherUsageStats", "false",
        ]  # fmt: skip

    def start(self) -> None:
        # one secret for every process (Streamlit takes it only from the environment or a config file): a
        # cookie Streamlit signs in one is good in another
        env = {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": self.cookie_secret}
        self.process = subprocess.Popen(self.command(), cwd=ROOT, env=env, start_new_session=True)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None
