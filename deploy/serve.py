"""Several Streamlit processes of Attention Lab behind HAProxy, on one machine: ``make serve N=3``.

    python -m deploy.serve --processes 3 --port 8500 [--no-warm-models]

Starts N app processes on the ports after ``--port`` (127.0.0.1 only), waits until each answers its
health check, warms each one up (``deploy.warm``: every page's default view, the attention page's tasks
trained, the real models loaded unless ``--no-warm-models``) so that its first visitor does not pay for it,
then runs HAProxy (Debian's package) on ``--port`` with cookie-based session affinity and websockets
(deploy/haproxy.cfg.in). It watches them: an app process that dies is started again on its port
(HAProxy's health check takes it out meanwhile; HAProxy is told to hold it in maintenance until it is
warmed up again, then takes it back), and so is HAProxy. Ctrl+C or SIGTERM stops everything.
``--state FILE`` writes the processes' ports and PIDs as JSON (the tests read it). ``--store redis`` starts
a Redis server for the class store (deploy/redis_server.py: its append-only file fsynced on every write,
in the user's state folder) and points every app process at it; the default is the embedded SQLite file
(or whatever ``$ATTENTION_LAB_STORE`` names). A Redis that dies is started again, like the rest."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from deploy.process import HEALTH_TIMEOUT_S, ROOT, App, healthy
from deploy.redis_server import RedisServer
from deploy.warm import warm
from viz.classroom import backends
from viz.classroom.store import STORE_ENV

TEMPLATE = Path(__file__).resolve().parent / "haproxy.cfg.in"
REDIS_PORT = 6390  # the class store's Redis under make serve STORE=redis (not Redis's usual 6379)


def haproxy_config(bind: str, app_ports: list[int], socket: Path) -> str:
    """deploy/haproxy.cfg.in with the address HAProxy listens on, one server line per app process (its
    cookie value is its name: app1, app2, ...) and the path of its stats socket."""
    servers = "\n".join(
        f"    server app{i} 127.0.0.1:{port} check cookie app{i}" for i, port in enumerate(app_ports, 1)
    )
    template = TEMPLATE.read_text(encoding="utf-8")
    return (
        template.replace("@@BIND@@", bind).replace("@@SERVERS@@", servers).replace("@@SOCKET@@", str(socket))
    )


def _server_stats(socket: Path) -> list[dict[str, str]]:
    """HAProxy's ``show stat`` for the app servers (its stats socket), one dict per server by field name."""
    import socket as sockets

    with sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM) as conn:
        conn.settimeout(5)
        conn.connect(str(socket))
        conn.sendall(b"show stat\n")
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    lines = [line for line in b"".join(chunks).decode().splitlines() if line]
    names = lines[0].removeprefix("# ").split(",") if lines and lines[0].startswith("#") else []
    rows = [dict(zip(names, line.split(","), strict=False)) for line in lines if line[0] != "#"]
    return [row for row in rows if row.get("pxname") == "streamlit" and row.get("svname", "")[:3] == "app"]


def servers_up(socket: Path) -> dict[str, bool]:
    """Each app server's name and whether HAProxy counts it as up."""
    return {row["svname"]: row["status"].startswith("UP") for row in _server_stats(socket)}


def times_marked_down(socket: Path) -> dict[str, int]:
    """Each app server's name and how often HAProxy has marked it down since it started (``chkdown``)."""
    return {row["svname"]: int(row["chkdown"] or 0) for row in _server_stats(socket)}


def set_server_state(socket: Path, server: str, state: str) -> None:
    """Tell HAProxy (its admin socket) to put ``server`` in ``state``: "maint" sends it no visitor
    whatever its health check says, "ready" takes it back."""
    import socket as sockets

    with sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM) as conn:
        conn.settimeout(5)
        conn.connect(str(socket))
        conn.sendall(f"set server streamlit/{server} state {state}\n".encode())
        answer = conn.recv(4096).decode(errors="replace").strip()
    if answer:  # HAProxy answers nothing on success
        raise OSError(f"HAProxy: {answer}")


@dataclass
class Deployment:
    """N app processes and the HAProxy in front of them."""

    port: int
    processes: int
    address: str = "127.0.0.1"
    app_port_list: list[int] | None = None
    state: Path | None = None
    warm_up: bool = True
    restart_delay: float = 0.0
    warm_models: bool = True
    store: str = "sqlite"  # "redis": a Redis server started here for the class store
    apps: list[App] = field(default_factory=list)
    redis: RedisServer | None = None
    haproxy: subprocess.Popen[bytes] | None = None
    workdir: Path | None = None
    stopping: bool = False

    @property
    def socket(self) -> Path:
        """HAProxy's stats socket."""
        assert self.workdir is not None
        return self.workdir / "haproxy.sock"

    @property
    def app_ports(self) -> list[int]:
        """The app processes' ports: the ones given, else the ``processes`` ports after HAProxy's."""
        if self.app_port_list:
            return list(self.app_port_list)
        return list(range(self.port + 1, self.port + 1 + self.processes))

    def start(self) -> None:
        if shutil.which("haproxy") is None:
            raise SystemExit("haproxy is not installed: apt-get install haproxy (make serve does it)")
        if self.store == "redis":
            home = Path(backends.default_url().removeprefix("sqlite:///")).parent
            self.redis = RedisServer(home / "redis", REDIS_PORT)
            self.redis.start()
            os.environ[STORE_ENV] = self.redis.url  # every app process inherits it
            print(f"the class store: Redis at {self.redis.url} (its files in {home / 'redis'})", flush=True)
        secret = secrets.token_hex(32)
        self.apps = [App(port, secret) for port in self.app_ports]
        for app in self.apps:
            app.start()
        for app in self.apps:
            self._wait_healthy(app)
        if self.warm_up:  # all at once: on a machine with a core per process it takes one warm-up's time
            with ThreadPoolExecutor(len(self.apps)) as pool:
                list(pool.map(lambda app: warm(app.port, self.warm_models), self.apps))
        self.workdir = Path(tempfile.mkdtemp(prefix="attention-lab-haproxy-"))
        config = self.workdir / "haproxy.cfg"
        config.write_text(
            haproxy_config(f"{self.address}:{self.port}", self.app_ports, self.socket), encoding="utf-8"
        )
        subprocess.run(["haproxy", "-c", "-q", "-f", str(config)], check=True)
        self._start_haproxy()
        self._write_state()
        print(
            f"Attention Lab on http://{self.address}:{self.port} ({self.processes} processes on ports "
            f"{', '.join(map(str, self.app_ports))})",
            flush=True,
        )

    def _start_haproxy(self) -> None:
        assert self.workdir is not None
        self.haproxy = subprocess.Popen(
            ["haproxy", "-db", "-f", str(self.workdir / "haproxy.cfg")], start_new_session=True
        )

    def _wait_healthy(self, app: App) -> None:
        deadline = time.monotonic() + HEALTH_TIMEOUT_S
        while not healthy(app.port):
            if not app.alive():
                raise SystemExit(f"the app process on port {app.port} exited at start")
            if time.monotonic() > deadline:
                raise SystemExit(f"the app process on port {app.port} did not answer its health check")
            time.sleep(0.25)

    def _write_state(self) -> None:
        if self.state is None:
            return
        state = {
            "url": f"http://{self.address}:{self.port}",
            "haproxy_pid": self.haproxy.pid if self.haproxy else None,
            "socket": str(self.socket),
            "apps": [
                {"port": a.port, "pid": a.process.pid if a.process else None, "restarts": a.restarts}
                for a in self.apps
            ],
        }
        partial = self.state.with_suffix(".tmp")
        partial.write_text(json.dumps(state), encoding="utf-8")
        partial.replace(self.state)

    def watch(self) -> None:
        """Start again whatever died, until :meth:`stop`."""
        while not self.stopping:
            changed = False
            now = time.monotonic()
            for app in self.apps:
                if app.alive() or self.stopping:
                    continue
                if app.died is None:
                    app.died = now
                    print(f"the app process on port {app.port} died", flush=True)
                if now - app.died >= self.restart_delay:
                    print(f"starting the app process on port {app.port} again", flush=True)
                    app.restarts += 1
                    app.died = None
                    if self.warm_up:  # held out before it starts: HAProxy may not have seen it die
                        self._hold(app)
                    app.start()
                    changed = True
                    if self.warm_up:
                        threading.Thread(target=self._rewarm, args=(app, app.process), daemon=True).start()
            if self.redis is not None and not self.redis.alive() and not self.stopping:
                print("the class store's Redis died: starting it again", flush=True)
                self.redis.start()  # its append-only file brings back every answer it acknowledged
            if self.haproxy is not None and self.haproxy.poll() is not None and not self.stopping:
                print("HAProxy died: starting it again", flush=True)
                self._start_haproxy()
                changed = True
            if changed:
                self._write_state()
            time.sleep(0.5)

    def _name(self, app: App) -> str:
        return f"app{self.apps.index(app) + 1}"

    def _hold(self, app: App) -> None:
        """Put ``app`` in HAProxy's maintenance: no visitor goes there, whatever its health check says."""
        try:
            set_server_state(self.socket, self._name(app), "maint")
        except OSError as exc:  # HAProxy is restarting too: the process is warmed all the same
            print(f"could not hold {self._name(app)} out of HAProxy while it warms up: {exc}", flush=True)

    def _rewarm(self, app: App, process: subprocess.Popen[bytes] | None) -> None:
        """Warm a process started again (held in maintenance by :meth:`_hold`), then let HAProxy send it
        visitors; its health check alone would take it back as soon as Streamlit answers. Nothing is done
        for a ``process`` that died meanwhile: its successor's own warm-up takes over."""
        deadline = time.monotonic() + HEALTH_TIMEOUT_S
        while not healthy(app.port) and time.monotonic() < deadline and app.process is process:
            time.sleep(0.25)
        if app.process is not process or self.stopping:
            return
        if warm(app.port, self.warm_models):
            print(f"the app process on port {app.port} is warmed up", flush=True)
        else:
            print(f"the app process on port {app.port} is taken back in not fully warmed", flush=True)
        if app.process is process:
            with contextlib.suppress(OSError):
                set_server_state(self.socket, self._name(app), "ready")

    def stop(self, *_: object) -> None:
        self.stopping = True
        running = [p for p in (self.haproxy, *(a.process for a in self.apps)) if p is not None]
        for process in running:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
        deadline = time.monotonic() + 10
        for process in running:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(max(0.1, deadline - time.monotonic()))
            if process.poll() is None:
                process.kill()
        if self.redis is not None:
            self.redis.stop()
        if self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)


@dataclass
class Launched:
    """A deployment started by :func:`launched`, seen from outside: its address and its state file."""

    url: str
    state_file: Path
    process: subprocess.Popen[bytes]
    log: Path

    def state(self) -> dict[str, Any]:
        return dict(json.loads(self.state_file.read_text(encoding="utf-8")))

    @property
    def pids(self) -> list[int]:
        """The app processes' PIDs, in server order (app1, app2, ...)."""
        return [int(app["pid"]) for app in self.state()["apps"]]

    def up(self) -> dict[str, bool]:
        return servers_up(Path(self.state()["socket"]))

    def times_marked_down(self) -> dict[str, int]:
        return times_marked_down(Path(self.state()["socket"]))

    def all_up(self) -> bool:
        """Whether HAProxy is running and counts every app process up (False while it starts)."""
        if not self.state_file.exists():
            return False
        try:
            up = self.up()
        except OSError:  # HAProxy has not opened its socket yet
            return False
        return len(up) == len(self.state()["apps"]) and all(up.values())

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextlib.contextmanager
def launched(
    processes: int,
    workdir: Path,
    *,
    warm_up: bool = False,
    restart_delay: float = 0.0,
) -> Iterator[Launched]:
    """``python -m deploy.serve`` with ``processes`` app processes on free ports, for a ``with`` block (the
    tests and bench/load_bench.py): it returns once HAProxy counts every process up."""
    ports = [_free_port() for _ in range(processes + 1)]
    state, log = workdir / "serve-state.json", workdir / "serve.log"
    command = [
        sys.executable, "-m", "deploy.serve", "--port", str(ports[0]),
        "--app-ports", ",".join(map(str, ports[1:])), "--state", str(state),
        "--restart-delay", str(restart_delay), *([] if warm_up else ["--no-warm-up"]),
        "--no-warm-models",  # a page that needs a model loads it: the tests and benchmarks do not wait
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Launched(f"http://127.0.0.1:{ports[0]}", state, process, log)
    try:
        deadline = time.monotonic() + HEALTH_TIMEOUT_S * 2
        while not running.all_up():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"deploy.serve did not come up: {running.output()[-2000:]}")
            time.sleep(0.25)
        yield running
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def _free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", "-n", type=int, default=2, help="app processes (default 2)")
    parser.add_argument("--port", type=int, default=8500, help="HAProxy's port (default 8500)")
    parser.add_argument("--address", default="127.0.0.1", help="HAProxy's address (0.0.0.0: every one)")
    parser.add_argument(
        "--app-ports", help="the app processes' ports, comma-separated (default: after --port)"
    )
    parser.add_argument("--state", type=Path, help="write the processes' ports and PIDs here (JSON)")
    parser.add_argument(
        "--no-warm-up", action="store_true", help="send visitors to a process without warming it first"
    )
    parser.add_argument(
        "--warm-models",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="load the Real models page's two models in each process's warm-up (the default: they are "
        "mapped from one copy every process shares)",
    )
    parser.add_argument(
        "--restart-delay", type=float, default=0.0, help="seconds before a dead process is started again"
    )
    parser.add_argument(
        "--store",
        choices=("sqlite", "redis"),
        default="sqlite",
        help="the class store: the embedded SQLite file (default), or a Redis server started here",
    )
    args = parser.parse_args(argv)
    app_ports = [int(p) for p in args.app_ports.split(",")] if args.app_ports else None
    processes = len(app_ports) if app_ports else args.processes
    if processes < 1:
        parser.error("--processes must be 1 or more")
    deployment = Deployment(
        args.port,
        processes,
        args.address,
        app_ports,
        args.state,
        not args.no_warm_up,
        args.restart_delay,
        args.warm_models,
        args.store,
    )

    def stop(signum: int, frame: FrameType | None) -> None:
        deployment.stop()
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        deployment.start()
        deployment.watch()
    finally:
        deployment.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
