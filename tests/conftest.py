"""Fixtures shared by the browser tests: one Streamlit server and one Chromium for the whole run, a fresh
browser context (so a fresh Streamlit session) per test, and the page's uncaught JavaScript errors.

Only tests that ask for them start anything; each fixture skips (or, under ``CI``, fails) where Chromium
or Playwright is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import WAIT_MS, StreamlitServer, launch_browser, require_chromium, screenshot
from viz.classroom.store import STORE_ENV

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(autouse=True, scope="session")
def class_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The class store every test of this run shares, and every server a test starts (it inherits the
    setting): a SQLite file of the run's own, never the user's."""
    url = f"sqlite:///{tmp_path_factory.mktemp('class-store') / 'classroom.db'}"
    before = os.environ.get(STORE_ENV)
    os.environ[STORE_ENV] = url
    try:
        yield url
    finally:
        if before is None:
            os.environ.pop(STORE_ENV, None)
        else:
            os.environ[STORE_ENV] = before


@pytest.fixture(scope="session")
def _shared_server() -> Iterator[StreamlitServer]:
    require_chromium()  # no point starting a server nobody can look at
    with StreamlitServer() as srv:
        yield srv


@pytest.fixture
def server(_shared_server: StreamlitServer) -> StreamlitServer:
    """The app's server, one for the whole run: started once instead of once a module, it saves the run
    a server's start, its warm-up (PyTorch imported, a throwaway model built) and its stop for every
    module (bench/results/test_durations_20261202.md). Every test has its own browser context,
    so its own session. A test that left the server dead fails on its own; the next one gets it
    started again, with what the old one printed last."""
    process = _shared_server.process
    if process is None or process.poll() is not None:
        print("---- the shared server had stopped; its last words ----\n" + _shared_server.output()[-3000:])
        _shared_server.stop()
        _shared_server.start()
    return _shared_server


@pytest.fixture(scope="session")
def _shared_chromium() -> Iterator[dict[str, Any]]:
    """Playwright and the Chromium it launched, for the whole run (see ``browser``)."""
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    # expect() waits as long as the other waits here: its own default, 5 s, is shorter than a first run
    # on a busy two-core machine (Home's step links, asserted with the default, failed so while its live
    # model was being built)
    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        held: dict[str, Any] = {"playwright": playwright, "browser": launch_browser(playwright)}
        try:
            yield held
        finally:
            held["browser"].close()


@pytest.fixture
def browser(_shared_chromium: dict[str, Any]) -> Browser:
    """One Chromium for the whole run, as the server; each test opens its own context in it (a fresh
    session, no storage shared). Launched again if a test left it closed or crashed. While it runs,
    Playwright's loop owns this thread: a test that runs asyncio code does it in a thread of its own."""
    chromium: Browser = _shared_chromium["browser"]
    if not chromium.is_connected():
        print("---- Chromium had gone; launching it again ----")
        chromium = _shared_chromium["browser"] = launch_browser(_shared_chromium["playwright"])
    return chromium


@pytest.fixture
def page(browser: Browser, server: StreamlitServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    tab = context.new_page()
    failed_before = request.session.testsfailed
    try:
        yield tab
    finally:
        if request.session.testsfailed > failed_before:  # this test's call failed: keep evidence
            try:
                print("saved", screenshot(tab, f"FAILED-{request.node.name}", full_page=False))
            except Exception as exc:  # the evidence is a bonus; never mask the real failure
                print("no failure screenshot:", exc)
            print("---- streamlit output (tail) ----\n" + server.output()[-3000:])
        context.close()


@pytest.fixture
def page_errors(page: Page) -> list[str]:
    """Uncaught JavaScript errors in the page (listen before the first goto)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """Empty the app's caches: they outlive an AppTest instance in a process (the shared store of
    viz.cache.budget, and Streamlit's st.cache_data / cache_resource)."""
    import streamlit as st

    from viz.cache import memo

    st.cache_data.clear()
    st.cache_resource.clear()
    memo.memo_clear()
    yield


@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """Messages of every alert/confirm/prompt the page opens (each is dismissed)."""
    seen: list[str] = []

    def record(dialog: Any) -> None:
        seen.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", record)
    return seen
