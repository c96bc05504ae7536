"""The warm-up of an app process behind the balancer (deploy/serve.py): a warmed process has trained the
attention page's default tasks, and a process started again after a death is held out of HAProxy (in
maintenance) until it is warmed, then taken back in."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench.harness.browser import StreamlitServer, free_port
from deploy import serve, warm
from deploy.st_client import open_session
from tests.support.needs import require_haproxy


async def trained(url: str) -> dict[str, bool]:
    """For each of the attention page's default tasks, whether its Train button is disabled because the
    process already holds the trained model."""
    found = {}
    for task in warm.WARM_TASKS:
        session, first = await asyncio.wait_for(open_session(url, "attention", f"src=task&task={task}"), 120)
        assert first.ok, session.last_exception
        found[task] = session.widget_by_key("att_train").disabled
        await session.close()
    return found


def test_warming_a_process_trains_the_attention_pages_tasks() -> None:
    with StreamlitServer() as server:
        port = int(server.url.rsplit(":", 1)[1])
        assert asyncio.run(trained(server.url)) == dict.fromkeys(warm.WARM_TASKS, False)
        assert warm.warm(port) is True
        assert asyncio.run(trained(server.url)) == dict.fromkeys(warm.WARM_TASKS, True)


def test_the_containers_command_runs_the_app_warms_it_and_stops_on_sigterm(tmp_path: Path) -> None:
    # deploy/Dockerfile's CMD, run here (these machines have no Docker engine to run the image)
    port = free_port()
    log = tmp_path / "container.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "deploy.warm", "--port", str(port), "--address", "127.0.0.1"],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 180
        while "is warmed up" not in log.read_text(encoding="utf-8", errors="replace"):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.25)
        assert asyncio.run(trained(f"http://127.0.0.1:{port}")) == dict.fromkeys(warm.WARM_TASKS, True)
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
        assert "Traceback" not in log.read_text(encoding="utf-8", errors="replace")
    finally:
        if process.poll() is None:
            process.kill()


def test_a_process_started_again_is_warmed_before_haproxy_sends_it_anyone(tmp_path: Path) -> None:
    require_haproxy()
    with serve.launched(1, tmp_path, warm_up=True) as running:
        os.kill(running.pids[0], signal.SIGKILL)
        deadline = time.monotonic() + 180
        while not ("is warmed up" in running.output() and running.all_up()):
            assert time.monotonic() < deadline, running.output()[-3000:]
            time.sleep(0.25)
        log = running.output()
        order = [
            "starting the app process on port",  # deploy.serve
            # HAProxy: held out while it warms up ("was DOWN and now enters maintenance" when its health
            # check saw the death first, else "is going DOWN for maintenance")
            r"(enters|DOWN for) maintenance",
            "is warmed up",  # deploy.serve
            "leaving forced maintenance",  # HAProxy: taken back in
        ]
        at = [found.start() if (found := re.search(line, log)) else -1 for line in order]
        assert -1 not in at and at == sorted(at), (at, log[-3000:])
        # the new process was warmed like the first one: its tasks are trained
        assert asyncio.run(trained(running.url)) == dict.fromkeys(warm.WARM_TASKS, True)
