"""The tools that test what a head does (the Real models page's tabs 7-9, viz/views/intervene.py and
patching.py) in a real headless Chromium: the logit lens's chart is on the first screen with " Paris" at
the last layer's last position, and picking another position redraws the lower chart and goes into the
address; the ablation tab on a Korean phone draws its grid after the progress bar and follows its layer
slider; the patching tab redraws for a new corrupted text, and a text of another length gets its message
while the page goes on. Needs SmolLM2's files (fetched by the README's commands)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    new_page,
    pick_option,
    plot_eval,
    wait_for_idle,
    wait_for_rerun,
)
from tests.support.needs import real
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

LENS, FOLLOW = ".st-key-iv_lens", ".st-key-iv_lens_follow"
GRID_WAIT_MS = 4 * WAIT_MS  # a grid runs the model hundreds of times: seconds, longer on a busy machine


def link(server: StreamlitServer, tab: str, query: str = "") -> str:
    return f"{server.url}/pretrained?model=smollm2&ex=1&tab={tab}{'&' + query if query else ''}"


def test_the_lens_reads_paris_on_the_first_screen_and_follows_a_picked_position(
    server: StreamlitServer, page: Page
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    page.goto(link(server, "lens", "lang=en"))
    wait_for_rerun(page, "el._fullData[0].z.length === 31", root=LENS)
    assert plot_eval(page, "el._fullData[0].text[0][4]", root=LENS) == "␣Paris"  # top row: the last layer
    box = page.locator(f"{LENS} .main-svg").first.bounding_box()
    assert box is not None and box["y"] < 900 * 0.3  # the chart starts in the first screen's top third
    pick_option(page, ".st-key-lens_pos", "3 · ␣France", exact=False)
    wait_for_rerun(page, "el.layout.title.text.includes('3 · ␣France')", root=FOLLOW)
    expect(page).to_have_url(re.compile(r"[?&]pos=4(&|$)"), timeout=WAIT_MS)
    assert_no_exception(page)


def test_ablation_on_a_korean_phone_draws_its_grid_and_follows_the_layer(
    browser: Browser, server: StreamlitServer
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    phone = new_page(browser, "ko", width=390, height=844)
    try:
        phone.goto(link(server, "ablate", "lang=ko"))
        phone.locator(".st-key-iv_go_ablation button").click()
        wait_for_rerun(
            phone, "el._fullData[0].z.length === 30", root=".st-key-iv_ablate_grid", timeout_ms=GRID_WAIT_MS
        )
        expect(phone.locator(".st-key-iv_go_ablation")).to_have_count(0)  # the grid took its place
        what = t("iv.abl.head_n", "ko", head="5")
        title = t("iv.abl.chart", "ko", what=what, layer=24, answer="", before="", after="").split(":")[0]
        # a phone's title is broken over lines where it fits (plot.js)
        shown = plot_eval(phone, "el.layout.title.text.replaceAll('<br>', ' ')", root=".st-key-iv_ablate")
        assert shown.startswith(title)
        thumb = phone.locator('.st-key-abl_layer input[type="range"]').first
        thumb.focus()
        phone.keyboard.press("ArrowLeft")
        wait_for_rerun(phone, "el.layout.title.text.startsWith('23층')", root=".st-key-iv_ablate")
        expect(phone).to_have_url(re.compile(r"[?&]alayer=23(&|$)"), timeout=WAIT_MS)
        assert_no_exception(phone)
    finally:
        phone.context.close()


def test_patching_redraws_for_a_new_corrupted_text_and_says_when_lengths_differ(
    server: StreamlitServer, page: Page
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    page.goto(link(server, "patch", "lang=en"))
    root = ".st-key-iv_patch_resid"
    wait_for_rerun(page, "el._fullData[0].z.length === 30", root=root, timeout_ms=GRID_WAIT_MS)
    assert "Rome" in plot_eval(page, "el.layout.title.text", root=root)
    box = page.locator('.st-key-patch_text input[type="text"]')
    box.fill("The capital of Spain is")
    box.press("Enter")
    wait_for_rerun(page, "el.layout.title.text.includes('Madrid')", root=root, timeout_ms=GRID_WAIT_MS)
    expect(page).to_have_url(re.compile(r"[?&]text2=The"), timeout=WAIT_MS)
    box.fill("The capital of the United Kingdom is")
    box.press("Enter")
    message = t("patch.lengths", "en", a=5, b=7).split(":")[0]
    expect(page.get_by_text(message)).to_be_visible(timeout=WAIT_MS)
    wait_for_idle(page)
    assert_no_exception(page)
    expect(page.locator(".st-key-real_text input")).to_have_value("The capital of France is")
    # the example pair, in one press
    page.get_by_role("button", name=t("patch.example", "en")).click()
    expect(box).to_have_value("The capital of Italy is", timeout=WAIT_MS)
    wait_for_rerun(page, "el.layout.title.text.includes('Rome')", root=root, timeout_ms=GRID_WAIT_MS)
    assert_no_exception(page)


def test_the_induction_tab_trains_on_a_press_and_smollm2s_heads_are_ranked(
    server: StreamlitServer, page: Page
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server.url}/attention?tab=induction&isteps=200&iseed=7&lang=en")
    expect(page.get_by_text(t("ind.untrained", "en", steps=200, seconds=4))).to_be_visible(timeout=WAIT_MS)
    page.locator(".st-key-ind_train button").click()
    wait_for_rerun(page, "el._fullData[0].x.length === 9", root=".st-key-ind_loss", timeout_ms=GRID_WAIT_MS)
    assert plot_eval(page, "el._fullData.length", root=".st-key-ind_scores") == 3
    # every head's score over training: the radio picks which
    curves = ".st-key-ind_curves"
    assert "prefix matching" in plot_eval(page, "el.layout.title.text", root=curves)
    page.locator(".st-key-ind_curve__en").get_by_text(t("ind.score.copy", "en"), exact=True).click()
    wait_for_rerun(page, "el.layout.title.text.includes('copying')", root=curves)
    expect(page).to_have_url(re.compile(r"[?&]icurve=copy(&|$)"), timeout=WAIT_MS)
    assert_no_exception(page)
    real("smollm2")
    page.goto(f"{server.url}/pretrained?model=smollm2&tab=induction&lang=en")
    wait_for_rerun(page, "el._fullData[0].z.length === 30", root=".st-key-ind_real", timeout_ms=GRID_WAIT_MS)
    assert plot_eval(page, "el._fullData[0].x[0]", root=".st-key-ind_real_top").startswith("L")
    assert_no_exception(page)
