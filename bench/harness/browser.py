"""Drive the app in a real headless Chromium: a Streamlit server, the browser, and waits for a rerun.

Shared by ``tests/browser/test_browser.py`` and ``bench/browser_bench.py``. Playwright is imported only
where it is used (and for type checking), so importing this module never fails on a machine without
it: :func:`require_chromium` then skips the test, or fails it when ``CI`` is set.

Waiting for a rerun (per the design guide): the app's script state alone is not reliable (right after a key
press it still says ``notRunning``), so wait for the chart to show the new data *and* the app to be
idle, then two animation frames.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = REPO_ROOT / "test-artifacts" / "screenshots"  # gitignored

#: Debian's chromium (``apt-get install chromium``); ``playwright install`` cannot download browsers here.
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

#: Generous: the test machines have two cores, and the first run of a page imports NumPy and Plotly.
WAIT_MS = 60_000
STARTUP_TIMEOUT_S = 60.0

APP_SELECTOR = '[data-testid="stApp"]'
PLOT_SELECTOR = ".js-plotly-plot"
SIDEBAR_SELECTOR = '[data-testid="stSidebar"]'
EXCEPTION = '[data-testid="stException"]'  # a traceback box: the user must never see one
ALERT = '[data-testid="stAlert"], [data-testid="stAlertContainer"]'
HEADING = '[data-testid="stMain"] h1'
HANGUL = re.compile(r"[\uac00-\ud7a3]")

# A direct opener: a proxy from the environment must never sit between us and 127.0.0.1.
_LOCAL_HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))


# ---- availability -------------------------------------------------------------------------------------
def running_in_ci() -> bool:
    """Whether the ``CI`` environment variable is set (to anything but an explicit false)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_browser_reason() -> str | None:
    """Why browser tests cannot run here, or None when Playwright and Chromium are both present."""
    problems = []
    if importlib.util.find_spec("playwright") is None:
        problems.append("the playwright Python package is not installed")
    if not (os.path.isfile(CHROMIUM_PATH) and os.access(CHROMIUM_PATH, os.X_OK)):
        problems.append(f"no Chromium at {CHROMIUM_PATH} (apt-get install chromium fonts-noto-cjk)")
    return "; ".join(problems) or None


def chromium_available() -> bool:
    """True when the playwright package is importable and Chromium is installed at CHROMIUM_PATH."""
    return missing_browser_reason() is None


def require_chromium() -> None:
    """Skip the calling test when there is no browser; under ``CI`` fail it instead.

    CI installs Chromium itself (``make test``), so a missing browser there is a broken setup, not a
    reason to pass quietly.
    """
    reason = missing_browser_reason()
    if reason is None:
        return
    import pytest  # only tests call this; the benchmark needs no pytest

    if running_in_ci():
        pytest.fail(f"browser tests cannot run: {reason} (CI is set, so this is a failure)", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


# ---- the server ---------------------------------------------------------------------------------------
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerError(RuntimeError):
    """The Streamlit server did not come up (the message carries the end of its output)."""


class StreamlitServer:
    """``streamlit run SCRIPT`` on a free port of 127.0.0.1, for the length of a ``with`` block.

    >>> with StreamlitServer() as server:  # doctest: +SKIP
    ...     page.goto(server.url + "/positional_encoding?d_model=64")

    The process is started with ``sys.executable`` (the venv's Python) from ``cwd`` and stopped by the
    PID it was given: terminate, then kill if it has not exited after ``stop_timeout`` seconds.
    """

    def __init__(
        self,
        script: str | Path = "app.py",
        *,
        cwd: str | Path = REPO_ROOT,
        port: int | None = None,
        startup_timeout: float = STARTUP_TIMEOUT_S,
        stop_timeout: float = 10.0,
        extra_args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.script = str(script)
        self.cwd = Path(cwd)
        self._fixed_port = port
        self.port = port or 0
        self.startup_timeout = startup_timeout
        self.stop_timeout = stop_timeout
        self.extra_args = tuple(extra_args)
        self.env = dict(os.environ if env is None else env)
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    # -- public -----------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The app's base URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        if self.process is None:
            raise ServerError("the server is not running")
        return self.process.pid

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            self.script,
            "--server.headless",
            "true",
            "--server.port",
            str(self.port),
            "--server.address",
            "127.0.0.1",
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
            *self.extra_args,
        ]

    def start(self) -> StreamlitServer:
        """Start the server and wait until ``/_stcore/health`` answers ``ok``.

        A port taken between choosing it and binding it is retried on another port (unless the
        caller fixed the port); any other failure raises :class:`ServerError` with the server's output.
        """
        if self.process is not None:
            raise ServerError("the server is already running")
        attempts = 1 if self._fixed_port else 3
        for attempt in range(1, attempts + 1):
            self.port = self._fixed_port or free_port()
            try:
                self._start_once()
                return self
            except ServerError as exc:
                output = self.output()
                self.stop()
                if attempt < attempts and ("is not available" in output or "in use" in output):
                    continue
                if self._log is not None:  # __exit__ will not run: the with block never started
                    self._log.close()
                    self._log = None
                raise ServerError(
                    f"{exc}\n---- server output (last 4000 chars) ----\n{output[-4000:]}"
                ) from None
        raise AssertionError("unreachable")

    def stop(self) -> None:
        """Stop the process this object started (by its PID): terminate, then kill after a timeout.

        The output log stays readable (:meth:`output`) until the ``with`` block ends.
        """
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=self.stop_timeout)

    def output(self) -> str:
        """Everything the server printed so far (stdout and stderr together)."""
        if self._log is None:
            return ""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def rss_kib(self, field: str = "VmRSS") -> int:
        """The server's resident memory from /proc/PID/status, in KiB (``VmHWM``: the peak so far)."""
        status = Path(f"/proc/{self.pid}/status").read_text(encoding="ascii", errors="replace")
        for line in status.splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
        raise ServerError(f"no {field} in /proc/{self.pid}/status")

    def __enter__(self) -> StreamlitServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
        if self._log is not None:
            self._log.close()
            self._log = None

    # -- internals --------------------------------------------------------------------------------------
    def _start_once(self) -> None:
        if self._log is not None:
            self._log.close()
        # A file, not a pipe: nobody reads the server's output while it runs, and a full pipe blocks it.
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the server; closed in __exit__)
        self.process = subprocess.Popen(
            self.command(),
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + self.startup_timeout
        health = f"{self.url}/_stcore/health"
        while True:
            code = self.process.poll()
            if code is not None:
                raise ServerError(
                    f"streamlit exited with code {code} before it was healthy: {self.command()}"
                )
            with (
                contextlib.suppress(urllib.error.URLError, OSError),
                _LOCAL_HTTP.open(health, timeout=2) as r,
            ):
                if r.read().strip() == b"ok":
                    return
            if time.monotonic() > deadline:
                raise ServerError(f"{health} did not answer 'ok' within {self.startup_timeout:.0f} s")
            time.sleep(0.2)


# ---- the browser --------------------------------------------------------------------------------------
def launch_browser(playwright: Playwright) -> Browser:
    """Headless Debian Chromium with the flags that work on these machines (the design guide's list)."""
    return playwright.chromium.launch(executable_path=CHROMIUM_PATH, headless=True, args=list(CHROMIUM_ARGS))


# ---- waiting for a rerun ------------------------------------------------------------------------------
_IDLE_JS = """(selector) => {
  const app = document.querySelector(selector);
  return app !== null
    && app.getAttribute('data-test-script-state') === 'notRunning'
    && app.getAttribute('data-test-connection-state') !== 'DISCONNECTED';
}"""

# Bounded: a headless page that stops painting stops its animation frames too, and an evaluate that waits
# on a promise has no timeout of its own (a whole test run once hung here for twenty minutes).
_FRAMES_JS = """(n) => new Promise((resolve) => {
  const step = (left) => (left <= 0 ? resolve(null) : requestAnimationFrame(() => step(left - 1)));
  step(n);
  setTimeout(() => resolve(null), 2000);
})"""

# Finds the plot: the ``index``-th ``.js-plotly-plot`` under ``root`` (a CSS selector, or the document).
_FIND_PLOT_JS = """
  const scope = args.root ? document.querySelector(args.root) : document;
  const el = scope ? scope.querySelectorAll(args.plot)[args.index] : undefined;
"""


#: An init script that keeps the time of the app's last websocket message in ``window.__lastMessage`` (a
#: page whose rerun showed no change of script state is settled once its socket has been quiet a while).
LAST_MESSAGE_JS = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { window.__lastMessage = performance.now(); });
    }
  };
})();"""


def animation_frames(page: Page, n: int = 2) -> None:
    """Wait for ``n`` requestAnimationFrame ticks (the browser has painted what it was given)."""
    page.evaluate(_FRAMES_JS, n)


def new_page(
    browser: Browser, lang: str = "en", *, width: int = 1400, height: int = 900, scale: float = 1.0
) -> Page:
    """A page in a context of its own (no storage shared with another test): ``width`` x ``height`` CSS px
    at ``scale`` device pixels per CSS px (1.5: a 150% zoom), the browser's language ``lang``'s."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        locale="ko-KR" if lang == "ko" else "en-US",
    )
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def wait_for_idle(page: Page, timeout_ms: float = WAIT_MS) -> None:
    """Wait until the app's script is not running, then two animation frames.

    Not enough on its own after an interaction: the state flips to ``running`` only once the server
    has the new value, so follow it with :func:`wait_for_plot` (or call that first).
    """
    page.wait_for_function(_IDLE_JS, arg=APP_SELECTOR, timeout=timeout_ms)
    animation_frames(page, 2)


def wait_for_plot(
    page: Page,
    predicate: str,
    *,
    index: int = 0,
    root: str | None = None,
    timeout_ms: float = WAIT_MS,
    polling: float | Literal["raf"] = "raf",
) -> None:
    """Wait until the JS expression ``predicate`` is true for a drawn Plotly div bound to ``el``.

    ``predicate`` sees ``el``, the ``index``-th ``.js-plotly-plot`` (under the element matching the CSS
    selector ``root``, if given), only once Plotly has drawn it (``el._fullData`` exists); an
    exception in it counts as false. Example: ``"el._fullData[0].z[0].length === 64"``.
    """
    js = (
        "(args) => {"
        + _FIND_PLOT_JS
        + "  if (!el || !el._fullData || !el._fullLayout) return false;\n"
        + f"  try {{ return Boolean((function (el) {{ return ({predicate}); }})(el)); }}\n"
        + "  catch (e) { return false; }\n}"
    )
    page.wait_for_function(
        js, arg={"root": root, "index": index, "plot": PLOT_SELECTOR}, timeout=timeout_ms, polling=polling
    )


def wait_for_rerun(
    page: Page, predicate: str, *, index: int = 0, root: str | None = None, timeout_ms: float = WAIT_MS
) -> None:
    """A finished rerun: the plot satisfies ``predicate``, the app is idle, two frames have passed."""
    wait_for_plot(page, predicate, index=index, root=root, timeout_ms=timeout_ms)
    wait_for_idle(page, timeout_ms=timeout_ms)


def plot_eval(page: Page, expression: str, *, index: int = 0, root: str | None = None) -> Any:
    """Evaluate the JS ``expression`` with ``el`` bound to a drawn Plotly div (see :func:`wait_for_plot`)."""
    js = (
        "(args) => {"
        + _FIND_PLOT_JS
        + "  if (!el || !el._fullData) throw new Error('no drawn Plotly chart at ' + JSON.stringify(args));\n"
        + f"  return (function (el) {{ return ({expression}); }})(el);\n}}"
    )
    return page.evaluate(js, {"root": root, "index": index, "plot": PLOT_SELECTOR})


def heatmap_shape(page: Page, *, index: int = 0, root: str | None = None) -> tuple[int, int]:
    """(rows, columns) of the first trace's ``z`` as Plotly holds it (the cells sent to the browser)."""
    rows, cols = plot_eval(
        page, "[el._fullData[0].z.length, el._fullData[0].z[0].length]", index=index, root=root
    )
    return int(rows), int(cols)


def columns_js(n: int) -> str:
    """A :func:`wait_for_plot` predicate: the first trace's ``z`` has ``n`` columns."""
    return f"el._fullData[0].z.length > 0 && el._fullData[0].z[0].length === {int(n)}"


# ---- widgets ------------------------------------------------------------------------------------------
def sidebar_slider(page: Page, label: str) -> Locator:
    """The focusable part of the sidebar slider whose label contains ``label``.

    Streamlit 1.67 renders ``[data-testid="stSlider"]`` with a visually hidden
    ``input[type="range"]`` (react-aria) inside the thumb: focus it and press arrow keys. Older
    versions had a ``div[role="slider"]`` thumb instead; either is accepted.
    """
    slider = page.locator(SIDEBAR_SELECTOR).locator('[data-testid="stSlider"]').filter(has_text=label)
    return slider.locator('input[type="range"], [role="slider"]').first


def slider_value(thumb: Locator) -> int:
    """The slider's current value, read from its range input (or a role=slider thumb's aria-valuenow)."""
    raw = thumb.evaluate("(e) => (e instanceof HTMLInputElement ? e.value : e.getAttribute('aria-valuenow'))")
    return int(float(raw))


def sidebar_button(page: Page, widget_key: str, text: str) -> Locator:
    """The option button labelled ``text`` of the sidebar button group (segmented control) ``widget_key``."""
    group = page.locator(SIDEBAR_SELECTOR).locator(f".st-key-{widget_key}")
    return group.locator('[data-testid="stButtonGroup"] button').filter(
        has=page.get_by_text(text, exact=True)
    )


def pick_option(page: Page, scope: str, option: str, *, exact: bool = True, tries: int = 4) -> None:
    """Open the selectbox under the CSS selector ``scope`` and choose ``option``.

    Tries again when the list does not show the option: a rerun that lands while the list is open (a
    slider's debounced value, a loaded machine) draws the selectbox again and closes its list, which once
    left a CI run waiting a minute for an option that was no longer on the page.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    wanted = page.get_by_role("option", name=option, exact=exact)
    for attempt in range(tries):
        page.locator(f'{scope} button[aria-haspopup="listbox"]').click()
        try:
            wanted.first.wait_for(timeout=WAIT_MS // tries)
        except PlaywrightTimeoutError:
            if attempt == tries - 1:
                raise
            page.keyboard.press("Escape")
            wait_for_idle(page)
            continue
        wanted.first.click()
        return


def open_tab(page: Page, label: str) -> None:
    """Click the page's section tab ``label`` (viz.ui.sections) and wait until it is the selected one and
    the app is idle; its charts are then drawn or being drawn (follow with :func:`wait_for_plot`)."""
    tab = page.get_by_role("tab", name=label, exact=True)
    tab.click()
    page.wait_for_function(
        "(label) => [...document.querySelectorAll('[role=tab]')].some("
        "(t) => t.innerText.trim() === label && t.getAttribute('aria-selected') === 'true')",
        arg=label,
        timeout=WAIT_MS,
    )
    page.wait_for_timeout(200)  # the rerun starts once the server has the new tab
    wait_for_idle(page)


def every_section(page: Page) -> None:
    """Switch on the sidebar's "every section at once" (each page's sections one under the other)."""
    switch = page.locator(SIDEBAR_SELECTOR).locator(".st-key-all_sections")
    switch.locator("label").first.click()
    page.wait_for_function(
        "(el) => el.checked", arg=switch.locator('input[type="checkbox"]').element_handle(), timeout=WAIT_MS
    )
    page.wait_for_timeout(200)
    wait_for_idle(page)


# ---- screenshots --------------------------------------------------------------------------------------
def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a PNG of ``page`` as ``test-artifacts/screenshots/NAME.png`` and return its path.

    Streamlit scrolls its main area inside ``[data-testid="stMain"]``, not the document, so Playwright's
    ``full_page`` alone captures one screen. For a full page the viewport is made as tall as that area
    for the shot, then restored.
    """
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    viewport = page.viewport_size
    tall = int(
        page.evaluate(
            "() => Math.max(...Array.from(document.querySelectorAll("
            '\'[data-testid="stMain"], [data-testid="stSidebarContent"]\'), (e) => e.scrollHeight), 0)'
        )
    )
    if not full_page or viewport is None or tall <= viewport["height"]:
        page.screenshot(path=str(path), full_page=full_page)
        return path
    try:
        page.set_viewport_size({"width": viewport["width"], "height": min(tall, 16_000)})
        animation_frames(page, 2)
        page.wait_for_timeout(300)  # Plotly re-lays out on resize; let it settle
        animation_frames(page, 2)
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(viewport)
    return path


def assert_no_exception(page: Page) -> None:
    """Fail when the page shows a traceback box (the user must never see one)."""
    count = page.locator(EXCEPTION).count()
    assert count == 0, f"{count} exception box(es): {page.locator(EXCEPTION).all_inner_texts()}"


def heading(page: Page) -> str:
    """The page's title (its first h1)."""
    return page.locator(HEADING).first.inner_text()
