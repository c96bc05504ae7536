"""A press on a control of the tab a page shows reruns only that tab (issue 37: a press costs little more
than Streamlit's own), on a real server through the websocket client the benchmarks use
(``deploy/st_client.py``): the browser sends the fragment's id with the rerun, as it does here.

The sidebar's settings still rerun the whole page: the tab's charts depend on them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from urllib.parse import parse_qsl

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench.harness.browser import StreamlitServer
from deploy.st_client import Rerun, Session, open_session, set_slider, set_tab
from viz.i18n import t
from viz.state.settings import Settings
from viz.ui.widgets import choice_key

#: Elements only the sidebar draws (the language control, the settings' switches): a rerun that draws
#: one of them ran the whole page.
SIDEBAR_KINDS = {"button_group"}
FINISHED = ForwardMsg.FINISHED_SUCCESSFULLY  # a whole run's script_finished


@pytest.fixture(scope="module")
def server() -> Iterator[StreamlitServer]:
    with StreamlitServer() as srv:
        yield srv


async def _press(
    server: StreamlitServer, page: str, key: str, value: float | str
) -> tuple[Rerun, Rerun, Session]:
    """Open ``page``, then set the widget ``key`` to ``value``; the first run's and the press's reruns."""
    session, first = await open_session(server.url, page)
    try:
        assert first.ok, session.last_exception
        set_slider(session, key, value)
        press = await session.rerun()
        assert press.ok, session.last_exception
        return first, press, session
    finally:
        await session.close()


def recorded(session: Session, take: Callable[[ForwardMsg], str]) -> list[str]:
    """What ``take`` reads off each delta the session learns from now on (the list fills as it runs)."""
    found: list[str] = []
    original = session._learn_delta

    def learn(fwd: ForwardMsg) -> bool:
        found.append(take(fwd))
        return original(fwd)

    session._learn_delta = learn  # type: ignore[method-assign]
    return found


def test_the_position_p_reruns_only_the_first_tab(server: StreamlitServer) -> None:
    first, press, session = asyncio.run(_press(server, "similarity", "sim_p", 10))
    assert press.fragment  # the browser asked for the tab alone...
    assert not SIDEBAR_KINDS & set(session.drawn)  # ...and the sidebar was not drawn again
    assert "slider" in session.drawn  # the tab's own controls are (p among them)
    assert press.messages < first.messages


def test_its_charts_follow_the_press(server: StreamlitServer) -> None:
    """The tab's rerun sends both compared encodings' charts for the new p (the browser draws a formula's
    row from the chart's parameters, p among them)."""

    async def charts() -> dict[str, dict]:
        session, first = await open_session(server.url, "similarity")
        try:
            assert first.ok, session.last_exception
            set_slider(session, "sim_p", 17)
            seen: dict[str, dict] = {}
            original = session._learn_delta

            def learn(fwd: ForwardMsg) -> bool:
                element = fwd.delta.new_element
                if element.WhichOneof("type") == "bidi_component":
                    seen[element.bidi_component.id.rsplit("-", 1)[-1]] = json.loads(
                        element.bidi_component.bytes
                    )
                return original(fwd)

            session._learn_delta = learn  # type: ignore[method-assign]
            press = await session.rerun()
            assert press.ok and press.fragment, session.last_exception
            return seen
        finally:
            await session.close()

    drawn = asyncio.run(charts())
    rows = {
        key: chart for key, chart in drawn.items() if key.startswith("sim_row_") and key != "sim_row_live"
    }
    assert sorted(rows) == ["sim_row_binary", "sim_row_sinusoidal"]
    assert all(chart["live"]["params"]["p"] == 17 for chart in rows.values())


@pytest.mark.parametrize(("page", "has_fragments"), [("similarity", True), ("softmax", True), ("", False)])
def test_a_page_with_fragments_runs_whole_when_its_browser_reconnects(
    server: StreamlitServer, page: str, has_fragments: bool
) -> None:
    """After a reconnect Streamlit's browser asks for a run only when the page reruns a fragment on a
    timer; without one, a visitor moved to another process (``make serve``) pressed in a tab whose
    fragment the new session never registered, and the press was dropped. Pages with fragments hold
    such a timer; Home, which has none, does not (the timer costs two messages a run)."""

    async def timers() -> set[str]:
        session, first = await open_session(server.url, page)
        try:
            assert first.ok, session.last_exception
            return session.timers
        finally:
            await session.close()

    assert bool(asyncio.run(timers())) == has_fragments


def test_a_sidebar_setting_still_reruns_the_whole_page(server: StreamlitServer) -> None:
    _, press, session = asyncio.run(_press(server, "softmax", "d_model", 64))
    assert not press.fragment
    assert SIDEBAR_KINDS & set(session.drawn)


def test_d_k_on_the_first_softmax_tab_reruns_only_that_tab(server: StreamlitServer) -> None:
    first, press, session = asyncio.run(_press(server, "softmax", "sm_dk", "32"))
    assert press.fragment
    assert not SIDEBAR_KINDS & set(session.drawn)
    assert session.drawn.count("bidi_component") >= 3  # the two histograms and the sweep over d_k
    assert press.messages < first.messages


def test_add_this_view_takes_the_view_a_tab_press_left(server: StreamlitServer) -> None:
    """ "Add this view to my lesson" is in the sidebar, which a tab's rerun does not draw again: it adds
    the view as it is when pressed (p moved in the tab), not as it was when the sidebar was drawn."""

    async def added_view() -> list[str]:
        session, first = await open_session(server.url, "softmax")
        try:
            assert first.ok, session.last_exception
            set_slider(session, "sm_dk", "32")
            assert (await session.rerun()).fragment
            add = session.widget_by_key("draft_add")
            add.value, session.fragment_id = True, ""
            assert (await session.rerun()).ok, session.last_exception
            add.value = None
            session.page_name, session.page_script_hash = "write", session.script_hashes["write"]
            session.query_string = ""
            session.widgets.clear()
            texts = recorded(session, lambda fwd: str(fwd.delta.new_element))
            assert (await session.rerun()).ok, session.last_exception
            return [text for text in texts if "/softmax" in text]
        finally:
            await session.close()

    shown = asyncio.run(added_view())
    assert shown, "the Write a lesson page shows no step on /softmax"
    assert any("/softmax?" in text and "dk=32" in text for text in shown), shown


def test_the_real_models_one_head_tab_reruns_alone_and_a_new_model_reruns_the_page(
    server: StreamlitServer,
) -> None:
    """The one-head tab, shown alone, is a fragment: a layer moved reruns the tab alone, and in it only the
    layer, the head and their chart (a fragment inside the tab's: not the text and the model). Its model is
    chosen in the tab too, and the page's code box under the tab names the model: a new model reruns the
    whole page, so the box shows the new model's code."""

    async def presses() -> tuple[Rerun, Rerun, Rerun, list[str], list[str]]:
        session, first = await open_session(server.url, "pretrained", "tab=one")
        try:
            assert first.ok, session.last_exception
            texts = recorded(session, lambda fwd: str(fwd.delta))
            set_slider(session, "real_layer", 2)
            layer = await session.rerun()
            assert layer.ok, session.last_exception
            drawn = list(session.drawn)
            assert ("layer", "2") in parse_qsl(session.query_string), session.query_string  # the address
            model = session.widget_by_key("real_model__en")
            model.value, session.fragment_id = t("real.model.smollm2", "en"), model.fragment
            early = await session.rerun()
            texts.clear()
            whole = await session.rerun(send=False)
            assert whole.ok, session.last_exception
            return layer, early, whole, drawn, texts
        finally:
            await session.close()

    layer, early, whole, drawn, texts = asyncio.run(presses())
    assert layer.fragment and not SIDEBAR_KINDS & set(drawn)  # the layer: the tab alone
    assert "bidi_component" in drawn  # its chart, for the new layer
    assert "text_input" not in drawn and "radio" not in drawn  # not the text and the model above it
    assert early.status == ForwardMsg.FINISHED_EARLY_FOR_RERUN  # the model: the tab asks for the page...
    assert whole.status == FINISHED  # ...which runs whole
    # the code box (a folded expander keyed by its snippet) is SmolLM2's now
    assert any("code_pretrained.smollm2" in text for text in texts), texts[-5:]
    assert not any("code_pretrained.minilm" in text for text in texts)


def test_a_tab_press_on_its_own_control_leaves_the_page_controls_beside_it(server: StreamlitServer) -> None:
    """The Attention page's step-by-step tab is a fragment with the page's model controls in its side
    column, and its own part (the head, the layer, causal, the head's charts) a fragment inside it: a head
    press reruns the inner one alone (the model controls, such as the sentence box, are not sent again;
    the head's words and charts are, for the new head), while a model control reruns both."""
    s = Settings()

    async def presses() -> tuple[Rerun, list[str], list[str], list[str]]:
        session, first = await open_session(server.url, "attention")
        try:
            assert first.ok, session.last_exception
            set_tab(session, choice_key("att_section", "en"), t("steps.title", "en"))
            assert (await session.rerun()).ok, session.last_exception
            texts = recorded(session, lambda fwd: fwd.delta.new_element.markdown.body)
            set_slider(session, "att_step_head", 2)
            head = await session.rerun()
            assert head.ok, session.last_exception
            after_head = list(session.drawn)
            # the inner fragment's run writes the address too: a link shares the head shown
            assert ("head", "2") in parse_qsl(session.query_string), session.query_string
            set_slider(session, "att_layers", 2)
            assert (await session.rerun()).fragment, session.last_exception
            return head, after_head, list(session.drawn), texts
        finally:
            await session.close()

    head, after_head, after_layers, texts = asyncio.run(presses())
    assert head.fragment
    assert "text_input" not in after_head and "radio" not in after_head  # the sentence box, the source
    assert after_head.count("bidi_component") == 3  # Q, K and V of the new head
    assert t("steps.intro", "en", h=2, layer=1, d_k=s.d_k, d_model=s.d_model) in texts
    assert "text_input" in after_layers and after_layers.count("bidi_component") == 3  # a model control: both


def test_a_block_picked_on_the_encoder_tab_reruns_only_the_tab_s_own_part(server: StreamlitServer) -> None:
    """The Encoder's first tab, shown alone, is a fragment with the model's controls in its side column
    and its own part a fragment inside it: the block picked (a control of the tab's own) reruns that
    part, its chart drawn for the block, without the sentence box and the stack's sliders above it."""
    title = t("enc.path.chart", "en", layer=2, layers=6)

    async def press() -> tuple[Rerun, list[str], list[str], str]:
        session, first = await open_session(server.url, "encoder")
        try:
            assert first.ok, session.last_exception
            charts = recorded(session, lambda fwd: fwd.delta.new_element.bidi_component.bytes.decode())
            block = session.widget_by_key("enc_layer")
            block.value, session.fragment_id = ["2"], block.fragment  # the segmented control's label
            picked = await session.rerun()
            assert picked.ok, session.last_exception
            return picked, list(session.drawn), charts, session.query_string
        finally:
            await session.close()

    picked, drawn, charts, query = asyncio.run(press())
    assert picked.fragment
    assert "text_input" not in drawn and "slider" not in drawn  # the sentence, the stack's blocks
    assert any(title in chart for chart in charts), [c[:200] for c in charts if c]
    assert ("layer", "2") in parse_qsl(query), query
