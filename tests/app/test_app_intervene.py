"""The tools that test what a head does (the Real models page's logit lens, ablation and patching tabs,
viz/views/intervene.py and patching.py) under AppTest: each opens from a link in English and Korean and
draws the numbers viz.pretrained.intervene computes on the same text (its own tests hold those to
``transformers``); the heads and positions named in words are the grid's; texts of different lengths,
texts with one answer, MiniLM, absurd links and a visitor's markup get a message in the page, which goes
on."""

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
from viz.pretrained import intervene
from viz.views import intervene as view

pytestmark = pytest.mark.usefixtures("fresh_caches")

FRANCE = {"model": "smollm2", "ex": "1"}  # "The capital of France is"


def figure(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


def said(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def traced(text: str) -> tuple[Any, intervene.Trace]:
    model = pretrained.load("smollm2").model
    return model, intervene.trace(model, pretrained.tokenize("smollm2", text).ids)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lens_draws_each_layers_likeliest_token_and_follows_the_answer(lang: str) -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="lens", lang=lang)
    model, run = traced("The capital of France is")
    want = intervene.lens(model, run, view.LENS_K)
    heat = figure(at, "iv_lens")["data"][0]
    layers, n = want.top.shape[:2]
    # (to float32 sums' order: the page's run and this one may split their sums differently)
    np.testing.assert_allclose(decode(heat["z"]).reshape(layers, n), want.top_p[::-1, :, 0], atol=1e-5)
    assert heat["text"][0][-1] == "␣Paris"  # the top row is the model's own output
    assert heat["y"][0] == t("iv.layer_row", lang, layer=30) and heat["y"][-1] == t("iv.embed_row", lang)
    follow = figure(at, "iv_lens_follow")["data"]
    np.testing.assert_allclose(decode(follow[0]["y"]), want.answer_p[:, -1], atol=1e-5)
    np.testing.assert_allclose(decode(follow[1]["y"]), want.answer_rank[:, -1] + 1)
    ten = int(np.flatnonzero(want.answer_rank[:, -1] < 10)[0])
    assert t("iv.lens.never", lang, answer="'␣Paris'", ten=ten) in said(at)


def test_the_lens_follows_the_position_in_the_link_and_clamps_an_absurd_one() -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="lens", pos="4")  # the 4th token: " France"
    assert "3 · ␣France" in figure(at, "iv_lens_follow")["layout"]["title"]["text"]
    far = open_link("pretrained", **FRANCE, tab="lens", pos="64")  # past this text's 5 tokens
    assert "4 · ␣is" in figure(far, "iv_lens_follow")["layout"]["title"]["text"]
    assert not far.exception


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_ablation_shows_the_heads_effect_and_the_grid_names_the_heads_that_matter(lang: str) -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="ablate", alayer="24", ahead="5", ablate="mean", lang=lang)
    assert not [c for c in charts(at) if c.proto.id.endswith("iv_ablate_grid")]  # it waits for a press
    at.button(key="iv_go_ablation").click().run()
    # the grid takes the place of its question and button
    assert not [b for b in at.button if b.key == "iv_go_ablation"]
    assert t("iv.grid.ask", lang, n=270) not in [i.value for i in at.info]
    model, run = traced("The capital of France is")
    paris = int(run.logits.argmax())
    after = intervene.ablate(model, run, [(23, 4)], "mean").exp().numpy()
    bars = figure(at, "iv_ablate")["data"]
    plain = torch_softmax(run.logits)
    best = np.argsort(-plain, kind="stable")[:10]
    np.testing.assert_allclose(decode(bars[0]["y"]), plain[best], atol=1e-4)
    np.testing.assert_allclose(decode(bars[1]["y"]), after[best], atol=1e-4)
    assert after[paris] < plain[paris] - 0.2  # this head carries the answer
    grid = intervene.ablation_grid(model, run, paris, "mean")
    heat = figure(at, "iv_ablate_grid")["data"][0]
    np.testing.assert_allclose(decode(heat["z"]).reshape(grid.shape), grid, atol=1e-5)
    worst = np.unravel_index(np.argmin(grid), grid.shape)
    named = t("iv.abl.named", lang, layer=int(worst[0]) + 1, head=int(worst[1]) + 1, delta=float(grid[worst]))
    assert named in said(at)


def test_ablating_every_head_of_a_layer_takes_them_all() -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="ablate", alayer="2", ahead="all")
    model, run = traced("The capital of France is")
    after = intervene.ablate(model, run, [(1, h) for h in range(9)], "zero").exp().numpy()
    best = np.argsort(-torch_softmax(run.logits), kind="stable")[:10]
    np.testing.assert_allclose(decode(figure(at, "iv_ablate")["data"][1]["y"]), after[best], atol=1e-4)
    assert t("iv.abl.all_heads", "en") in figure(at, "iv_ablate")["layout"]["title"]["text"]


@pytest.mark.parametrize(("what", "lang"), [("resid", "en"), ("heads", "ko")])
def test_patching_draws_the_share_restored_and_says_where_the_answer_moves(what: str, lang: str) -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="patch", patch=what, lang=lang)
    model, clean = traced("The capital of France is")
    _, corrupt = traced("The capital of Italy is")
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    grid = intervene.patch_grid(model, clean, corrupt, good, bad, what)  # type: ignore[arg-type]
    heat = figure(at, f"iv_patch_{what}")["data"][0]
    np.testing.assert_allclose(decode(heat["z"]).reshape(grid.shape), grid[::-1], atol=1e-4)
    if what == "resid":
        assert heat["x"][3] == "3 · ␣France → 3 · ␣Italy"
        where = t("patch.where", lang, last=24, first=25, early="3 · ␣France", late="4 · ␣is")
        assert where in said(at)
    else:
        assert heat["x"] == [str(h) for h in range(1, 10)]
        assert t("patch.cell.heads", lang, layer=24, head=5, share=float(grid[23, 4])) in said(at)


def test_patching_texts_of_different_lengths_or_one_answer_says_why_and_the_page_goes_on() -> None:
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="patch", text2="The capital of the United Kingdom is")
    n = len(pretrained.tokenize("smollm2", "The capital of the United Kingdom is").ids)
    assert any(t("patch.lengths", "en", a=5, b=n) == i.value for i in at.info), [i.value for i in at.info]
    same = open_link("pretrained", **FRANCE, tab="patch", text2="The capital of France is")
    assert any("'␣Paris'" in i.value for i in same.info)
    assert not same.exception and not at.exception


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_patching_tab_opened_on_the_pages_first_example_offers_the_example_pair(lang: str) -> None:
    # the page opens on "The cat sat on the mat...", ten tokens: the default corrupted text has five, and
    # the tab showed only why it could not patch them
    real("smollm2")
    at = open_link("pretrained", model="smollm2", tab="patch", lang=lang)
    assert [i.value for i in at.info] == [t("patch.lengths", lang, a=10, b=5)] and not charts(at)
    at.button(key="patch_example").click().run()
    assert at.session_state["real_text"] == "The capital of France is"
    assert at.text_input(key="patch_text").value == "The capital of Italy is"
    assert figure(at, "iv_patch_resid")["data"][0]["x"][3] == "3 · ␣France → 3 · ␣Italy"
    assert at.selectbox(key="real_example").value == "The capital of France is" and not at.exception
    # a pair with one answer offers it too
    same = open_link("pretrained", **FRANCE, tab="patch", text2="The capital of France is", lang=lang)
    assert [b.key for b in same.main.button] == ["patch_example"]


def test_a_long_text_gets_the_lens_but_not_the_grids() -> None:
    real("smollm2")
    long = "The capital of France is a city with many museums and old bridges over the river Seine"
    at = open_link("pretrained", model="smollm2", text=long, tab="ablate")
    n = len(pretrained.tokenize("smollm2", long).ids)
    assert n > view.GRID_TOKENS
    assert any(t("iv.too_long", "en", max=view.GRID_TOKENS, n=n) == i.value for i in at.info)
    assert figure(at, "iv_ablate")  # the single ablation still draws
    lens = open_link("pretrained", model="smollm2", text=long, tab="lens", pos="2")
    heat = figure(lens, "iv_lens")["data"][0]
    assert len(heat["x"]) == view.LENS_POSITIONS and heat["x"][-1].startswith(f"{n - 1} · ")
    assert t("iv.lens.last", "en", n=view.LENS_POSITIONS, total=n) in [c.value for c in lens.caption]
    # the 2nd token is not read: the lower chart follows the first position the lens reads
    first = heat["x"][0]
    assert figures_escape(first) in figure(lens, "iv_lens_follow")["layout"]["title"]["text"]


def test_minilm_and_absurd_links_get_a_message() -> None:
    for tab in ("lens", "ablate", "patch"):
        at = open_link("pretrained", model="minilm", tab=tab)
        assert [i.value for i in at.info] == [t("iv.minilm", "en")]
    real("smollm2")
    at = open_link("pretrained", **FRANCE, tab="ablate", ahead="99", ablate="everything", alayer="-3")
    assert not at.exception and figure(at, "iv_ablate")


def test_a_visitors_markup_stays_text_in_the_charts_and_the_sentences() -> None:
    real("smollm2")
    for tab in ("lens", "ablate", "patch"):
        at = open_link("pretrained", model="smollm2", text="<b>x</b> is", tab=tab, text2="<i>y</i> is")
        drawn = charts(at)
        assert (drawn or tab == "patch") and not at.exception  # patching may say the texts differ
        for chart in drawn:
            assert "<b>" not in chart.proto.spec and "<i>" not in chart.proto.spec
        for shown in [*at.markdown, *at.info]:
            assert "<b>" not in shown.value and "<i>" not in shown.value


def figures_escape(text: str) -> str:
    from viz import figures

    return figures.escape_label(text)


def torch_softmax(logits: Any) -> np.ndarray:
    z = logits.double().numpy()
    p = np.exp(z - z.max())
    return p / p.sum()
