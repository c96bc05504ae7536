"""The section tabs in a real browser: what the open tab holds, waits for its charts, and keeping a page
to the app's own server. Shared by the layout walk (tests/browser/test_browser_layout.py, which opens
every tab of every page and checks each one here) and the modules that test one tab's behaviour."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from bench.harness.browser import PLOT_SELECTOR, assert_no_exception, sidebar_slider, wait_for_idle

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

#: A chart that only its inner tab draws (the key given to viz.ui.chart), by the inner tab's i18n key
#: (tests/support/sections.py's NESTED names the inner tabs).
INNER_CHART = {
    "enc.path.part.stages": "enc_stages",
    "enc.path.part.norms": "enc_norms",
    "enc.res.part.input": "enc_residual",
    "enc.res.part.alike": "enc_residual_alike",
    "steps.part.qkv": "att_step_Q",
    "steps.part.scores": "att_step_weights",
    "steps.part.out": "att_step_out",
    "ex.part.qkv": "sm_qkv",
    "ex.part.steps": "sm_step_weights",
    "ex.part.out": "sm_step_output",
}

# The open tab's panel (Streamlit renders only that one): how many charts it holds and how many Plotly
# has drawn (``_fullData`` with traces), and how many charts the whole main area holds.
_PANEL_JS = """(plot) => {
  const panels = [...document.querySelectorAll('[data-testid="stMain"] [role="tabpanel"]')]
    .filter((p) => !p.hidden && p.offsetParent !== null && !p.parentElement.closest('[role="tabpanel"]'));
  const charts = panels.length === 1 ? [...panels[0].querySelectorAll(plot)] : [];
  return {panels: panels.length, charts: charts.length,
          drawn: charts.filter((el) => el._fullData && el._fullData.length > 0).length,
          page: document.querySelectorAll('[data-testid="stMain"] ' + plot).length};
}"""


def open_panel(page: Page) -> dict[str, int]:
    result: dict[str, int] = page.evaluate(_PANEL_JS, PLOT_SELECTOR)
    return result


def settled_in_panel(page: Page) -> None:
    """Until the open tab's panel holds every chart of the page, all drawn (or the wait runs out and the
    caller's check says what it saw). open_tab's idle can come before a loaded machine's rerun has even
    started, when the previous tab's charts are still the page's."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"(plot) => {{ const s = ({_PANEL_JS})(plot);"
            " return s.panels === 1 && s.charts === s.page && s.drawn === s.page; }",
            arg=PLOT_SELECTOR,
            timeout=120_000,
        )


def wait_drawn(page: Page, *, charts: bool = True) -> None:
    """Until the page has charts (unless not ``charts``) and Plotly has drawn every one of them. Each
    chart is a ``.al-plot`` div from the first moment (viz/plot.js); Plotly marks it ``.js-plotly-plot``
    only once plotly.js has loaded and draws it, one chart per browser task."""
    page.wait_for_function(
        "(want) => { const all = [...document.querySelectorAll('[data-testid=stMain] .al-plot')];"
        " return (all.length > 0 || !want) && all.every((el) => el._fullData && el._fullData.length); }",
        arg=charts,
        timeout=120_000,
    )


def tab_labels(page: Page) -> list[str]:
    """The labels of the page's section tabs, not of the tabs inside an open section."""
    labels: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=stMain] [role=tab]')]"
        ".filter((t) => !t.closest('[role=tabpanel]')).map((t) => t.innerText.trim())"
    )
    return labels


def selected(page: Page, nth: int = 0) -> str:
    """The open tab of the page's sections (``nth`` 1: the open tab inside it, which comes later)."""
    return page.locator('[role="tab"][aria-selected="true"]').nth(nth).inner_text().strip()


# ---- no request leaves the app's server (a class without internet) --------------------------------------
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})


def block_outside(page: Page) -> list[str]:
    """Abort every request of ``page``'s context that would leave the app's server, and return the list
    they are recorded in (call it before the first goto)."""
    attempted: list[str] = []

    def route(r: Route) -> None:
        url = r.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname in LOCAL_HOSTS:
            r.continue_()
        else:
            attempted.append(url)
            r.abort()

    page.context.route("**/*", route)
    return attempted


def move_slider(page: Page) -> None:
    """Press the sidebar's d_model slider once to the right (every page reruns with the new value)."""
    thumb = sidebar_slider(page, "d_model")
    thumb.focus()
    thumb.press("ArrowRight")
    page.wait_for_timeout(300)  # the rerun starts once the server has the new value
    wait_for_idle(page)
    wait_drawn(page, charts=False)
    assert_no_exception(page)
