"""The Attention variants page (pages/zoo.py) in a real headless Chromium: the state tab's recall chart is on
the first screen in English and Korean and follows its width slider (arrow keys), which goes into the
address; the latent tab draws its bars and its two equal maps; the zoo tab before anyone trained it
shows its button and what a press will cost; a press trains on the server, seen from a second tab after
the first is closed. (The whole zoo trains for a minute or more: AppTest checks every run's numbers on
short runs, tests/app/test_app_zoo.py.)"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    plot_eval,
    slider_value,
    wait_for_rerun,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

RECALL, MLA, MAPS = ".st-key-zoo_recall", ".st-key-zoo_mla", ".st-key-zoo_mla_maps"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_state_chart_is_on_the_first_screen_and_follows_its_slider(
    server: StreamlitServer, page: Page, lang: str
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server.url}/zoo?tab=state&width=8&lang={lang}")
    wait_for_rerun(page, "el._fullData.length >= 3", root=RECALL)
    title = plot_eval(page, "el.layout.title.text", root=RECALL)
    assert title == t("zoo.recall.chart", lang, width=8)
    box = page.locator(f"{RECALL} .main-svg").first.bounding_box()
    assert box is not None and box["y"] < 900 * 0.3
    thumb = page.locator(".st-key-zoo_width").locator('input[type="range"], [role="slider"]').first
    thumb.focus()
    page.keyboard.press("ArrowRight")
    wait_for_rerun(page, "el.layout.title.text.includes('9')", root=RECALL)
    expect(page).to_have_url(re.compile(r"[?&]width=9(&|$)"), timeout=WAIT_MS)
    # at width 9 the stateful rules read 9 pairs back whole and the cache reads every pair
    xs = plot_eval(page, "Array.from(el._fullData[0].x)", root=RECALL)
    ys = plot_eval(page, "Array.from(el._fullData[2].y)", root=RECALL)
    assert xs[-1] == 27 and min(ys) == 1
    assert_no_exception(page)


def test_quick_presses_on_the_width_leave_one_value_everywhere(server: StreamlitServer, page: Page) -> None:
    """Six arrow presses in a row, faster than a rerun: the slider, the chart and the address all end on
    the last value."""
    from playwright.sync_api import expect

    page.goto(f"{server.url}/zoo?tab=state&width=8&lang=en")
    wait_for_rerun(page, "el._fullData.length >= 3", root=RECALL)
    thumb = page.locator(".st-key-zoo_width").locator('input[type="range"], [role="slider"]').first
    thumb.focus()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    title = t("zoo.recall.chart", "en", width=14)
    wait_for_rerun(page, f"el.layout.title.text === {json.dumps(title)}", root=RECALL)
    expect(page).to_have_url(re.compile(r"[?&]width=14(&|$)"), timeout=WAIT_MS)
    assert slider_value(thumb) == 14
    assert plot_eval(page, "Array.from(el._fullData[0].x).at(-1)", root=RECALL) == 3 * 14
    assert_no_exception(page)


def test_the_latent_tab_draws_the_caches_and_two_equal_maps(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}/zoo?tab=mla&lang=ko")
    wait_for_rerun(page, "el._fullData.length === 1", root=MLA)
    wait_for_rerun(page, "el._fullData.length >= 2", root=MAPS)
    built = plot_eval(page, "el._fullData[0].z.map((row) => Array.from(row))", root=MAPS)
    absorbed = plot_eval(page, "el._fullData[1].z.map((row) => Array.from(row))", root=MAPS)
    assert len(built) == 10
    pairs = [(a, b) for r, s in zip(built, absorbed, strict=True) for a, b in zip(r, s, strict=True)]
    assert all(abs(a - b) < 1e-6 for a, b in pairs)
    assert plot_eval(page, "el._fullData[0].name", root=MLA) == t("zoo.mla.numbers", "ko")
    assert_no_exception(page)


def test_the_zoo_tab_offers_its_button_before_anyone_trained(server: StreamlitServer, page: Page) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server.url}/zoo?lang=en&seed=77")
    expect(page.locator(".st-key-zoo_train button").first).to_have_text(t("zoo.train", "en"), timeout=WAIT_MS)
    expect(page.get_by_text("No run with this seed yet.", exact=False)).to_be_visible(timeout=WAIT_MS)
    assert_no_exception(page)


# Last in the module: the training it starts goes on in the run's server until it is done or the server
# stops, in children of Linux's idle class (viz/cache/child.py): a core only when no test wants it.
def test_a_press_trains_on_the_server_for_every_tab_of_the_seed_even_once_the_tab_is_closed(
    server: StreamlitServer, page: Page
) -> None:
    """The press hands the zoo to the server's worker: the tab shows the job's progress, a second tab of
    the same seed shows the same progress and no button, and after the first tab is closed the second
    still sees the first variant finish and its curve drawn."""
    from playwright.sync_api import expect

    url = f"{server.url}/zoo?lang=en&seed=78"
    page.goto(url)
    page.locator(".st-key-zoo_train button").first.click()
    bar = '[data-testid="stProgress"]'
    # two variants at a time: the first two named together, none done yet
    names = t("zoo.and", "en").join(t(f"zoo.v.{v}", "en") for v in ("standard", "mla"))
    first = t("zoo.training", "en", names=names, done=0, n=11)
    expect(page.locator(bar).first).to_contain_text(first, timeout=WAIT_MS)
    other = page.context.new_page()
    other.goto(url)
    expect(other.locator(bar).first).to_be_visible(timeout=WAIT_MS)
    expect(other.locator(".st-key-zoo_train")).to_have_count(0)
    page.close()  # the visitor who pressed leaves; the server goes on
    # the third variant is taken once one of the first two is done
    expect(other.locator(bar).first).to_contain_text(t("zoo.v.differential", "en"), timeout=3 * WAIT_MS)
    wait_for_rerun(other, "el._fullData.length >= 1", root=".st-key-zoo_curves")
    drawn = plot_eval(other, "el._fullData[0].name", root=".st-key-zoo_curves")
    assert drawn in (t("zoo.v.standard", "en"), t("zoo.v.mla", "en"))
    assert_no_exception(other)
