"""SmolLM2 writing on (the Real models page's sixth tab, viz/views/generate.py) in a real headless Chromium.

A link replays a generation: the same address in a fresh browser writes the same text, token for token.
"＋1 token" writes one more, the earlier text its beginning, and the address and the slider follow; a pill
of the strip shows the step that chose it, and the address keeps that step. Stop, pressed while a long
generation is being written, keeps the tokens written so far (fewer than asked: the slider, the address
and the bars say how many), and asking again for all of them finishes the generation without an error.
In Korean on a touch phone, the strip shows whole Hangul syllables (a syllable's byte tokens grouped, no
byte in hex) and the bars' title is Korean. Needs SmolLM2's files (fetched by the README's commands).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING
from urllib.parse import quote

import pytest

from bench.harness.browser import (
    HANGUL,
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    plot_eval,
    screenshot,
    slider_value,
    wait_for_idle,
    wait_for_rerun,
)
from tests.support.needs import real
from viz.i18n import t
from viz.state.link import REAL_EXAMPLES
from viz.views.generate import DEFAULT_N

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

BARS = ".st-key-gen_bars"  # the container of the chart with key="gen_bars" (the picked step's candidates)
PILLS = '.st-key-gen_step button[role="radio"]'  # the strip: one pill per whole character written
SLIDER = '.st-key-gen_n input[type="range"]'  # "Tokens written" (Streamlit 1.67's slider: a range input)
TEXT = '[data-testid="stMain"] [data-testid="stText"]'  # the text so far
PROGRESS = '[data-testid="stProgress"]'
TITLE_JS = "el.layout.title.text"
HOLE = "\0"  # stands in for a template's value that the test cannot know, to cut the template there
# Every expect() below is given WAIT_MS: its own default, 5 s, is shorter than a rerun on a busy two-core
# machine.


def link(server: StreamlitServer, query: str) -> str:
    return f"{server.url}/pretrained?model=smollm2&tab=generate&{query}"


def js_str(text: str) -> str:
    """``text`` as a JavaScript string literal (JSON's escapes are JavaScript's)."""
    return json.dumps(text)


def title_start(lang: str, j: int) -> str:
    """The bars' title for step ``j`` up to the token it came after (which the test does not know):
    "Step 3: after “", "3단계: “"."""
    return t("gen.bars.title", lang, j=j, last=HOLE, chosen=HOLE, q=0.5).split(HOLE)[0]


def wait_for_step(page: Page, lang: str, j: int) -> str:
    """Wait until the bars show step ``j`` and the app is idle; return the bars' title."""
    wait_for_rerun(page, f"{TITLE_JS}.startsWith({js_str(title_start(lang, j))})", root=BARS)
    title: str = plot_eval(page, TITLE_JS, root=BARS)
    return title


def param(name: str, value: int) -> re.Pattern[str]:
    """An address whose query has ``name=value``."""
    return re.compile(rf"[?&]{re.escape(name)}={value}(&|#|$)")


def named(name: str) -> re.Pattern[str]:
    """An address whose query has ``name`` (any value): a link leaves out a value that is the default."""
    return re.compile(rf"[?&]{re.escape(name)}=")


def expect_n(page: Page, n: int) -> None:
    """Wait until the address says ``n`` tokens (by leaving ``n`` out when it is the default)."""
    from playwright.sync_api import expect

    if n == DEFAULT_N:
        expect(page).not_to_have_url(named("n"), timeout=WAIT_MS)
    else:
        expect(page).to_have_url(param("n", n), timeout=WAIT_MS)


def written(page: Page) -> tuple[str, list[str]]:
    """The text so far and the strip's pill labels."""
    from playwright.sync_api import expect

    expect(page.locator(TEXT)).to_have_count(1, timeout=WAIT_MS)
    return page.locator(TEXT).inner_text(), page.locator(PILLS).all_inner_texts()


def thumb(page: Page) -> Locator:
    return page.locator(SLIDER).first


def button(page: Page, key: str, label: str) -> Locator:
    return page.locator(f".st-key-{key}").get_by_role("button", name=label, exact=True)


def test_a_link_replays_the_text_one_more_token_extends_it_and_a_pill_picks_its_step(
    browser: Browser, server: StreamlitServer, page: Page
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    address = link(server, "seed=11&n=5&lang=en")
    page.goto(address)
    title = wait_for_step(page, "en", 5)  # five English words, one token each: the latest pill is step 5
    text, pills = written(page)
    assert text.startswith(REAL_EXAMPLES[0])  # the page's sentence, then what the model wrote
    assert len(pills) == 5, pills
    assert slider_value(thumb(page)) == 5
    assert_no_exception(page)

    other = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    other.set_default_timeout(WAIT_MS)
    try:
        again = other.new_page()
        again.goto(address)  # a fresh session on the same link: the same tokens, the same last step
        assert wait_for_step(again, "en", 5) == title
        assert written(again) == (text, pills)
    finally:
        other.close()

    button(page, "gen_more", t("gen.more", "en")).click()
    expect_n(page, 6)
    wait_for_step(page, "en", 6)
    assert slider_value(thumb(page)) == 6
    longer, more_pills = written(page)
    assert longer.startswith(text) and len(longer) > len(text), (text, longer)
    assert more_pills[:-1] == pills and len(more_pills) == 6, more_pills
    latest = page.locator(PILLS).last  # the latest step stays picked
    expect(latest).to_have_attribute("aria-checked", "true", timeout=WAIT_MS)

    page.locator(PILLS).first.click()
    expect(page).to_have_url(param("step", 1), timeout=WAIT_MS)
    wait_for_step(page, "en", 1)
    expect(page.locator(PILLS).first).to_have_attribute("aria-checked", "true", timeout=WAIT_MS)
    assert written(page) == (longer, more_pills)  # picking a step writes nothing new
    expect_n(page, 6)
    assert_no_exception(page)


def test_stop_keeps_the_tokens_written_so_far_and_asking_again_finishes(
    server: StreamlitServer, page: Page
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    page.goto(link(server, "seed=7321&n=2&lang=en"))  # a seed no other test writes with: nothing cached
    wait_for_step(page, "en", 2)
    start, _ = written(page)

    thumb(page).press("End")  # 32 tokens: 30 new ones, ~3 s on two cores
    writing = page.locator(PROGRESS).filter(has_text=t("gen.writing", "en", j=HOLE, n=32).split(HOLE)[0])
    expect(writing).to_be_visible(timeout=WAIT_MS)
    button(page, "gen_stop", t("gen.stop", "en")).click()
    expect(writing).to_have_count(0, timeout=WAIT_MS)
    page.wait_for_function(  # Stop's rerun set the slider to the steps finished
        "(s) => { const e = document.querySelector(s); return e !== null && Number(e.value) < 32; }",
        arg=SLIDER,
    )
    kept = slider_value(thumb(page))
    assert 2 < kept < 32, kept  # the progress bar showed, so a step past the link's two had finished
    wait_for_step(page, "en", kept)  # the bars show the last token kept (each is a whole word here)
    expect_n(page, kept)
    stopped, pills = written(page)
    assert stopped.startswith(start) and len(stopped) > len(start), (start, stopped)
    assert 0 < len(pills) <= kept, pills
    assert_no_exception(page)

    thumb(page).press("End")  # all 32 again: the kept steps are reused, the rest written
    wait_for_step(page, "en", 32)
    expect_n(page, 32)
    assert slider_value(thumb(page)) == 32
    expect(page.locator(PROGRESS)).to_have_count(0, timeout=WAIT_MS)
    finished, _ = written(page)
    assert finished.startswith(stopped) and len(finished) > len(stopped), (stopped, finished)
    assert_no_exception(page)


def test_korean_on_a_phone_shows_whole_syllables_and_a_korean_title(
    browser: Browser, server: StreamlitServer
) -> None:
    from playwright.sync_api import expect

    real("smollm2")
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="ko-KR", has_touch=True, is_mobile=True
    )
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        text = "나는 학생이다. 오늘은"
        page.goto(link(server, f"seed=3&n=12&lang=ko&text={quote(text)}"))
        step = t("gen.bars.title", "ko", j=HOLE, last=HOLE, chosen=HOLE, q=0.5).split(HOLE)[1]  # "단계: “"
        wait_for_rerun(page, f"{TITLE_JS}.includes({js_str(step)})", root=BARS)  # the latest step's
        written_text, pills = written(page)
        assert written_text.startswith(text)
        assert pills, "no pills"
        expect(page.locator(PILLS).first).to_be_visible(timeout=WAIT_MS)
        assert not [p for p in pills if "⟨" in p], pills  # a syllable's bytes are never shown apart
        assert any(HANGUL.search(p) for p in pills), pills
        width = page.evaluate("() => document.documentElement.clientWidth")
        for box in (b.bounding_box() for b in page.locator(PILLS).all()):
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box  # on screen
        screenshot(page, "generate_ko_390", full_page=False)

        page.locator(PILLS).first.tap()  # the first character: the step that began it is step 1
        wait_for_step(page, "ko", 1)
        expect(page).to_have_url(param("step", 1), timeout=WAIT_MS)
        assert HANGUL.search(plot_eval(page, TITLE_JS, root=BARS))
        assert written(page) == (written_text, pills)
        wait_for_idle(page)
        assert_no_exception(page)
    finally:
        context.close()
