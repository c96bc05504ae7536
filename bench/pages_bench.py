"""Per-page browser benchmark: first load and slider moves on every page, in headless Chromium.

Run from the repository root (needs Chromium and a CJK font: `make browser-deps`):

    .venv/bin/python -m bench.pages_bench [--presses 9] [--out bench/results/pages.md]
        [--pages positional_encoding,embedding,...,minimal] [--sizes default,largest]

Every page of app.py (and ``bench/minimal_app.py``, the floor, on its own server) is opened at the
defaults and the largest size, each in a new browser context, and measured generically: first load
(``goto`` to the first Plotly chart drawn, and to all drawn with the app idle), ``--presses`` arrow keys on
each of the page's sliders (keydown to the first chart redrawn, to the last one, to the app idle), the
websocket bytes of each, and the server's VmRSS / VmHWM after each page and size. Timing starts once
the server is quiet after a first untimed visit (its background warm-up done, :func:`wait_until_quiet`).

A redraw is seen by a script injected into every page: on each animation frame it records the time
whenever a ``.js-plotly-plot``'s ``_fullData`` changes or a new drawn one appears (Streamlit remounts a
chart whose data changed). Writes a Markdown report and the raw samples as JSON next to it; exits 0
whenever it could run, 2 when it could not (no Chromium, a server that did not start).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import shlex
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.browser_bench import ByteCounter, human_bytes, percentile
from bench.harness.browser import (
    APP_SELECTOR,
    EXCEPTION,
    PLOT_SELECTOR,
    REPO_ROOT,
    ServerError,
    StreamlitServer,
    launch_browser,
    missing_browser_reason,
    wait_for_idle,
)
from bench.load_bench import proc_cpu_seconds
from bench.report import environment, write_report
from viz.ui.runtime import WARM_DELAY_S

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "pages.md"
SIZES: dict[str, str] = {"default": "", "largest": "?max_len=4096&d_model=1024&heads=1024"}
TARGET_S = {"default": 0.3, "largest": 0.8}  # the target for the median redraw time
TIMEOUT_MS = 120_000
QUIET_MS = 300  # no chart redrawn for this long (and the app idle): the rerun is over
#: Before the first page is timed, the server must have used under QUIET_CPU of a core for QUIET_FOR_S
#: (its background warm-up done), waiting at most QUIET_MAX_S.
QUIET_CPU, QUIET_FOR_S, QUIET_MAX_S = 0.05, 1.0, 30.0
HUGE_PRESS_BYTES = 5_000_000
MINIMAL = "minimal"
#: First loads per page and size: the server's first (cold caches) and later visitors' (a new session each)
VISITS = 4


#: The sliders pressed on each page, by widget key (the container's class is ``st-key-KEY``), each with
#: the tab open while it is pressed: the index of the tab among all the page's tabs in document order
#: (viz.ui.sections: the page's sections, then the tabs inside the open one), None for the page as it
#: opens (the first tab). A section's own slider is pressed in its tab; a page-wide one in the first tab
#: and in the other tabs that draw as much or more.
PAGES: dict[str, tuple[tuple[str, int | None], ...]] = {
    "positional_encoding": (("d_model", None),),
    "embedding": (("d_model", None), ("d_model", 1)),
    # p, d_k on the first tab and T are their live strips' (live_sim, live_smvar, live_sm below): one
    # control per value, the page's own widget hidden while its strip is on screen
    "similarity": (("d_model", None), ("d_model", 1), ("d_model", 2)),
    "softmax": (("sm_dk", 2),),
    "attention": (("att_step_head", 2), ("att_layers", None)),
    # Tabs 4 and 5: the two tabs inside the first section (after the page's four), the block's stages and
    # the stack's lengths; tab 1 opens on its own first inner tab (each stage against its input). N goes
    # down and back up to its default before d_model moves (with --presses 5 or more), so every row but
    # N's runs at N = 6.
    "encoder": (("enc_layers", None), ("enc_layers", 5), ("d_model", 4), ("d_model", 1)),
    # Tab 3, one head large (MiniLM, the page's default model): the run is cached, only the view changes.
    "pretrained": (("real_head", 2), ("real_layer", 2)),
    # MiniLM's trained table (a fixed 512 x 384): max_len changes the rows shown; on the Similarity page
    # against the sinusoidal table, p in the first tab and max_len in the by-offset tab
    "pe_minilm": (("max_len", None), ("max_len", 2)),
    "sim_minilm": (("sim_p", None), ("max_len", 2)),
    # the tabs beyond the 2017 paper, each the last of its page's tabs: their own sliders (the relative
    # biases' and RoPE scaling's are their live strips': live_alibi, live_t5, live_kerple, live_rope)
    "online_softmax": (("os_step", 3), ("os_block", 3)),
    "windows": (("win_w", 4), ("win_layers", 4)),
    # the presenter view: the same pages' own sliders, every chart restyled in the browser
    # (its sidebar is closed, so no sidebar slider)
    "present_sim": (("sim_row_live", None),),
    "present_sm": (("sm_var_live", None),),
    "present_att": (("att_layers", None),),
    # charts that follow a dragged slider: a key press on a live strip's first input redraws
    # its chart in the browser at once (the first redraw), then the release reruns the page (idle)
    # (the PE table and the offsets follow the sidebar's own sliders: positional_encoding, similarity)
    "live_sim": (("sim_row_live", None),),
    "live_sm": (("sm_row_live", 1),),
    "live_kerple": (("rel_kerple_live", 5),),
    "live_rope": (("rs_live", 4),),
    "live_smvar": (("sm_var_live", None),),  # the first tab's d_k (the page's own sm_dk is hidden there)
    "live_alibi": (("rel_alibi_live", 5),),
    "live_t5": (("rel_t5_live", 5),),
    # attention as lines between words (viz.views.flow): the live model's heads as d_model moves (a new
    # model each press), and a real model's layer (every head of it) as the layer moves
    "lines_att": (("d_model", None),),
    "lines_real": (("real_layer", 2),),
    # the model view (every layer's heads as panels of lines): the live model's two layers as d_model
    # moves, and SmolLM2's 30 layers x 9 heads as the text's example changes nothing (the layer slider
    # moves, the picture of every layer stays: a rerun that redraws the same chart)
    "model_att": (("d_model", None),),
    "model_real": (("real_layer", 2),),
    # Home's diagram of the model (viz/views/model_map.py): d_model changes every shape and number on it
    "home": (("d_model", None),),
    # SmolLM2 writing on (viz/views/generate.py, the sixth tab): each press of "Tokens written" writes one
    # more token
    "generate": (("gen_n", 5),),
    # the Attention variants page's tabs with a slider of their own (the zoo's tab has none: its runs are
    # trained on a press), and the Softmax page's QK-norm tab
    "zoo_state": (("zoo_width", 1),),
    "zoo_diff": (("zoo_lambda", 3),),
    "zoo_sparse": (("zoo_top", 4),),
    "zoo_layers": (("zoo_rotated", 5),),
    "softmax_cap": (("sm_qscale", 4),),
    MINIMAL: (("d_model", None),),
}
#: Pages opened on another view than their bare address: the Real models page opens on its tokens
#: table, which has no chart to wait for.
PATHS: dict[str, str] = {
    "pretrained": "pretrained?tab=one",
    "pe_minilm": "positional_encoding?enc=minilm",
    "sim_minilm": "similarity?enc=minilm&vs=sinusoidal",
    "online_softmax": "softmax",
    "windows": "attention",
    "present_sim": "similarity?present=1",
    "present_sm": "softmax?present=1",
    "present_att": "attention?present=1",
    "live_sim": "similarity",
    "live_sm": "softmax",
    "live_kerple": "similarity?bias=kerple",
    "live_rope": "positional_encoding",
    "live_smvar": "softmax",
    "live_alibi": "similarity",
    "live_t5": "similarity?bias=t5",
    "lines_att": "attention?view=lines",
    "lines_real": "pretrained?tab=one&view=lines",
    "model_att": "attention?view=model&layers=2",
    "model_real": "pretrained?model=smollm2&tab=one&view=model",
    "generate": "pretrained?model=smollm2&tab=generate",
    "zoo_state": "zoo",
    "zoo_diff": "zoo",
    "zoo_sparse": "zoo",
    "zoo_layers": "zoo",
    "softmax_cap": "softmax",
}
TAB = '[role="tab"]'
#: At the largest size these start from their last option (End key, untimed), not the default.
END_FIRST_WHEN_LARGEST = frozenset({"sm_dk"})

# Injected before any page script: records every chart redraw and every script-state change, and the
# time of the last keydown (capture phase, so before Streamlit's own handlers).
_PROBE_JS = """(() => {
  const b = window.__pb = {key: null, redraws: [], states: [], state: null, idleSince: null};
  const seen = new WeakMap();
  const check = (now) => {
    const app = document.querySelector('APP');
    const state = app ? app.getAttribute('data-test-script-state') : null;
    if (state !== b.state) {
      b.state = state;
      b.states.push([now, state]);
      if (state === 'notRunning') b.idleSince = now;
    }
  };
  document.addEventListener('keydown', () => { b.key = performance.now(); }, true);
  // The time of the last websocket message: a rerun that drew nothing and that React rendered in one
  // go (running and idle in one commit) shows no change of script state to wait on.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { b.lastMessage = performance.now(); });
    }
  };
  new MutationObserver(() => check(performance.now())).observe(document, {
    subtree: true, attributes: true, attributeFilter: ['data-test-script-state']});
  const tick = () => {
    const now = performance.now();
    check(now);
    for (const el of document.querySelectorAll('PLOT')) {
      const data = el._fullData;
      if (data && seen.get(el) !== data) { seen.set(el, data); b.redraws.push(now); }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();""".replace("'APP'", json.dumps(APP_SELECTOR)).replace("'PLOT'", json.dumps(PLOT_SELECTOR))

# Once the app is idle and no chart was redrawn for ``quiet`` ms: the redraw times and the switch to idle,
# in ms since the keydown (or the navigation start); false until then. After a keydown the state must
# first have left notRunning (or a chart been redrawn): right after a press it still says notRunning.
_SETTLED_JS = """(quiet) => {
  const b = window.__pb, now = performance.now(), t0 = b && b.key !== null ? b.key : 0;
  if (!b || b.state !== 'notRunning' || b.idleSince === null) return false;
  const app = document.querySelector('APP');
  if (app && app.getAttribute('data-test-connection-state') === 'DISCONNECTED') return false;
  const redraws = b.redraws.filter((t) => t > t0);
  if (redraws.length === 0 && (b.key === null || !b.states.some(([t, s]) => t > t0 && s !== 'notRunning'))) {
    // nothing redrawn and no state change seen: settled once the websocket has been quiet after the key
    if (b.key === null || !(b.lastMessage > t0) || now - b.lastMessage < quiet) return false;
    return {redraws: [], idle: b.lastMessage - t0};
  }
  if (now - Math.max(b.idleSince, redraws.length ? redraws[redraws.length - 1] : 0) < quiet) return false;
  // a rerun the page never showed as running (React rendered running and idle in one commit, as when a
  // live strip's charts hold the main thread): its last websocket message
  const idle = b.idleSince > t0 ? b.idleSince - t0 : b.lastMessage > t0 ? b.lastMessage - t0 : null;
  return {redraws: redraws.map((t) => t - t0), idle: idle};
}""".replace("'APP'", json.dumps(APP_SELECTOR))
_RESET_JS = "() => Object.assign(window.__pb, {key: null, redraws: [], states: []})"


@dataclass
class Sample:
    """One load or one key press: milliseconds from the goto / keydown, and websocket bytes."""

    first_ms: float
    redraw_ms: float  # the last chart redrawn before the app settled
    idle_ms: float  # the script state last became notRunning
    bytes: int
    frames: int
    redraws: int
    value: str = ""  # the slider's shown value after the press

    @property
    def settled_ms(self) -> float:
        """A load's *all drawn + idle*: the later of the last redraw and the switch to idle."""
        return max(self.redraw_ms, self.idle_ms)


@dataclass
class Row:
    """All presses of one slider on one page at one size."""

    page: str
    size: str
    slider: str
    tab: str = ""  # the open tab's label, when not the first
    key: str = ""  # ArrowLeft / ArrowRight
    start: str = ""
    samples: list[Sample] = field(default_factory=list)


@dataclass
class PageRun:
    """One (page, size) in its own browser context."""

    page: str
    size: str
    url: str
    load: Sample | None = None
    rows: list[Row] = field(default_factory=list)
    rss_kib: int = 0
    hwm_kib: int = 0
    notes: list[str] = field(default_factory=list)
    #: later first loads of the same URL, each in a new context (a new visitor: caches warm, scripts fetched)
    revisits: list[Sample] = field(default_factory=list)


def wait_settled(page: Page) -> Sample:
    """Wait until the app is idle and no chart redrew for QUIET_MS; the times since the keydown / goto."""
    handle = page.wait_for_function(_SETTLED_JS, arg=QUIET_MS, timeout=TIMEOUT_MS, polling=50)
    got: dict[str, Any] = handle.json_value()
    redraws = [float(t) for t in got["redraws"]] or [math.nan]  # NaN: no chart redrawn
    idle = math.nan if got["idle"] is None else float(got["idle"])  # NaN: the state never left notRunning
    return Sample(redraws[0], redraws[-1], idle, 0, 0, len(got["redraws"]))


def thumb_state(loc: Locator) -> dict[str, Any]:
    """Value, bounds and shown text of the thumb: a range input (Streamlit 1.67) or a role=slider div. A
    select-slider's value is an option index; its text is the option. Value and bounds are in steps (a
    slider of decimals moves by its step per press)."""
    state: dict[str, Any] = loc.evaluate(
        """(e) => {
          const a = (name, input) => (e instanceof HTMLInputElement ? e[input] : e.getAttribute(name));
          const step = e instanceof HTMLInputElement && Number(e.step) > 0 ? Number(e.step) : 1;
          return {value: Number(a('aria-valuenow', 'value')) / step,
                  min: Number(a('aria-valuemin', 'min')) / step,
                  max: Number(a('aria-valuemax', 'max')) / step,
                  text: e.getAttribute('aria-valuetext') ?? a('aria-valuenow', 'value')};
        }"""
    )
    return state


def open_tab(page: Page, run: PageRun, index: int) -> str:
    """Click the page's tab ``index`` (untimed) and wait for its charts; its label."""
    tab = page.locator(TAB).nth(index)
    label = tab.inner_text().strip()
    if tab.get_attribute("aria-selected") == "true":
        return label
    page.evaluate(_RESET_JS)
    tab.click()
    try:
        wait_settled(page)
    except Exception as exc:  # a benchmark reports what it saw instead of stopping
        run.notes.append(f"tab {label!r}: never settled ({type(exc).__name__})")
    return label


def press_slider(
    page: Page, counter: ByteCounter, run: PageRun, slider: str, presses: int, tab: int | None = None
) -> None:
    """Press one slider ``presses`` times (ArrowLeft, or ArrowRight with more room), one rerun each,
    with the page's tab ``tab`` open (None: the first, as the page opens)."""
    row = Row(run.page, run.size, slider)
    run.rows.append(row)
    if run.page != MINIMAL and page.locator(TAB).count():  # Home has no tabs
        row.tab = open_tab(page, run, 0 if tab is None else tab)
    loc = page.locator(f".st-key-{slider}").locator('input[type="range"], [role="slider"]').first
    if loc.count() == 0:
        run.notes.append(f"slider `{slider}` not found")
        return
    if slider in END_FIRST_WHEN_LARGEST and run.size == "largest":
        page.evaluate(_RESET_JS)
        loc.press("End")  # untimed: move to the last option first
        wait_settled(page)
    state = thumb_state(loc)
    row.start = str(state["text"])
    left, right = state["value"] - state["min"], state["max"] - state["value"]
    # ArrowLeft, unless there is less room that way than presses and more the other way (a slider an
    # earlier row of the same page has already moved)
    row.key = "ArrowLeft" if left >= presses or left >= right else "ArrowRight"
    room = left if row.key == "ArrowLeft" else right
    count = int(min(presses, room))
    if count < presses:
        run.notes.append(f"`{slider}` from {row.start}: only {count} {row.key} presses possible")
    for i in range(count):
        page.evaluate(_RESET_JS)
        counter.reset()
        loc.press(row.key)
        try:
            sample = wait_settled(page)
        except Exception as exc:  # a benchmark reports what it saw instead of stopping
            run.notes.append(f"`{slider}` press {i + 1}: never settled ({type(exc).__name__})")
            break
        sample.bytes, sample.frames = counter.bytes, counter.frames
        after = thumb_state(loc)
        sample.value = str(after["text"])
        if after["value"] == state["value"]:
            run.notes.append(f"`{slider}` press {i + 1}: value stayed at {sample.value}")
            break
        state = after
        row.samples.append(sample)
        odd = {
            f"{human_bytes(sample.bytes)} in one press": sample.bytes > HUGE_PRESS_BYTES,
            "no chart redrawn": sample.redraws == 0,
            "the script state never left `notRunning` (no idle time)": math.isnan(sample.idle_ms),
        }
        run.notes += [f"`{slider}` -> {sample.value}: {what}" for what, seen in odd.items() if seen]
        print(
            f"  {run.page} {run.size} {slider} -> {sample.value}: first {sample.first_ms:.0f} ms, "
            f"redraw {sample.redraw_ms:.0f} ms, idle {sample.idle_ms:.0f} ms, "
            f"{human_bytes(sample.bytes)}, {sample.redraws} redraws",
            flush=True,
        )


def probe_context(browser: Browser) -> BrowserContext:
    """A new browser context (a new session) with the probe injected into every page."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    context.add_init_script(_PROBE_JS)
    return context


def revisit(browser: Browser, run: PageRun) -> None:
    """One more first load of the run's URL in a new context, added to ``run.revisits``."""
    context = probe_context(browser)
    try:
        page = context.new_page()
        page.goto(run.url)
        run.revisits.append(wait_settled(page))
    except Exception as exc:  # a benchmark reports what it saw instead of stopping
        run.notes.append(f"a later visit never settled ({type(exc).__name__})")
    finally:
        context.close()


def run_page(
    browser: Browser, server: StreamlitServer, name: str, size: str, presses: int, visits: int = 1
) -> PageRun:
    """First load (and ``visits`` - 1 later ones, each a new visitor), then every slider of ``name`` at
    ``size``, in a new browser context."""
    path = "" if name == MINIMAL else PATHS.get(name, name)
    query = SIZES[size].replace("?", "&") if "?" in path else SIZES[size]
    run = PageRun(name, size, f"{server.url}/{path}{query}")
    context = probe_context(browser)
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: run.notes.append(f"page error: {str(err)[:200]}"))
        counter = ByteCounter()
        counter.attach(page)
        page.goto(run.url)
        try:
            run.load = wait_settled(page)
        except Exception as exc:
            run.notes.append(f"first load never settled ({type(exc).__name__})")
            return run
        run.load.bytes, run.load.frames = counter.bytes, counter.frames
        print(
            f"{name} {size}: first chart {run.load.first_ms:.0f} ms, settled {run.load.settled_ms:.0f} ms, "
            f"{human_bytes(run.load.bytes)}",
            flush=True,
        )
        for _ in range(visits - 1):
            revisit(browser, run)
        for slider, tab in PAGES[name]:
            try:
                press_slider(page, counter, run, slider, presses, tab)
            except Exception as exc:  # a benchmark reports what it saw instead of stopping
                run.notes.append(f"`{slider}`: {type(exc).__name__}: {str(exc)[:200]}")
        if (boxes := page.locator(EXCEPTION).count()) > 0:
            run.notes.append(f"{boxes} exception box(es) on the page")
    finally:
        context.close()
        run.rss_kib, run.hwm_kib = server.rss_kib(), server.rss_kib("VmHWM")
    return run


# ---- the report ---------------------------------------------------------------------------------------
def seconds(ms: float) -> str:
    return "–" if math.isnan(ms) else f"{ms / 1000:.2f} s"  # NaN: nothing was redrawn


def median(values: list[float]) -> float:
    """The median of the values that are not NaN (a press that redrew no chart has no redraw time)."""
    values = [v for v in values if not math.isnan(v)]
    return statistics.median(values) if values else math.nan


def later_first_ms(run: PageRun) -> float:
    """The median first-chart time of a run's later visits (NaN: none)."""
    return median([v.first_ms for v in run.revisits])


def load_table(runs: list[PageRun]) -> list[str]:
    floor = {r.size: r.load.first_ms for r in runs if r.page == MINIMAL and r.load is not None}
    later_floor = {r.size: later_first_ms(r) for r in runs if r.page == MINIMAL}
    lines = [
        "| page | size | first chart | all drawn + idle | bytes received | first chart / minimal "
        "| later visits: first chart (median, range) | later visits / minimal's |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in runs:
        if r.load is None:
            lines.append(f"| {r.page} | {r.size} | never settled | | | | | |")
            continue
        ratio = f"{r.load.first_ms / floor[r.size]:.1f}x" if r.size in floor else "–"
        later, times = later_first_ms(r), [v.first_ms for v in r.revisits]
        spread = f"{seconds(later)} ({seconds(min(times))}–{seconds(max(times))})" if times else "–"
        base = later_floor.get(r.size, math.nan)
        later_ratio = "–" if math.isnan(later) or math.isnan(base) else f"{later / base:.2f}x"
        lines.append(
            f"| {r.page} | {r.size} | {seconds(r.load.first_ms)} | {seconds(r.load.settled_ms)} "
            f"| {human_bytes(r.load.bytes)} | {ratio} | {spread} | {later_ratio} |"
        )
    return lines


def press_table(runs: list[PageRun]) -> list[str]:
    lines = [
        "| page | slider (from, key), open tab | size | first chart median | redraw median | redraw p95 "
        "| target | idle median | bytes median | bytes max | presses |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in (row for run in runs for row in run.rows):
        s, name = row.samples, f"`{row.slider}` (from {row.start}, {row.key})"
        name += f", tab “{row.tab}”" if row.tab else ""
        if not s:
            lines.append(f"| {row.page} | {name} | {row.size} | | | | | | | | 0 |")
            continue
        redraw = [x.redraw_ms for x in s if not math.isnan(x.redraw_ms)]
        target = TARGET_S[row.size] * 1000
        idle = [x.idle_ms for x in s if not math.isnan(x.idle_ms)]
        # A slider that changed no chart on this tab: what the student waits for is the rerun (idle).
        headline = median(redraw) if redraw else median(idle)
        met = "met" if headline <= target else "**missed**"  # NaN (nothing seen at all): missed
        shown = f"**{seconds(headline)}**" if redraw else f"**{seconds(headline)}** (no chart changed: idle)"
        lines.append(
            f"| {row.page} | {name} | {row.size} | {seconds(median([x.first_ms for x in s]))} "
            f"| {shown} | {seconds(percentile(redraw, 95) if redraw else math.nan)} "
            f"| {met} (≤ {target / 1000:.1f} s) | {seconds(median([x.idle_ms for x in s]))} "
            f"| {human_bytes(statistics.median(x.bytes for x in s))} "
            f"| {human_bytes(max(x.bytes for x in s))} | {len(s)} |"
        )
    return lines


def markdown(runs: list[PageRun], env: str, command: str, presses: int, elapsed_s: float) -> str:
    lines = [
        "# Per-page browser benchmark: first load and slider moves",
        "",
        f"{dt.datetime.now().isoformat(timespec='minutes')}, {env}. Run in {elapsed_s:.0f} s with:",
        "",
        f"    {command}",
        "",
        "Each page is opened in a new browser context (a new session, viewport 1400 x 1000) at the defaults "
        f"(no query) and at the largest size (`{SIZES['largest']}`); all pages of the app share one server, "
        "the minimal app (`bench/minimal_app.py`, one slider and one 16 x 32 heatmap, the floor; it ignores "
        "the query) runs on its own. A script injected into the page records, on every animation frame, "
        "the time at which any `.js-plotly-plot` got a new `_fullData` or appeared drawn (a redraw), and "
        "every change of the app's script state. A chart whose figure did not change is not redrawn by "
        "Streamlit, so it does not count.",
        "",
        "*First chart*: from the navigation start to the first chart drawn, on the server's first visit to "
        "the page at that size (cold caches). *Later visits*: the same page loaded again, each time in a new "
        "browser context (a new session that fetches the frontend's scripts again, as another student "
        "would), the median over those loads, against the minimal app's later visits. "
        "*All drawn + idle*: until the "
        f"app was idle (`notRunning`) with no chart redrawn for {QUIET_MS} ms, taken as the later of the "
        "last redraw and the switch to idle. *Bytes*: websocket payloads received. *First chart / "
        "minimal*: the first-chart time over the minimal app's at the same size. Each server first serves "
        "one untimed visit to its root and is then left until it is quiet (under "
        f"{QUIET_CPU:.0%} of a core for {QUIET_FOR_S:.0f} s: the app's background PyTorch import and "
        "throwaway model, `viz.ui.warm_live_model`, are done), so no row pays for the server's own "
        "start-up; but the default row of each page is the server's first run of that page (cold "
        "caches), and every new context fetches the frontend's scripts.",
        "",
        f"Slider moves: up to {presses} arrow-key presses per slider, in the tab named (ArrowLeft, or "
        "ArrowRight where there is more room that way; each press a value this row has not seen, though a "
        "later row of a page may go back over values an earlier row visited in another tab; fewer when the "
        "slider runs out of values), each rerun finished before the next press. Times run from "
        "the keydown, seen in the page: "
        "*first chart* to the first redraw, *redraw* to the last redraw before the app settled (the headline "
        "number; the target is a median ≤ 0.3 s at the defaults, ≤ 0.8 s at the largest size; where a "
        "slider changed no chart in the open tab, the idle median stands in), *idle* to "
        "the script state's last switch to `notRunning` (for a press whose rerun the page never "
        "showed as running, the last websocket message). p95 is nearest-rank (with 20 "
        "samples or fewer: the slowest). *Bytes*: websocket payloads from the keydown until the app "
        "settled. The same server serves every page in turn, so a later page may find shared caches (e.g. "
        "the sidebar's d_model values) warm.",
        "",
        "## First load",
        "",
        *load_table(runs),
        "",
        "## Slider moves",
        "",
        *press_table(runs),
        "",
        "## Server memory",
        "",
        "`/proc/PID/status` of the server after each page and size (VmHWM is the peak so far, so it only "
        "grows along the run; pages run in the order shown).",
        "",
        "| server | page | size | VmRSS | VmHWM |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in runs:
        server = "minimal_app.py" if r.page == MINIMAL else "app.py"
        lines.append(f"| {server} | {r.page} | {r.size} | {r.rss_kib >> 10} MiB | {r.hwm_kib >> 10} MiB |")
    notes = [f"- {r.page} {r.size}: {n}" for r in runs for n in r.notes]
    lines += ["", "## Notes", "", *(notes or ["- none: every slider was found and every rerun settled."])]
    return "\n".join(lines) + "\n"


def warm_up(browser: Browser, url: str) -> None:
    """One untimed visit to the server's root (its first run imports NumPy, Plotly, the app's modules)."""
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)
        wait_for_idle(page, timeout_ms=TIMEOUT_MS)


def wait_until_quiet(pid: int) -> float:
    """Wait until the server has used under QUIET_CPU of a core for QUIET_FOR_S (at most QUIET_MAX_S);
    the seconds waited.

    The app imports PyTorch and builds a throwaway model in a background thread WARM_DELAY_S after its
    first page (viz.ui.warm_live_model): about 3 s of CPU that would otherwise fall on the first page
    timed. The check starts once that thread has started."""
    began = time.perf_counter()
    time.sleep(WARM_DELAY_S)
    window: list[tuple[float, float]] = [(time.perf_counter(), proc_cpu_seconds(pid))]
    while time.perf_counter() - began < QUIET_MAX_S:
        time.sleep(0.25)
        now = time.perf_counter()
        window.append((now, proc_cpu_seconds(pid)))
        while len(window) > 2 and now - window[1][0] >= QUIET_FOR_S:
            window.pop(0)
        (t0, c0), (t1, c1) = window[0], window[-1]
        if t1 - t0 >= QUIET_FOR_S and (c1 - c0) / (t1 - t0) < QUIET_CPU:
            break
    return time.perf_counter() - began


def run_server(
    browser: Browser, script: str, names: list[str], sizes: list[str], presses: int, visits: int = 1
) -> list[PageRun]:
    """All (page, size) runs of ``names`` on one server for ``script``; server tracebacks become notes."""
    runs: list[PageRun] = []
    with StreamlitServer(script) as server:
        print(f"{script} on {server.url} (pid {server.pid})", flush=True)
        warm_up(browser, server.url)
        print(f"  server quiet after {wait_until_quiet(server.pid):.1f} s more", flush=True)
        for name in names:
            runs += [run_page(browser, server, name, size, presses, visits) for size in sizes]
        tracebacks = server.output().count("Traceback")
        if tracebacks and runs:
            runs[-1].notes.append(f"the server ({script}) printed {tracebacks} traceback(s)")
    return runs


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--presses", type=int, default=9, help="arrow-key presses per slider (default 9)")
    parser.add_argument(
        "--visits", type=int, default=VISITS, help=f"first loads per page and size (default {VISITS})"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="Markdown report (JSON next to it)")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated, of: " + ", ".join(PAGES))
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated, of: default, largest")
    args = parser.parse_args(argv)
    names = [p for p in args.pages.split(",") if p]
    sizes = [s for s in args.sizes.split(",") if s]
    if bad := [x for x in names if x not in PAGES] + [x for x in sizes if x not in SIZES]:
        parser.error(f"unknown page or size: {', '.join(bad)}")
    if args.presses < 1 or args.visits < 1:
        parser.error("--presses and --visits must be at least 1")
    if reason := missing_browser_reason():
        print(f"cannot run the browser benchmark: {reason}", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    command = shlex.join([".venv/bin/python", "-m", "bench.pages_bench", *argv])
    began = time.perf_counter()
    runs: list[PageRun] = []
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            env = environment(browser.version)
            app_pages = [n for n in names if n != MINIMAL]
            if MINIMAL in names:
                runs += run_server(
                    browser, "bench/minimal_app.py", [MINIMAL], sizes, args.presses, args.visits
                )
            if app_pages:
                runs += run_server(browser, "app.py", app_pages, sizes, args.presses, args.visits)
        except ServerError as exc:
            print(f"a server did not start: {exc}", file=sys.stderr)
            return 2
        finally:
            browser.close()

    elapsed = time.perf_counter() - began
    text = markdown(runs, env, command, args.presses, elapsed)
    write_report(text, args.out)
    raw = {"command": command, "environment": env, "elapsed_s": elapsed, "runs": [asdict(r) for r in runs]}
    dump = json.dumps(raw, indent=1).replace(": NaN", ": null")  # NaN: a press that redrew no chart
    args.out.with_suffix(".json").write_text(dump + "\n", encoding="utf-8")
    print(f"and the raw runs to {args.out.with_suffix('.json')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
