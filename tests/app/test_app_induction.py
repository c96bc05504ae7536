"""Induction heads under AppTest: the Attention page's tab trains the toy model once (a second visitor gets
the same run) and draws its own curves and scores; the Real models page's tab draws SmolLM2's scores as
viz.pretrained.induction computes them; both open from a link in English and Korean."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, open_link
from tests.support.needs import real
from viz import pretrained
from viz.i18n import t
from viz.model import induction
from viz.pretrained import induction as real_induction

pytestmark = pytest.mark.usefixtures("fresh_caches")


def figure(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_toy_model_learns_in_the_tab_and_its_charts_are_the_runs(lang: str) -> None:
    at = open_link("attention", tab="induction", isteps="300", iseed="1", lang=lang)
    assert [i.value for i in at.info] == [t("ind.untrained", lang, steps=300, seconds=6)] and not charts(at)
    at.button(key="ind_train").click().run()
    run = induction.train(induction.InductionConfig(seed=1, steps=300))
    loss = figure(at, "ind_loss")["data"]
    np.testing.assert_allclose(decode(loss[0]["x"]), run.steps)
    np.testing.assert_allclose(decode(loss[1]["y"]), run.loss_second, rtol=1e-5)
    bars = figure(at, "ind_scores")["data"]
    np.testing.assert_allclose(decode(bars[1]["y"]), run.prefix[-1].ravel(), atol=1e-5)
    assert bars[0]["x"][0] == "L1 H1" and len(bars[0]["x"]) == 8
    # every head's prefix-matching score over training, one line a head
    curves, mark = figure(at, "ind_curves")["data"][:8], figure(at, "ind_curves")["data"][8:]
    assert [c["name"] for c in curves] == [f"L{layer} H{head}" for layer in (1, 2) for head in (1, 2, 3, 4)]
    assert [m["name"] for m in mark] == [loss[-1]["name"]]  # the loss chart's fastest drop, marked again
    for i, c in enumerate(curves):
        np.testing.assert_allclose(decode(c["y"]), run.prefix[:, i // 4, i % 4], atol=1e-5)
    said = "\n".join(m.value for m in at.markdown)
    assert t("ind.notice", lang) in said and t("ind.curves.notice", lang) in said
    assert not any(w.key == "att_text" for w in at.text_input)  # the page's sentence is not beside it


def test_the_curves_show_the_score_the_link_or_the_radio_picks() -> None:
    at = open_link("attention", tab="induction", isteps="100", icurve="copy")
    at.button(key="ind_train").click().run()
    run = induction.train(induction.InductionConfig(steps=100))
    curves = figure(at, "ind_curves")["data"]
    np.testing.assert_allclose(decode(curves[5]["y"]), run.copy[:, 1, 1], atol=1e-5)
    at.radio(key="ind_curve__en").set_value("previous").run()
    curves = figure(at, "ind_curves")["data"]
    np.testing.assert_allclose(decode(curves[2]["y"]), run.previous[:, 0, 2], atol=1e-5)
    assert at.query_params.get("icurve") == "previous" and not at.exception
    refused = open_link("attention", tab="induction", isteps="100", icurve="nonsense")
    assert not refused.exception and refused.session_state["ind_curve"] == "prefix"


def test_a_second_visitor_gets_the_same_run_without_pressing_or_training_again() -> None:
    first = open_link("attention", tab="induction", isteps="100")
    first.button(key="ind_train").click().run()
    again = open_link("attention", tab="induction", isteps="100")
    assert figure(first, "ind_loss") == figure(again, "ind_loss")
    assert not [b for b in again.button if b.key == "ind_train"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_smollm2s_heads_are_ranked_by_the_same_scores(lang: str) -> None:
    real("smollm2")
    at = open_link("pretrained", model="smollm2", tab="induction", rseed="2", lang=lang)
    found = real_induction.scores(pretrained.load("smollm2").model, 2)
    heat = figure(at, "ind_real")["data"][0]
    np.testing.assert_allclose(decode(heat["z"]).reshape(found.prefix.shape), found.prefix, atol=1e-5)
    top = figure(at, "ind_real_top")["data"]
    best = np.unravel_index(np.argmax(found.prefix), found.prefix.shape)
    assert top[0]["x"][0] == f"L{best[0] + 1} H{best[1] + 1}"
    np.testing.assert_allclose(decode(figure(at, "ind_real_loss")["data"][0]["y"]), found.loss, atol=1e-4)
    assert not at.exception


def test_minilm_gets_a_message_in_the_induction_tab() -> None:
    at = open_link("pretrained", model="minilm", tab="induction")
    assert [i.value for i in at.info] == [t("iv.minilm", "en")]
