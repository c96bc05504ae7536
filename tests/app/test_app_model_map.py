"""Home's diagram of the model (viz/views/model_map.py) under AppTest: its numbers are the Attention heads
page's own for the same link (the step-by-step charts' cells), its shapes follow the sidebar, each box's
button opens its page on its tab, and it speaks Korean."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, ok, open_link
from viz.i18n import t
from viz.views import model_map

pytestmark = pytest.mark.usefixtures("fresh_caches")


def figure(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


def cells(fig: dict[str, Any]) -> np.ndarray:
    trace = fig["data"][0]
    return decode(trace["z"]).reshape(len(trace["y"]), -1)


def box_text(at: AppTest) -> list[str]:
    return list(figure(at, "home_map")["data"][0]["text"])


@pytest.mark.parametrize("shared", [{}, {"d_model": "64", "heads": "4", "base": "100"}])
def test_the_diagrams_numbers_are_the_attention_pages_own(shared: dict[str, str]) -> None:
    home = open_link("home", **shared)
    text = box_text(home)
    d_model, heads = int(shared.get("d_model", 128)), int(shared.get("heads", 8))
    assert f"{heads} heads × 9 × {d_model // heads}" in text[3]  # Q, K, V: per head, T x d_k
    assert f"E: 9 × {d_model}" in text[1]
    scores = open_link("attention", tab="steps", part="scores", **shared)
    scaled, weights = cells(figure(scores, "att_step_scaled")), cells(figure(scores, "att_step_weights"))
    assert f"s[0,1] = {scaled[0, 1]:.3f}" in text[4]
    best = int(np.argmax(weights[0]))
    assert f"max {weights[0, best]:.1%}" in text[5]
    qkv = open_link("attention", tab="steps", part="qkv", **shared)
    assert f"Q[0,0] = {cells(figure(qkv, 'att_step_Q'))[0, 0]:.3f}" in text[3]
    out = open_link("attention", tab="steps", part="out", **shared)
    assert f"out[0,0] = {cells(figure(out, 'att_step_out'))[0, 0]:.3f}" in text[7]
    # position 1's first dimension is sin(1) whatever the base: base^0 = 1
    assert f"PE[1,0] = {math.sin(1):.3f}" in text[2]


def test_each_box_opens_its_page_on_its_tab() -> None:
    for step, link in model_map.STEPS.items():
        at = open_link("home")
        at = ok(at.button(key=f"map_link_{step}").click().run())
        query = dict(link.query)
        page = link.file.removeprefix("pages/").removesuffix(".py")
        prefix = {"attention": "att", "embedding": "emb", "positional_encoding": "pe", "softmax": "sm"}
        prefix |= {"encoder": "enc", "pretrained": "real"}
        assert at.session_state[f"{prefix[page]}_section"] == query["tab"], step
        if "part" in query:
            part = {"attention": "att_step_part", "encoder": "enc_path_part"}[page]
            assert at.session_state[part] == query["part"], step
        if "model" in query:
            assert at.session_state["real_model"] == query["model"]


def test_the_diagram_speaks_korean() -> None:
    at = open_link("home", lang="ko")
    text = box_text(at)
    assert text[0].startswith(f"<b>1. {t('map.tokens', 'ko')}</b>")
    assert t("map.notice", "ko") in [c.value for c in at.caption]


@pytest.mark.parametrize(
    "shared", [{"d_model": "1024", "heads": "1024", "max_len": "4096"}, {"d_model": "abc", "heads": "-5"}]
)
def test_the_diagram_draws_at_the_largest_settings_and_an_absurd_link(shared: dict[str, str]) -> None:
    at = open_link("home", **shared)  # ok(): no exception box
    assert not at.error
    text = box_text(at)
    assert len(text) == len(model_map.STEPS)
    if shared["d_model"] == "1024":
        assert "1024 heads × 9 × 1" in text[3]


def small_map_text(at: AppTest) -> list[str]:
    """The small map's boxes (its popover opened, as a click on its button does)."""
    at.session_state["page_map"] = True
    ok(at.run())
    return list(figure(at, "page_map_chart")["data"][0]["text"])


def test_the_small_map_on_the_attention_page_follows_the_sentence_it_reads() -> None:
    at = open_link("attention", text="The dog ran", tab="steps", part="scores")
    text = small_map_text(at)
    assert "3 tokens" in text[0] and "E: 3 × 128" in text[1]
    scaled = cells(figure(at, "att_step_scaled"))  # the page's own step on the same sentence
    assert scaled.shape == (3, 3) and f"s[0,1] = {scaled[0, 1]:.3f}" in text[4]
    at.text_input(key="att_text").set_value("A cat sat on a very warm mat").run()
    text = small_map_text(at)
    assert "8 tokens" in text[0] and f"s[0,1] = {cells(figure(at, 'att_step_scaled'))[0, 1]:.3f}" in text[4]
    # a page with no sentence of its own shows the Attention page's first example, as Home does
    other = small_map_text(open_link("softmax"))
    assert other[0] == box_text(open_link("home"))[0] and "9 tokens" in other[0]
