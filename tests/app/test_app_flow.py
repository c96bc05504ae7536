"""Attention as lines between words on the pages (viz.views.flow) under AppTest: the view and the word
travel in the link, the lines carry the heatmap's weights and its CSV, a word alone draws only its lines,
a shorter sentence keeps its last word, absurd values are refused with a note, and a visitor's markup
stays text."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, ok, open_link
from tests.support import downloads
from tests.support.needs import real
from viz import pretrained
from viz.encodings import embedding
from viz.figures import flow
from viz.i18n import t
from viz.ui import widgets

pytestmark = pytest.mark.usefixtures("fresh_caches")


def figure(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


def drawn(fig: dict[str, Any]) -> dict[tuple[int, int, int], float]:
    """(head, query, key) -> weight of every line of a lines figure's JSON (``layout.meta.lines``), each
    checked to be drawn by its shape at that weight's opacity level."""
    out = {}
    shapes = fig["layout"].get("shapes", [])
    listed = fig["layout"]["meta"]["lines"]["shapes"]
    assert len(shapes) == len(listed)
    for shape, lines in zip(shapes, listed, strict=True):
        assert shape["path"] == flow.path(lines)
        for h, q, k, weight in lines:
            assert shape["opacity"] == flow.level(weight)
            out[(int(h), int(q), int(k))] = float(weight)
    return out


def grid_maps(fig: dict[str, Any]) -> list[np.ndarray]:
    from bench.harness.apptest import decode

    return [decode(d["z"]).reshape(len(d["y"]), -1) for d in fig["data"] if d["type"] == "heatmap"]


def assert_lines_are(lines: dict[tuple[int, int, int], float], maps: np.ndarray, floor: float) -> None:
    """Every weight of ``maps`` (heads, T, T) at or over ``floor`` is a line of that opacity; no other."""
    expected = {(h, q, k) for h, q, k in np.ndindex(maps.shape) if maps[h, q, k] >= floor}
    assert set(lines) == expected
    for (h, q, k), opacity in lines.items():
        assert opacity == pytest.approx(float(maps[h, q, k]), abs=1e-6)


def table_of(at: AppTest, chart_key: str) -> list[Any]:
    """The chart's data table (its switch turned on): every table it shows, as plain values."""
    at.toggle(key=f"{chart_key}_table").set_value(True)
    ok(at.run())
    return [frame.value.to_numpy().tolist() for frame in at.dataframe]


def test_the_line_view_draws_the_heatmaps_weights_and_offers_the_same_table() -> None:
    heat = open_link("attention", view="heatmap")
    assert not any(c.proto.id.endswith("att_maps_lines") for c in charts(heat))
    maps = np.stack(grid_maps(figure(heat, "att_maps_grid")))
    lines_at = open_link("attention", view="lines")
    assert not any(c.proto.id.endswith("att_maps_grid") for c in charts(lines_at))
    fig = figure(lines_at, "att_maps_lines")
    floor = fig["layout"]["meta"]["lines"]["threshold"]
    assert floor == flow.MIN_WEIGHT
    assert_lines_are(drawn(fig), maps, floor)
    assert t("flow.notice", "en") in [m.value for m in lines_at.markdown]
    n = len(drawn(fig))
    assert t("flow.threshold", "en", lines=n, floor=floor) in [c.value for c in lines_at.caption]
    # the same data as the heatmap's CSV, shown as the same tables
    assert table_of(lines_at, "att_maps_lines") == table_of(heat, "att_maps_grid")


def test_a_word_in_the_link_draws_only_its_lines_and_a_shorter_sentence_keeps_its_last_word() -> None:
    at = open_link("attention", view="lines", word="7")
    assert at.selectbox(key="att_word").value == 7
    assert {q for _, q, _ in drawn(figure(at, "att_maps_lines"))} == {6}
    at.text_input(key="att_text").set_value("I am good")
    ok(at.run())
    assert at.selectbox(key="att_word").value == 3  # its last word
    fig = figure(at, "att_maps_lines")
    assert fig["layout"]["meta"]["lines"]["focus"] == 2 and {q for _, q, _ in drawn(fig)} == {2}
    assert at.query_params.get("word") in (["3"], "3")
    at.selectbox(key="att_word").set_value(0)
    ok(at.run())
    assert {q for _, q, _ in drawn(figure(at, "att_maps_lines"))} == {0, 1, 2}


@pytest.mark.parametrize(("name", "value"), [("view", "bars"), ("word", "999"), ("word", "-1")])
def test_absurd_values_are_refused_with_a_note_and_the_page_draws(name: str, value: str) -> None:
    at = open_link("attention", **{"view": "lines", name: value})
    notes = [x.value for x in at.text if f"asked for {name} = “{value}”" in x.value]
    assert len(notes) == 1, [x.value for x in at.text]
    # the page goes on, on the default for what was refused
    assert any(
        c.proto.id.endswith("att_maps_grid" if name == "view" else "att_maps_lines") for c in charts(at)
    )


def test_markup_typed_as_the_sentence_stays_text_in_the_lines() -> None:
    text = "<img src=x onerror=alert(1)> <b>bold</b>"
    at = open_link("attention", view="lines", text=text, word="1")
    fig = figure(at, "att_maps_lines")
    labels = embedding.row_labels(embedding.tokenize(text).tokens)
    assert "<" in labels[0]  # the tokens do hold markup characters
    for trace in [d for d in fig["data"] if d.get("meta") in ("query", "key")]:
        assert trace["text"] == [html.escape(label, quote=False) for label in labels]
        assert "<" not in "".join(trace["text"])
        ours = re.compile(r"</?b>|<br>")  # the hover's own markup: the word in bold, line breaks
        assert all("<" not in ours.sub("", hover) for hover in trace["hovertext"])
    assert "&lt;" in fig["layout"]["title"]["text"]  # the word alone, named in the title, escaped


@pytest.mark.parametrize("model", ["minilm", "smollm2"])
def test_a_real_models_layer_as_lines_carries_every_heads_weights_and_its_tidy_table(model: str) -> None:
    real(model)
    at = open_link("pretrained", model=model, tab="one", view="lines", layer="2")
    assert "real_head" not in [s.key for s in at.slider]  # every head is drawn: no head to pick
    fig = figure(at, f"real_lines_{model}")
    info = pretrained.INFO[model]
    pieces = pretrained.tokenize(model, at.text_input(key="real_text").value or "")
    weights = pretrained.run(model, pieces.ids).attention[1]  # layer 2
    assert fig["layout"]["meta"]["lines"]["heads"] == info.heads
    assert_lines_are(
        drawn(fig), np.asarray(weights, dtype=np.float32), fig["layout"]["meta"]["lines"]["threshold"]
    )
    rows = table_of(at, f"real_lines_{model}")[0]
    n = len(pieces.ids)
    assert len(rows) == info.heads * n * n and {r[0] for r in rows} == {2}  # layer 2, numbered from 1


# ---- the model view: every layer's heads as small panels of lines ------------------------------------------
def csv_table(key: str, page: str, **query: str) -> tuple[AppTest, pd.DataFrame]:
    """The page opened at the link, and the CSV its chart ``key`` offers, as a table."""
    with downloads.recorded() as found:
        at = open_link(page, **query)
    return at, downloads.table(found, key)


def model_lines_of(fig: dict[str, Any]) -> dict[tuple[int, int, int], float]:
    """(panel, query, key) -> weight of every line of a model view's JSON, each checked to be drawn by its
    shape, in its panel, at that weight's opacity level."""
    meta = fig["layout"]["meta"]["lines"]
    found = {}
    for shape, lines in zip(fig["layout"]["shapes"], meta["shapes"], strict=True):
        assert shape["path"] == flow.path(lines, [tuple(xy) for xy in meta["panels"]])
        for p, q, k, weight in lines:
            assert shape["opacity"] == flow.level(weight)
            found[(int(p), int(q), int(k))] = float(weight)
    return found


def assert_tidy(table: pd.DataFrame, weights: np.ndarray) -> None:
    """The CSV is one row per (layer, head, query, key) of ``weights`` (layers, heads, T, T), numbered from 1
    for layers and heads, holding its weight."""
    layers, heads = weights.shape[:2]
    assert len(table) == weights.size
    got = table.iloc[:, [0, 1, 2, 4, 6]].to_numpy()
    layer, head, q, k = (got[:, i].astype(int) for i in range(4))
    assert set(layer) == set(range(1, layers + 1)) and set(head) == set(range(1, heads + 1))
    np.testing.assert_allclose(got[:, 4].astype(float), weights[layer - 1, head - 1, q, k], atol=1e-6)


def test_the_model_view_draws_every_layers_heatmaps_and_offers_their_tidy_table() -> None:
    grids = [open_link("attention", layers="3", layer=str(i)) for i in (1, 2, 3)]
    maps = np.stack([np.stack(grid_maps(figure(at, "att_maps_grid"))) for at in grids])
    at, table = csv_table("att_maps_model", "attention", layers="3", view="model")
    assert not any(c.proto.id.endswith(("att_maps_grid", "att_maps_lines")) for c in charts(at))
    fig = figure(at, "att_maps_model")
    meta = fig["layout"]["meta"]["lines"]
    layers, heads, n, _ = maps.shape
    assert (meta["layers"], meta["heads"], meta["tokens"]) == (3, heads, n)
    found = model_lines_of(fig)
    assert_lines_are(found, maps.reshape(layers * heads, n, n), meta["threshold"])
    assert t("flow.model.notice", "en") in [m.value for m in at.markdown]
    caption = t("flow.model.threshold", "en", lines=len(found), floor=meta["threshold"])
    assert caption in [c.value for c in at.caption]
    assert_tidy(table, maps)


def test_the_model_view_travels_in_the_link_and_a_word_alone_lights_its_lines_in_every_panel() -> None:
    at = open_link("attention", layers="2", view="model", word="3", lang="ko")
    assert at.radio(key=widgets.choice_key("att_view", "ko")).value == "model"
    fig = figure(at, "att_maps_model")
    meta = fig["layout"]["meta"]["lines"]
    lines = {(p, q) for shape in meta["shapes"] for p, q, _, _ in shape}
    assert {q for _, q in lines} == {2} and {p for p, _ in lines} == set(range(2 * meta["heads"]))
    assert meta["focus"] == 2 and fig["layout"]["title"]["text"].startswith("모든 층과 헤드에서")
    assert t("flow.model.notice", "ko") in [m.value for m in at.markdown]
    at.radio(key=widgets.choice_key("att_view", "ko")).set_value("lines")
    ok(at.run())
    assert at.query_params.get("view") in (["lines"], "lines")
    assert figure(at, "att_maps_lines")["layout"]["meta"]["lines"]["focus"] == 2


@pytest.mark.parametrize("model", ["minilm", "smollm2"])
def test_a_real_models_every_layer_as_lines_carries_its_weights_and_its_tidy_table(model: str) -> None:
    real(model)
    at, table = csv_table(f"real_model_{model}", "pretrained", model=model, tab="one", view="model")
    fig = figure(at, f"real_model_{model}")
    info = pretrained.INFO[model]
    pieces = pretrained.tokenize(model, at.text_input(key="real_text").value or "")
    attention = np.asarray(pretrained.run(model, pieces.ids).attention, dtype=np.float32)
    meta = fig["layout"]["meta"]["lines"]
    assert (meta["layers"], meta["heads"]) == (info.layers, info.heads)
    found = model_lines_of(fig)
    n = len(pieces.ids)
    assert_lines_are(found, attention.reshape(info.layers * info.heads, n, n), meta["threshold"])
    assert 0 < len(found) <= flow.MODEL_MAX_LINES
    assert_tidy(table, attention)


def test_the_model_view_of_a_window_of_heads_names_them_and_its_table_holds_their_words() -> None:
    """32 heads: the sixteen from head 17 are drawn, named H17..H32 on the chart and in the table, whose
    token columns hold the sentence's words (not the chart's "position · word" labels)."""
    from viz.encodings import embedding
    from viz.model import encoder, model_cache

    at, table = csv_table("att_maps_model", "attention", heads="32", layers="2", view="model", first="17")
    fig = figure(at, "att_maps_model")
    meta = fig["layout"]["meta"]["lines"]
    assert (meta["layers"], meta["heads"]) == (2, 16)
    heads = [a["text"] for a in fig["layout"]["annotations"] if a.get("yref") == "paper"]
    assert heads == [f"H{h}" for h in range(17, 33)]
    tokens = embedding.tokenize(at.text_input(key="att_text").value or "").tokens
    config = encoder.ModelConfig(128, 32, 2, "sinusoidal", 10000.0, 0)
    maps = np.stack([model_cache.layer_maps(config, tokens, i)[16:32] for i in range(2)])
    n = len(tokens)
    assert_lines_are(model_lines_of(fig), maps.reshape(32, n, n), meta["threshold"])
    assert set(table.iloc[:, 1]) == set(range(17, 33))
    assert set(table.iloc[:, 3]) == set(tokens) and not any(" · " in str(w) for w in table.iloc[:, 5])
    got = table.iloc[:, [0, 1, 2, 4, 6]].to_numpy()
    layer, head, q, k = (got[:, i].astype(int) for i in range(4))
    np.testing.assert_allclose(got[:, 4].astype(float), maps[layer - 1, head - 17, q, k], atol=1e-6)


def test_the_model_view_of_a_one_layer_model_says_where_more_rows_come_from() -> None:
    at = open_link("attention", view="model", lang="ko")
    assert figure(at, "att_maps_model")["layout"]["meta"]["lines"]["layers"] == 1
    assert t("heads.one_layer", "ko") in [c.value for c in at.caption]
    deeper = open_link("attention", view="model", layers="2")
    assert t("heads.one_layer", "en") not in [c.value for c in deeper.caption]
