"""The guided lesson: every step is valid against the pages' link registry and opens its view, revealed,
without an error, in both languages; Back and Next, the step in the link, and a step's settings that
do not carry over to the next."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, new_app, new_app_with_tabs, ok
from viz.classroom.store import STEPS_MAX
from viz.i18n import t
from viz.state import lesson, link

pytestmark = pytest.mark.usefixtures("fresh_caches")
N = len(lesson.STEPS)


def open_step(n: int, lang: str = "en") -> AppTest:
    """The lesson at step ``n`` as a visitor sees it: each page's sections as tabs, only the open one run."""
    at = new_app_with_tabs(step=str(n), lang=lang)
    at.switch_page("pages/lesson.py")
    return ok(at.run())


def test_every_step_names_a_page_and_settings_its_link_accepts() -> None:
    assert lesson.problems() == []
    assert 15 <= N <= 25


@pytest.mark.parametrize("n", range(1, N + 1))
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_step_opens_its_view_when_revealed(n: int, lang: str) -> None:
    step = lesson.STEPS[n - 1]
    at = open_step(n, lang)
    assert at.subheader[0].value == t("lesson.counter", lang, n=n, total=N)
    assert t("lesson.question", lang, q=lesson.text(step, "question", lang)) in [m.value for m in at.markdown]
    assert not charts(at)  # the view waits for the reveal
    at.button(key="lesson_reveal").click().run()
    ok(at)
    assert t("lesson.answer", lang, a=lesson.text(step, "answer", lang)) in [s.value for s in at.success]
    assert charts(at) or at.table  # the step's page drew its open tab (the scorecard is a table)
    for key, value in link.read(link.page(step.page), step.link_query()).values.items():
        assert at.session_state[key] == value, (n, key)


def test_back_and_next_walk_the_steps_and_the_link_follows() -> None:
    at = open_step(1)
    assert at.button(key="lesson_back").disabled
    at.button(key="lesson_next").click().run()
    assert ok(at).subheader[0].value == t("lesson.counter", "en", n=2, total=N)
    assert at.query_params["step"] == "2"
    at.button(key="lesson_back").click().run()
    assert ok(at).subheader[0].value == t("lesson.counter", "en", n=1, total=N)
    assert open_step(N).button(key="lesson_next").disabled


def test_a_steps_settings_do_not_carry_over_to_the_next() -> None:
    at = open_step(1)  # the word-order test with no position signal
    at.button(key="lesson_reveal").click().run()
    assert ok(at).session_state["att_encoding"] == "none"
    at.button(key="lesson_next").click().run()  # the same page and tab, the encoding left at its default
    at.button(key="lesson_reveal").click().run()
    ok(at)
    assert at.session_state["att_encoding"] == "sinusoidal"


@pytest.mark.parametrize(("asked", "shown"), [(N + 5, N), (STEPS_MAX + 1, 1), (0, 1)])
def test_a_step_past_the_end_in_the_link_is_refused_and_said(asked: int, shown: int) -> None:
    """Past this lesson's last step (a teacher's lesson may have up to STEPS_MAX): its last step, said;
    past any lesson's, or below 1: refused, the first step."""
    at = new_app(step=str(asked))
    at.switch_page("pages/lesson.py")
    ok(at.run())
    notes = " ".join(str(x.value) for x in at.text)
    assert f"step = “{asked}”" in notes
    assert at.subheader[0].value == t("lesson.counter", "en", n=shown, total=N)


def test_leaving_the_lesson_gives_the_visitor_their_own_settings_back() -> None:
    at = new_app_with_tabs()
    at.switch_page("pages/attention.py")
    ok(at.run())
    at.slider(key="att_layers").set_value(3).run()
    at.text_input(key="att_text").set_value("my own words here").run()
    ok(at.switch_page("pages/lesson.py").run())
    at.button(key="lesson_next").click().run()  # step 2: the attention page's word-order tab
    at.button(key="lesson_reveal").click().run()
    assert ok(at).session_state["att_layers"] == 1  # the step's view: every other control at its default
    ok(at.switch_page("pages/attention.py").run())
    assert at.slider(key="att_layers").value == 3
    assert at.text_input(key="att_text").value == "my own words here"
    ok(at.switch_page("pages/lesson.py").run())  # back in the lesson, still revealed: its settings again
    assert at.session_state["att_layers"] == 1 and charts(at)


def test_a_step_opens_on_its_question_each_time() -> None:
    at = open_step(3)
    at.button(key="lesson_reveal").click().run()
    assert ok(at).success
    at.button(key="lesson_next").click().run()
    at.button(key="lesson_back").click().run()
    assert not ok(at).success and not charts(at)


def test_open_this_view_takes_the_steps_settings_to_its_page() -> None:
    at = open_step(5)  # the normalised index's scorecard on the Positional encoding page
    at.button(key="lesson_open").click().run()
    ok(at)
    assert at.session_state["pe_kind"] == "normalized" and at.session_state["pe_section"] == "score"
    assert at.title[0].value == t("pe.title", "en")
    at.run()  # and they stay: nothing is given back once the visitor took the view
    assert ok(at).session_state["pe_kind"] == "normalized"
