"""A whole class in a real Chromium: a teacher in the presenter view starts a class; five phones (390 x 844)
open the QR code's link (the image decoded by zxing-cpp, as a phone's camera would read it), join,
answer; the projector's count reaches five and, on Reveal, its histogram matches their answers, with the
right choice marked; each phone then shows the right answer. In English and Korean on one server, then
across two processes behind HAProxy with each store back end (SQLite's file, a Redis server)."""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import WAIT_MS, StreamlitServer, new_page, wait_for_idle, wait_for_plot
from deploy import serve
from deploy.redis_server import RedisServer
from tests.support.needs import require_haproxy
from viz.classroom.store import STORE_ENV
from viz.i18n import t
from viz.state import lesson, lesson_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

STEP = 3


def _right() -> int:
    correct = lesson.STEPS[STEP - 1].correct
    assert correct is not None  # the step has choices
    return correct


RIGHT = _right()
PICKS = [RIGHT, 0, RIGHT, 1, RIGHT]  # five students' choices (indices)
BARS = ".st-key-class_answers"


def decoded_qr(page: Page) -> str:
    """The join card's QR code as a phone's camera reads it: the image the page shows, decoded."""
    import zxingcpp
    from PIL import Image

    src = page.locator(".st-key-class_join img").first.get_attribute("src")
    assert src, "the join card shows no QR image"
    body = page.request.get(src if src.startswith("http") else page.url.split("/lesson")[0] + src).body()
    (found,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(body)))
    return str(found.text)


def start_class(page: Page, url: str, lang: str) -> tuple[str, str]:
    """The teacher opens the lesson at STEP in the presenter view and starts a class: (code, join link)."""
    page.goto(f"{url}/lesson?step={STEP}&present=1&lang={lang}")
    page.locator(".st-key-class_start").get_by_role("button", name=t("class.start", lang)).click()
    code_box = page.locator(".st-key-class_join h1")
    code_box.wait_for()
    code = code_box.inner_text().strip()
    assert len(code) == 6
    link = decoded_qr(page)
    assert link.endswith(f"/join?code={code}&lang={lang}") and "key=" not in link  # never the secret
    return code, link


def join_and_answer(phone: Page, link: str, code: str, nickname: str, pick: int, lang: str) -> None:
    from playwright.sync_api import expect

    phone.goto(link)
    # the link filled the code in (expect's own 5 s ran out once on a slow, busy host, the box still
    # empty; alone the test passed)
    expect(phone.get_by_role("textbox", name=t("join.code", lang))).to_have_value(code, timeout=WAIT_MS)
    phone.get_by_role("textbox", name=t("join.nickname", lang)).fill(nickname)
    phone.get_by_role("button", name=t("join.join", lang)).click()
    radio = phone.locator('[data-testid="stRadio"] [role="radiogroup"] label')
    radio.nth(pick).click()
    sent = t("join.sent", lang, letter="ABCD"[pick]).split("**")  # the Markdown's bold, as drawn
    phone.get_by_text(sent[0] + sent[1] + sent[2]).wait_for()


def run_class(
    browser: Browser, url: str, lang: str, mid_step: Callable[[Page], None] | None = None
) -> set[str]:
    """The whole class on the app at ``url``; the processes HAProxy put the teacher and phones on (its
    cookie's values, as they answered; none behind no balancer). ``mid_step(teacher)`` runs once every
    phone has answered, before the Reveal (a process killed)."""
    from playwright.sync_api import expect

    teacher = new_page(browser, lang, width=1280, height=720)
    phones: list[Page] = []
    try:
        code, link = start_class(teacher, url, lang)
        for i, pick in enumerate(PICKS):
            phone = new_page(browser, lang, width=390, height=844)
            phones.append(phone)
            join_and_answer(phone, link, code, f"student {i}", pick, lang)
        waiting = t("answers.waiting", lang, answered=len(PICKS), students=len(PICKS)).replace("**", "")
        expect(teacher.locator(".st-key-class_count")).to_contain_text(waiting)  # polled, no press
        assert "key=" not in teacher.url  # the secret is never in the projected address bar
        cookies = [c for p in (teacher, *phones) for c in p.context.cookies()]
        spread = {c["value"] for c in cookies if c["name"] == "ALSERVER"}
        if mid_step is not None:
            mid_step(teacher)
            # a new session (on whichever process is up) found the class by its code in the link and
            # its secret in this browser's cookie: the count is back, nothing lost
            expect(teacher.locator(".st-key-class_count")).to_contain_text(waiting, timeout=90_000)
        reveal = teacher.locator(".st-key-lesson_reveal button")
        for _ in range(3):
            # A press in the moment a reconnected page sends its first run can be superseded by that run
            # (the stale count is on screen before it): a teacher presses again, and so does the test.
            reveal.click()
            try:
                expect(reveal).to_be_disabled(timeout=15_000)  # revealed: Reveal is done
                break
            except AssertionError:
                continue
        counts = [PICKS.count(i) for i in range(4)]
        wait_for_plot(
            teacher,
            f"JSON.stringify(Array.from(el._fullData[0].y)) === '{counts}'.replace(/ /g, '')",
            root=BARS,
        )
        labels = teacher.evaluate(f"() => document.querySelector('{BARS} .js-plotly-plot')._fullData[0].x")
        assert [i for i, x in enumerate(labels) if "✓" in x] == [RIGHT]
        right = t("join.right", lang, letter="ABCD"[RIGHT], text=lesson.STEPS[STEP - 1].choice(RIGHT, lang))
        for phone, pick in zip(phones, PICKS, strict=True):
            # polled every two seconds; a phone on the killed process first reconnects (Streamlit's
            # back-off can take longer than the default wait)
            phone.get_by_text(right.replace("**", "")).wait_for(timeout=90_000)
            expect(phone.locator('[data-testid="stRadio"] input').nth(pick)).to_be_disabled()
        wait_for_idle(teacher)
        for page in (teacher, *phones):
            assert page.locator('[data-testid="stException"]').count() == 0
        return spread
    finally:
        teacher.context.close()
        for phone in phones:
            phone.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_whole_class_on_one_server(browser: Browser, server: object, lang: str) -> None:
    run_class(browser, server.url, lang)  # type: ignore[attr-defined]


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classroom.db'}"
        return
    with RedisServer(tmp_path / "redis") as redis:
        yield redis.url


def test_a_whole_class_across_two_processes(
    browser: Browser, store_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The teacher and the phones spread over two processes (HAProxy's fewest connections) share one
    store: the projector counts answers another process took; the teacher's process killed mid-step, the
    projector's new session carries on with every answer."""
    require_haproxy()
    monkeypatch.setenv(STORE_ENV, store_url)  # the processes inherit it
    with serve.launched(2, tmp_path) as running:

        def kill_the_teachers_process(teacher: Page) -> None:
            (server,) = [c["value"] for c in teacher.context.cookies() if c["name"] == "ALSERVER"]
            os.kill(running.pids[int(server.removeprefix("app")) - 1], signal.SIGKILL)
            state = "() => document.querySelector('[data-testid=stApp]').dataset.testConnectionState"
            teacher.wait_for_function(f"({state})() !== 'CONNECTED'")  # the page saw its process go
            teacher.wait_for_function(f"({state})() === 'CONNECTED'", timeout=90_000)  # and came back
            wait_for_idle(teacher)

        assert run_class(browser, running.url, "en", kill_the_teachers_process) == {"app1", "app2"}
        assert "Traceback" not in running.output()


def test_a_lesson_written_in_the_app_round_trips_through_its_file(
    browser: Browser, server: object, tmp_path: Path
) -> None:
    """Build in the app (a view added from a page's sidebar, its texts typed) -> download -> start again ->
    upload -> the same file; a bad file gets a clear message and changes nothing."""
    from playwright.sync_api import expect

    url = server.url  # type: ignore[attr-defined]
    page = new_page(browser, "en")
    try:
        page.goto(f"{url}/softmax?dk=256")
        page.locator(".st-key-draft_add").get_by_role("button", name=t("ui.draft.add", "en")).click()
        page.get_by_text(t("ui.draft.added", "en", n=1)).wait_for()
        page.get_by_role("link", name=t("ui.draft.edit", "en")).click()
        page.get_by_role("textbox", name=t("write.question", "en", lang="en")).fill("Sharper or flatter?")
        for j, choice in enumerate(("Sharper", "Flatter")):  # a row per choice, a field per language
            page.get_by_role("button", name=t("write.choice.add", "en")).click()
            field = page.get_by_role("textbox", name=t("write.choice", "en", letter="AB"[j], lang="en"))
            field.fill(choice)
            field.press("Enter")
            wait_for_idle(page)
        page.get_by_role("textbox", name=t("write.explanation", "en", lang="en")).fill("Sharper.")
        page.get_by_role("textbox", name=t("write.explanation", "en", lang="en")).blur()
        wait_for_idle(page)
        page.locator('[data-testid="stSelectbox"]').filter(has_text=t("write.correct", "en")).click()
        page.get_by_role("option", name="A", exact=True).click()
        expect(page.get_by_text(t("write.check.ok", "en", n=1))).to_be_visible()
        with page.expect_download() as event:
            page.get_by_role("button", name=t("write.download", "en")).click()
        saved = tmp_path / "lesson.json"
        event.value.save_as(saved)
        first = saved.read_text(encoding="utf-8")
        (step,) = lesson_file.loads(first)[0].steps
        assert (step.page, dict(step.query), step.correct) == ("softmax", {"dk": "256"}, 0)
        page.get_by_role("button", name=t("write.clear", "en")).click()
        expect(page.get_by_text(t("write.empty", "en"))).to_be_visible()
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "attention-lab-lesson", "version": 1, "steps": [{"view": "/nowhere"}]}')
        page.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(bad))
        expect(page.get_by_text(t("write.refused", "en", name="bad.json"))).to_be_visible()
        expect(page.get_by_text(t("write.empty", "en"))).to_be_visible()  # nothing was changed
        page.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(saved))
        expect(page.get_by_text(t("write.loaded", "en", name="lesson.json", n=1))).to_be_visible()
        with page.expect_download() as event:
            page.get_by_role("button", name=t("write.download", "en")).click()
        assert Path(event.value.path()).read_text(encoding="utf-8") == first  # the same steps, the same file
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        page.context.close()


def test_the_projector_waits_for_a_store_that_went_down(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis stops mid-class and the teacher's page is reloaded (a new session, its secret in the cookie):
    the page says so once, offers no Start (which would replace the class), and picks the class up by
    itself once Redis is back, without a press."""
    from playwright.sync_api import expect

    with RedisServer(tmp_path / "redis") as redis:
        monkeypatch.setenv(STORE_ENV, redis.url)
        with StreamlitServer() as server:
            page = new_page(browser, "en")
            try:
                code, _ = start_class(page, server.url, "en")
                redis.stop()
                page.reload()
                errors = page.locator('[data-testid="stAlertContentError"]')
                waiting = t("class.reconnecting", "en", code=code).replace("**", "")
                expect(page.get_by_text(waiting)).to_be_visible()
                expect(errors).to_have_count(1)
                expect(page.get_by_role("button", name=t("class.start", "en"))).to_have_count(0)
                redis.start()  # on its append-only file: the class is there
                expect(page.get_by_role("button", name=t("class.end", "en"))).to_be_visible(timeout=30_000)
                expect(errors).to_have_count(0)
                expect(
                    page.get_by_text(t("class.on", "en", code=code).replace("**", ""), exact=True)
                ).to_be_visible()
                assert page.locator('[data-testid="stException"]').count() == 0
            finally:
                page.context.close()
