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
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, ok, open_link
from tests.support.needs import real
from viz import pretrained
from viz.encodings import embedding
from viz.figures import flow
from viz.i18n import t

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
