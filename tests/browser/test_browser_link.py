"""The address bar in a real headless Chromium: quick slider presses keep the head count the user chose
and leave the address saying exactly what the page shows; a link opens that view in a fresh browser; a
hostile link is quoted as plain text and fetches nothing; quick presses leave no traceback in the log.

One Streamlit server and one browser for the run, a fresh browser context per test (a fresh
Streamlit session), as in ``tests/browser/test_browser.py``. Skipped where Chromium or Playwright is missing,
except under ``CI``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from bench.harness.browser import (
    LAST_MESSAGE_JS,
    SIDEBAR_SELECTOR,
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    screenshot,
    sidebar_slider,
    slider_value,
    wait_for_idle,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocket

pytestmark = pytest.mark.browser

HEADS = f'{SIDEBAR_SELECTOR} [data-testid="stSelectbox"]'
D_K = re.compile(r"d_k = (\d+) / (\d+) = (\d+)")
SERVER_ERRORS = ("Traceback", "RuntimeError", "dictionary changed size")


# ---- helpers ------------------------------------------------------------------------------------------


def fresh_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(LAST_MESSAGE_JS)
    return context, context.new_page()


def wait_for_quiet_socket(page: Page, quiet_ms: int = 400) -> None:
    """Wait until the server has sent nothing for ``quiet_ms``: after quick presses, their reruns have
    begun (a rerun announces its start), so an idle app then is the last rerun's, not the one before
    the presses (which a press back to the starting value made look settled at once)."""
    page.wait_for_function(
        "(quiet) => window.__lastMessage !== undefined && performance.now() - window.__lastMessage > quiet",
        arg=quiet_ms,
        timeout=WAIT_MS,
    )


def shown_settings(page: Page) -> dict[str, int]:
    """d_model, max_len and the head count the sidebar shows (its sliders and its d_k caption)."""
    caption = page.locator(SIDEBAR_SELECTOR).get_by_text(D_K).first.inner_text()
    found = D_K.search(caption)
    assert found is not None, caption
    return {
        "d_model": slider_value(sidebar_slider(page, "d_model")),
        "max_len": slider_value(sidebar_slider(page, "max_len")),
        "heads_used": int(found.group(2)),
        "caption_d_model": int(found.group(1)),
    }


def heads_chosen(page: Page) -> str:
    """The value of the heads selectbox (the count the user asked for)."""
    box = page.locator(HEADS).filter(has_text="heads (attention heads)")
    return box.locator('input[role="combobox"]').input_value()


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


_ALL_CAPTIONS_SAY_JS = """([sidebar, want]) => {
  const found = [...document.querySelectorAll(sidebar + ' [data-testid="stCaptionContainer"]')]
    .filter((el) => el.innerText.includes('d_k = '));
  return found.length > 0 && found.every((el) => el.innerText.includes('d_k = ' + want + ' / '));
}"""


def settle_on(page: Page, d_model: int) -> None:
    """Wait until the sidebar's d_k caption says d_model = ``d_model`` and the app is idle: every such
    caption in the page (one from an earlier run may linger a moment after the next run drew its own,
    and shown_settings reads the first)."""
    page.locator(SIDEBAR_SELECTOR).get_by_text(re.compile(rf"d_k = {d_model} / ")).first.wait_for()
    page.wait_for_function(_ALL_CAPTIONS_SAY_JS, arg=[SIDEBAR_SELECTOR, d_model], timeout=WAIT_MS)
    wait_for_idle(page)


def wait_for_url_d_model(page: Page, d_model: int) -> None:
    """Poll the address bar until it says d_model = ``d_model`` (Streamlit writes it with history API
    calls, which fire no load event), failing after the usual wait."""
    want = None if d_model == 128 else str(d_model)
    page.wait_for_function(
        "(want) => new URLSearchParams(location.search).get('d_model') === want", arg=want, timeout=WAIT_MS
    )


def press(page: Page, label: str, key: str, times: int) -> None:
    thumb = sidebar_slider(page, label)
    thumb.focus()
    for _ in range(times):
        page.keyboard.press(key)


# ---- bug 1 and 2: quick presses -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("right", "left", "end"),
    [
        (8, 0, 136),
        (
            8,
            8,
            128,
        ),  # back to the default, which the address leaves out (where a press could leave the address behind)
    ],
)
def test_quick_d_model_presses_keep_the_heads_and_the_address_says_what_the_page_shows(
    browser: Browser, server: StreamlitServer, right: int, left: int, end: int
) -> None:
    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/attention")
        settle_on(page, 128)
        assert heads_chosen(page) == "8"
        press(page, "d_model", "ArrowRight", right)
        press(page, "d_model", "ArrowLeft", left)
        wait_for_quiet_socket(page)
        settle_on(page, end)

        shown = shown_settings(page)
        assert shown["d_model"] == shown["caption_d_model"] == end
        assert shown["heads_used"] == 8, shown  # 8 divides 136 and 128: it stays what the user chose
        assert heads_chosen(page) == "8"
        wait_for_url_d_model(page, end)  # the address catches up ...
        wait_for_idle(page)
        params = query(page)
        assert params.get("heads", ["8"]) == ["8"], params  # ... and never carries a head count of 1
        assert params.get("d_model", ["128"]) == [str(end)], params
        link = page.url
    finally:
        context.close()

    # The link opens, in a fresh browser (a fresh session), exactly what the page showed.
    context, page = fresh_page(browser)
    try:
        page.goto(link)
        settle_on(page, end)
        again = shown_settings(page)
        assert again == shown
        assert heads_chosen(page) == "8"
        assert_no_exception(page)
    finally:
        context.close()


def test_a_head_count_that_stops_dividing_comes_back_and_the_page_says_so(
    browser: Browser, server: StreamlitServer
) -> None:
    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/positional_encoding?heads=16")
        settle_on(page, 128)
        assert shown_settings(page)["heads_used"] == 16
        press(page, "d_model", "ArrowLeft", 1)  # 127 is prime: no 16 heads there
        settle_on(page, 127)
        assert shown_settings(page)["heads_used"] == 1
        assert heads_chosen(page) == "16"  # still the count asked for ...
        note = page.locator(SIDEBAR_SELECTOR).get_by_text("16 heads do not divide d_model = 127; using 1.")
        note.wait_for()  # ... and the page says what it uses instead
        press(page, "d_model", "ArrowRight", 1)
        settle_on(page, 128)
        assert shown_settings(page)["heads_used"] == 16
        page.wait_for_function("() => new URLSearchParams(location.search).get('heads') === '16'")
    finally:
        context.close()


# ---- quick presses keep the connection ------------------------------------------------------------------
def test_the_server_never_points_the_browser_at_a_message_it_may_have_dropped(
    browser: Browser, server: StreamlitServer
) -> None:
    """Streamlit can send, instead of a large message the browser had before, a reference to it in the
    browser's message cache. The browser drops a message once two runs have finished without it, and
    the server decides from the cache contents the rerun request listed when it was sent: after quick
    presses that come back to a view (128 -> 136 -> 128 redraws the first charts), runs finished in
    between and the reference pointed at a message already dropped. The browser then closed the
    connection for good ("Cached ForwardMsg MISS"): a dead page in front of the class, in a third of
    the runs of the quick-press tests. The app sends every message whole.

    Deterministic: unhurried presses there and back make the server send the first charts again, which
    it did by reference while the cache was on."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    received: list[ForwardMsg] = []

    def on_socket(socket: WebSocket) -> None:
        def on_frame(payload: bytes | str) -> None:
            if isinstance(payload, bytes):
                received.append(ForwardMsg.FromString(payload))

        socket.on("framereceived", on_frame)

    context, page = fresh_page(browser)
    try:
        page.on("websocket", on_socket)
        page.goto(server.url + "/attention")
        settle_on(page, 128)
        for key, end in (("ArrowRight", 129), ("ArrowLeft", 128)):
            press(page, "d_model", key, 1)
            settle_on(page, end)
        deltas = [m for m in received if m.WhichOneof("type") == "delta"]
        assert deltas, "no delta reached the browser"
        assert [m.ref_hash for m in received if m.WhichOneof("type") == "ref_hash"] == []
        assert [m.hash for m in received if m.metadata.cacheable] == []  # nothing for the browser to keep
        assert_no_exception(page)
    finally:
        context.close()


# ---- bug 9: a hostile link ----------------------------------------------------------------------------
HOSTILE = {
    "link": "[click here](https://example.com)",
    "image": "![a](http://example.com/x.png)",
    "bare": "https://example.com/bare",
    "icon": ":material/home: :smile: :red[x]",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_url_value_is_quoted_as_plain_text_and_fetches_nothing(
    browser: Browser, server: StreamlitServer, name: str
) -> None:
    value = HOSTILE[name]
    context, page = fresh_page(browser)
    outside: list[str] = []

    def only_local(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    try:
        context.route("**/*", only_local)
        page.goto(server.url + "/positional_encoding?lang=" + quote(value, safe="[]()!:/"))
        main = page.locator('[data-testid="stMain"]')
        main.get_by_text("The link asked for lang", exact=False).first.wait_for()
        wait_for_idle(page)
        assert main.locator('a[href*="example.com"]').count() == 0
        assert main.locator('img[src*="example.com"]').count() == 0
        assert [u for u in outside if "example.com" in u] == []
        # the value is quoted character for character, with no icon or link made of it
        note = main.get_by_text(f"lang = “{value}”", exact=False)
        assert note.count() == 1
        assert note.locator("[data-testid='stIconMaterial'], img, a").count() == 0
        assert_no_exception(page)
        assert "lang" not in query(page)  # the refused value is dropped from the address
        if name == "link":
            screenshot(page, "link_hostile_note", full_page=False)
    finally:
        context.close()


# ---- bug 4: quick presses leave no traceback on the server ---------------------------------------------
def test_many_quick_presses_leave_no_traceback_in_the_server_log(
    browser: Browser, server: StreamlitServer
) -> None:
    before = server.output()
    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/attention")
        settle_on(page, 128)
        for round_ in range(6):
            press(page, "d_model", "ArrowRight" if round_ % 2 == 0 else "ArrowLeft", 12)
            press(page, "max_len", "ArrowLeft" if round_ % 2 == 0 else "ArrowRight", 12)
        settle_on(page, 128)
        wait_for_idle(page)
        assert_no_exception(page)
    finally:
        context.close()
    new = server.output()[len(before) :]
    assert not [e for e in SERVER_ERRORS if e in new], new[-3000:]


# ---- Back and Forward ----------------------------------------------------------------------------------
def test_back_and_forward_follow_the_address(browser: Browser, server: StreamlitServer) -> None:
    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/positional_encoding")
        settle_on(page, 128)
        press(page, "d_model", "ArrowLeft", 1)
        settle_on(page, 127)
        wait_for_url_d_model(page, 127)
        press(page, "d_model", "ArrowLeft", 1)
        settle_on(page, 126)
        wait_for_url_d_model(page, 126)
        page.go_back()  # the address says 127 again: so must the page
        settle_on(page, 127)
        assert shown_settings(page)["d_model"] == 127
        wait_for_url_d_model(page, 127)
        page.go_forward()
        settle_on(page, 126)
        assert shown_settings(page)["d_model"] == 126
        assert_no_exception(page)
    finally:
        context.close()


def test_back_after_a_page_switch_keeps_the_shared_settings(
    browser: Browser, server: StreamlitServer
) -> None:
    # A sidebar page switch leaves a bare entry (/attention, no query) under the one the app writes;
    # Back landed there and reset the language and d_model to their defaults (seen in review).
    from playwright.sync_api import expect

    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/similarity?d_model=64&lang=ko")
        settle_on(page, 64)
        page.locator(SIDEBAR_SELECTOR).get_by_role("link", name=t("ui.nav.att", "ko")).click()
        page.wait_for_url(re.compile(r"/attention\?.*d_model=64"))
        settle_on(page, 64)
        page.go_back()
        page.wait_for_timeout(500)  # the history run starts once the browser has moved
        settle_on(page, 64)
        assert shown_settings(page)["d_model"] == 64
        expect(page.locator(SIDEBAR_SELECTOR).get_by_text(t("ui.sidebar.header", "ko"))).to_be_visible()
        assert_no_exception(page)
    finally:
        context.close()


def test_the_address_never_lags_the_page_over_rounds_of_quick_presses(
    browser: Browser, server: StreamlitServer
) -> None:
    context, page = fresh_page(browser)
    try:
        page.goto(server.url + "/attention")
        settle_on(page, 128)
        d_model = 128
        for key, times in (("ArrowRight", 8), ("ArrowLeft", 5), ("ArrowRight", 7), ("ArrowLeft", 10)):
            press(page, "d_model", key, times)
            d_model += times if key == "ArrowRight" else -times
            settle_on(page, d_model)
            assert shown_settings(page)["d_model"] == d_model
            wait_for_url_d_model(page, d_model)  # a lagging address never catches up: this times out
    finally:
        context.close()
