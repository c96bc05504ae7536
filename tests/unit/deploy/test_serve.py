"""Several app processes behind HAProxy (deploy/serve.py, ``make serve``), in a real headless Chromium:
each visitor stays on one process (its CSV download, served by that process, works), a killed process
hands its visitors to another (the page comes back on the view its address holds) and is started again
and taken back in, and a killed HAProxy is started again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import (
    new_page,
    wait_for_idle,
    wait_for_plot,
)
from deploy import serve
from tests.support.needs import require_haproxy

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

START_S = 180.0
TITLE = "el._fullLayout.title.text"


@pytest.mark.parametrize("processes", [1, 3])
def test_the_balancers_config_is_valid_with_a_server_per_process(processes: int, tmp_path: Path) -> None:
    require_haproxy()
    ports = list(range(9001, 9001 + processes))
    config = serve.haproxy_config("127.0.0.1:9000", ports, tmp_path / "haproxy.sock")
    assert [line.split()[1:3] for line in config.splitlines() if line.strip().startswith("server ")] == [
        [f"app{i}", f"127.0.0.1:{port}"] for i, port in enumerate(ports, 1)
    ]
    assert "@@" not in config
    (tmp_path / "haproxy.cfg").write_text(config, encoding="utf-8")
    checked = subprocess.run(["haproxy", "-c", "-f", str(tmp_path / "haproxy.cfg")], capture_output=True)
    assert checked.returncode == 0, checked.stderr.decode()


def wait_until(condition: Any, what: str, timeout: float = START_S) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.25)


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[serve.Launched]:
    require_haproxy()
    # a dead process is started again after 8 s: long enough for its visitors to move to the other
    with serve.launched(2, tmp_path_factory.mktemp("serve"), restart_delay=8) as running:
        yield running


def app_index(server: str) -> int:
    """The index in the deployment's state of the app process HAProxy calls ``server`` (app1, ...)."""
    return int(server.removeprefix("app")) - 1


def server_of(page: Page) -> str:
    """The app process HAProxy keeps this page's visitor on (its cookie)."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return cookies["ALSERVER"]


def open_similarity(page: Page, url: str, p: int) -> None:
    page.goto(f"{url}/similarity?p={p}")
    wait_for_plot(page, f"{TITLE}.includes('position {p} ')")
    wait_for_idle(page)


def press_once_connected(page: Page, p: int) -> None:
    """Once the page has its connection back, press the position slider one step right, to ``p``, and
    see the chart and the address follow: the session behind the page works."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=stApp]').dataset.testConnectionState === 'CONNECTED'"
    )
    wait_for_idle(page)
    slider(page).press("ArrowRight")
    wait_for_plot(page, f"{TITLE}.includes('position {p} ')")
    # the address is written at the end of the run, after the chart
    page.wait_for_function("(p) => new URLSearchParams(location.search).get('p') === p", arg=str(p))


def slider(page: Page) -> Any:
    """The Similarity page's position p: its live strip's input, the one control for it on the screen."""
    return page.locator('.st-key-sim_row_live input[data-name="p"]')


def test_each_visitor_stays_on_one_process_and_its_download_works(
    browser: Browser, deployment: serve.Launched
) -> None:
    first, second = new_page(browser), new_page(browser)
    try:
        open_similarity(first, deployment.url, 12)
        open_similarity(second, deployment.url, 30)
        # the balancer spreads the visitors (fewest connections first) and pins each with its cookie
        assert {server_of(first), server_of(second)} == {"app1", "app2"}
        for page in (first, second):
            with page.expect_download() as event:
                page.locator('[data-testid="stMain"] [data-testid="stDownloadButton"] button').first.click()
            with open(event.value.path(), "rb") as f:
                data = f.read()
            assert data.startswith(b"\xef\xbb\xbf") and len(data.splitlines()) > 10, data[:200]
        # a rerun stays on its process: the view follows the slider on the page's own session
        slider(first).press("ArrowRight")
        wait_for_plot(first, f"{TITLE}.includes('position 13 ')")
        assert server_of(first) in ("app1", "app2")
    finally:
        first.context.close()
        second.context.close()


def test_a_killed_process_hands_its_visitors_to_another_and_comes_back(
    browser: Browser, deployment: serve.Launched
) -> None:
    page = new_page(browser)
    try:
        open_similarity(page, deployment.url, 17)
        victim = server_of(page)
        restarts = deployment.state()["apps"][app_index(victim)]["restarts"]
        os.kill(deployment.pids[app_index(victim)], signal.SIGKILL)
        # the page reconnects on its own, to the live process (HAProxy has taken the dead one out), where a
        # new session starts from the view its address holds: one step right of p = 17 is 18
        wait_until(lambda: server_of(page) != victim, "the visitor is on the other process", 60)
        # p's live strip: its release reached a new session that had not registered the strip's callback,
        # and was lost; the page stayed at 17 (found 2026-11-28). viz.ui.live now sets such a release.
        # The strip is in a fragment, which the new session knows only if the reconnected browser asked
        # for a whole run first (viz/ui/reconnect.py); without that the release was dropped (2026-12-01).
        press_once_connected(page, 18)
        # the dead process is started again and HAProxy's health check takes it back in
        wait_until(
            lambda: deployment.state()["apps"][app_index(victim)]["restarts"] == restarts + 1,
            "the process is started again",
            60,
        )
        wait_until(lambda: deployment.up().get(victim) is True, f"{victim} is up again")
        assert serve.healthy(deployment.state()["apps"][app_index(victim)]["port"])
    finally:
        page.context.close()


#: Counts the page's websockets: a session cut by the balancer shows as a second one (the page reconnects).
COUNT_SOCKETS_JS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = 0;
  window.WebSocket = function (...args) { window.__sockets++; return new Native(...args); };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""


def test_a_busy_process_keeps_its_visitors_and_is_never_marked_down(
    browser: Browser, deployment: serve.Launched
) -> None:
    """Issue 37: a process that is alive but does not answer for seconds (stopped here, with both cores
    busy beside it: a class's heavy reruns on a loaded machine) is not taken for a dead one. The old
    checks (1 s, two misses, sessions shut down) cut every page on it."""
    page = new_page(browser)
    hogs: list[subprocess.Popen[bytes]] = []
    try:
        page.add_init_script(COUNT_SOCKETS_JS)
        open_similarity(page, deployment.url, 9)
        busy = server_of(page)
        pid = deployment.pids[app_index(busy)]
        assert page.evaluate("() => window.__sockets") == 1
        before = deployment.times_marked_down()
        hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
        os.kill(pid, signal.SIGSTOP)
        try:
            time.sleep(6)  # six checks' worth of silence under the old configuration
        finally:
            os.kill(pid, signal.SIGCONT)
        for hog in hogs:
            hog.kill()
        press_once_connected(page, 10)
        assert server_of(page) == busy
        assert deployment.times_marked_down() == before
        assert deployment.up()[busy] is True
        assert page.evaluate("() => window.__sockets") == 1  # the same session: never cut, never reconnected
    finally:
        for hog in hogs:
            hog.kill()
        page.context.close()


def test_a_killed_balancer_is_started_again_and_an_open_page_goes_on(
    browser: Browser, deployment: serve.Launched
) -> None:
    page = new_page(browser)
    try:
        open_similarity(page, deployment.url, 5)
        old = deployment.state()["haproxy_pid"]
        os.kill(old, signal.SIGKILL)
        wait_until(lambda: deployment.state()["haproxy_pid"] != old, "HAProxy is started again", 30)
        wait_until(deployment.all_up, "its servers are up", 30)
        # the open page reconnects through the new HAProxy and its next press works
        press_once_connected(page, 6)
        # and a new visitor gets in
        other = new_page(browser)
        try:
            open_similarity(other, deployment.url, 9)
            assert server_of(other) in ("app1", "app2")
        finally:
            other.context.close()
    finally:
        page.context.close()
