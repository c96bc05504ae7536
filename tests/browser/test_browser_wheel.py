"""The app from a wheel, not the checkout: a wheel built from the repository and installed into a folder
of its own, app.py and pages/ beside nothing else. Every page runs without an error (a websocket
client, as the warm-up visits them), the scripts the pages fetch are served from the install's own
copies, and a live chart draws and follows its strip in Chromium."""

from __future__ import annotations

import asyncio
import concurrent.futures
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import StreamlitServer, new_page, require_chromium, wait_for_idle
from deploy.st_client import open_session
from deploy.warm import WARM_PAGES
from tests.support.wheel import Installed, build_wheel, install
from viz.ui import static_files

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser
PAGES = (*WARM_PAGES, "pretrained", "lesson", "home")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    require_chromium()
    work = tmp_path_factory.mktemp("wheel")
    return install(build_wheel(work), work)


@pytest.fixture(scope="module")
def wheel_server(installed: Installed) -> Iterator[StreamlitServer]:
    with StreamlitServer(installed.app / "app.py", cwd=installed.app, env=installed.env()) as server:
        yield server


def test_the_server_imports_viz_from_the_wheel(installed: Installed) -> None:
    found = subprocess.run(
        [sys.executable, "-c", "import viz; print(viz.__file__)"],
        cwd=installed.app,
        env=installed.env(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(found).is_relative_to(installed.site), found


def test_every_page_runs_from_the_wheel(wheel_server: StreamlitServer) -> None:
    async def visit() -> list[str]:
        failed = []
        for page in PAGES:
            session, first = await asyncio.wait_for(open_session(wheel_server.url, page), 300)
            if not first.ok:
                failed.append(page or "(main)")
            await session.close()
        return failed

    # in a thread of its own: the run's Chromium (tests/conftest.py) keeps Playwright's loop on this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, visit()).result() == []


def test_the_served_scripts_are_the_installs_own(wheel_server: StreamlitServer, installed: Installed) -> None:
    # the install's static/ is beside its app.py, filled from the wheel's files at the server's start
    for name, content in static_files.served_files().items():
        with urllib.request.urlopen(f"{wheel_server.url}/app/static/{name}", timeout=30) as answer:
            assert answer.read() == content, name
        assert (installed.app / "static" / name).read_bytes() == content


def test_a_live_chart_draws_and_follows_its_strip(wheel_server: StreamlitServer, browser: Browser) -> None:
    page = new_page(browser)
    try:
        page.goto(f"{wheel_server.url}/similarity?d_model=64&max_len=50")
        wait_for_idle(page)
        root = ".st-key-sim_row_sinusoidal .al-plot"
        page.locator(root).wait_for()
        page.wait_for_function(
            "(root) => { const el = document.querySelector(root); return el && el.__alLiveResult; }", arg=root
        )
        strip = page.locator('.st-key-sim_row_live input[data-name="p"]')
        asked = f"document.querySelector('{root}').__alLiveResult.asked"
        before = page.evaluate(f"() => {asked}")
        strip.focus()
        strip.press("ArrowRight")  # the chart redraws in the browser, before any server round trip
        page.wait_for_function(f"(before) => {asked} !== before", arg=before)
    finally:
        page.context.close()
