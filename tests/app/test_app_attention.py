"""The Attention heads page under AppTest: head counts, layers, masks, steps, word order and training."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts as chart_elements
from bench.harness.apptest import decode, ok, open_page
from viz.encodings import embedding
from viz.i18n import t
from viz.model import encoder, model_cache, probe, train
from viz.views import attention as att_views

ATT = "pages/attention.py"
DOG = "A dog ate the food because it was hungry"

pytestmark = pytest.mark.usefixtures("fresh_caches")


def charts(at: AppTest) -> dict[str, dict[str, Any]]:
    """Every chart of the run by the end of its widget key."""
    out = {}
    for c in chart_elements(at):
        key = c.proto.id.split("-")[-1]
        out[key] = json.loads(c.proto.spec)
    return out


def spec(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in chart_elements(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in chart_elements(at)]
    return found[0]


def grid_maps(fig: dict[str, Any]) -> list[np.ndarray]:
    """The (T, T) weights of every heatmap panel of a heads grid, in order."""
    out = []
    for d in fig["data"]:
        z = d["z"]
        n = len(d["y"])
        out.append(decode(z).reshape(n, -1) if isinstance(z, dict) else np.asarray(z, dtype=np.float64))
    return out


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [w.value for w in at.warning] + [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(str(p) for p in parts)


def expected_maps(
    d_model: int, heads: int, layers: int, encoding: encoder.ModelEncoding, text: str
) -> np.ndarray:
    """What the page should draw, computed here straight from the model: (layers, heads, T, T)."""
    tokens = embedding.tokenize(text).tokens
    net = encoder.build(encoder.ModelConfig(d_model, heads, layers, encoding, 10000.0, 0))
    x = encoder.sentence_input(embedding.token_vectors(tokens, d_model, 0))
    return probe.attention_maps(net, x)[:, 0]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_page_runs_in_both_languages(lang: str) -> None:
    at = open_page(ATT, lang=lang)
    assert at.title[0].value == t("att.title", lang)
    found = charts(at)
    for key in (
        "att_maps_grid",
        "att_avg",
        "att_mask_matrix_0",
        "att_mask_matrix_1",
        "att_mask_maps_grid",
        "att_step_Q",
        "att_step_scores",
        "att_step_weights",
        "att_step_z",
        "att_step_concat",
        "att_step_wo",
        "att_step_out",
        "att_order",
    ):
        assert key in found, (key, sorted(found))
        assert found[key]["layout"]["title"]["text"], key
    body = texts(at)
    for key in ("att.maps.explain", "att.avg.explain", "steps.explain", "att.order.explain"):
        assert t(key, lang) in body
    if lang == "ko":
        assert "헤드" in body


@pytest.mark.parametrize("heads", [1, 2, 4, 8])
def test_head_count_sets_the_number_of_maps_and_d_k(heads: int) -> None:
    at = open_page(ATT, heads=str(heads))
    fig = spec(at, "att_maps_grid")
    maps = grid_maps(fig)
    assert len(maps) == heads
    d_k = 128 // heads
    assert t("att.dk", "en", heads=heads, d_model=128, d_k=d_k, layers=1) in texts(at)
    assert fig["layout"]["title"]["text"] == t("att.maps.chart", "en", layer=1, heads=heads, d_k=d_k)
    expected = expected_maps(128, heads, 1, "sinusoidal", DOG)[0]
    for h, m in enumerate(maps):
        assert m.shape == (9, 9)
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-5)
        np.testing.assert_allclose(m, expected[h], atol=1e-6)
    avg = decode(spec(at, "att_avg")["data"][-1]["z"]).reshape(9, 9)
    np.testing.assert_allclose(avg, expected.mean(axis=0), atol=1e-6)


def test_a_head_count_that_does_not_divide_is_explained_and_the_page_still_works() -> None:
    at = open_page(ATT, heads="3")  # 3 does not divide the default d_model 128
    body = texts(at)
    options = ", ".join(str(d) for d in (1, 2, 4, 8, 16, 32, 64, 128))
    # A link's count is the count asked for: the nearest divisor (2, the smaller on a tie) is used.
    said = t("ui.att.heads_bad", "en", asked=3, d_model=128, share="42.67", used=2, d_k=64, options=options)
    assert said in body
    assert len(grid_maps(spec(at, "att_maps_grid"))) == 2
    # A count chosen earlier that stops dividing when d_model changes: 16 heads, then d_model = 100.
    ok(at.selectbox(key="heads").set_value(16).run())
    ok(at.slider(key="d_model").set_value(100).run())
    body = texts(at)
    options = ", ".join(str(d) for d in (1, 2, 4, 5, 10, 20, 25, 50, 100))
    said = t("ui.att.heads_bad", "en", asked=16, d_model=100, share="6.25", used=20, d_k=5, options=options)
    assert said in body
    assert len(grid_maps(spec(at, "att_maps_grid"))) == 16  # 20 heads, the first sixteen drawn


def test_many_heads_are_drawn_sixteen_at_a_time() -> None:
    at = open_page(ATT, d_model="64", heads="64")
    assert len(grid_maps(spec(at, "att_maps_grid"))) == 16
    assert t("ui.att.grid_cut", "en", shown=16, heads=64) in texts(at)
    ok(at.slider(key="att_maps_first").set_value(49).run())
    fig = spec(at, "att_maps_grid")
    titles = [a["text"] for a in fig["layout"]["annotations"]]
    assert titles[0] == t("ui.att.head_title", "en", h=49) and titles[-1] == t(
        "ui.att.head_title", "en", h=64
    )
    last = expected_maps(64, 64, 1, "sinusoidal", DOG)[0][63]
    np.testing.assert_allclose(grid_maps(fig)[-1], last, atol=1e-6)


def test_layers_and_encodings() -> None:
    at = open_page(ATT)
    ok(at.slider(key="att_layers").set_value(3).run())
    ok(at.selectbox(key="att_encoding__en").set_value("rope").run())
    assert t("steps.rope", "en") in texts(at)  # the step-by-step says Q and K are rotated
    expected = expected_maps(128, 8, 3, "rope", DOG)
    first = grid_maps(spec(at, "att_maps_grid"))
    np.testing.assert_allclose(first[0], expected[0][0], atol=1e-5)
    ok(at.button_group(key="att_layer").set_value(3).run())  # the layer selector
    third = grid_maps(spec(at, "att_maps_grid"))
    np.testing.assert_allclose(third[0], expected[2][0], atol=1e-5)
    assert not np.allclose(first[0], third[0])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \t ",
        "<img src=x onerror=alert(1)> <b>bold</b>",
        "나는 학교에 간다",
        "w " * 150,
        "\u202eevil\u200b text\x00",
        "one",
    ],
    ids=["empty", "blank", "markup", "korean", "overlong", "control", "one-word"],
)
def test_any_sentence_gives_a_message_or_maps_never_a_traceback(text: str) -> None:
    at = open_page(ATT)
    ok(at.text_input(key="att_text").input(text).run())
    tokens = embedding.tokenize(text).tokens
    body = texts(at)
    if not tokens:
        assert t("ui.att.empty", "en") in body
        assert t("steps.need", "en") in body
        assert "att_maps_grid" not in charts(at)
        return
    fig = spec(at, "att_maps_grid")
    labels = fig["data"][0]["y"]
    assert len(labels) == len(tokens)
    assert all("<" not in label for label in labels)  # escaped: Plotly would render tags
    if len(tokens) < 2:
        assert t("att.order.need", "en") in body
    if text == "w " * 150:  # 150 tokens: the first 48 are drawn
        assert t("ui.att.cut", "en", n=embedding.MAX_TOKENS, chars=embedding.MAX_CHARS) in body


@pytest.mark.parametrize("mode", probe.MASK_MODES)
def test_masks_shown_as_matrices_and_in_the_maps(mode: probe.MaskMode) -> None:
    at = open_page(ATT)
    ok(at.radio(key="att_mask_mode__en").set_value(mode).run())
    first, second = embedding.tokenize(DOG).tokens, embedding.tokenize("I am good").tokens
    t_max = len(first)
    expected = probe.mask_matrices(mode, (len(first), len(second)), t_max)
    for i in range(2):
        drawn = spec(at, f"att_mask_matrix_{i}")["data"][-1]["z"]
        np.testing.assert_array_equal(decode(drawn).reshape(t_max, t_max), expected[i].astype(float))
    maps = grid_maps(spec(at, "att_mask_maps_grid"))  # the padded sentence ("I am good")
    assert len(maps) == 8
    sees = expected[1].any(axis=1)  # False only for the [PAD] queries of "pad_queries"
    assert bool(sees.all()) is (mode != "pad_queries")
    for m in maps:
        np.testing.assert_allclose(m.sum(axis=1), np.where(sees, 1.0, 0.0), atol=1e-5)
        blocked = ~expected[1]
        if mode == "none":
            assert m[:, len(second) :].max() > 0.01  # [PAD] takes weight without a mask
        else:
            assert np.all(m[blocked] == 0.0)
        if mode in ("causal", "both"):
            assert np.all(np.triu(m, 1) == 0.0)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_query_with_no_key_is_shown_with_its_zero_output(lang: str) -> None:
    """The "padding, [PAD] queries too" mask empties the [PAD] queries' rows: the page draws head 1's
    output z for the padded sentence, with exact zeros in those rows (not NaN), and says why."""
    at = open_page(ATT, lang=lang)
    assert "att_mask_z" not in charts(at)  # the padding mask leaves no row empty: no such chart
    ok(at.radio(key=f"att_mask_mode__{lang}").set_value("pad_queries").run())
    first, second = embedding.tokenize(DOG).tokens, embedding.tokenize("I am good").tokens
    t_max, n = len(first), len(second)  # 9 and 3: rows 3..8 of sentence 2 are [PAD] queries
    fig = spec(at, "att_mask_z")
    z = decode(fig["data"][-1]["z"]).reshape(t_max, -1)
    assert z.shape == (t_max, min(att_views.SHOWN_COLUMNS, 16))  # d_k = 128 / 8
    assert np.isfinite(z).all()
    assert (z[n:] == 0).all() and (np.abs(z[:n]).max(axis=1) > 0).all()
    # The same numbers straight from the model: head 1 of layer 1 on the padded batch.
    net = encoder.build(encoder.ModelConfig())
    rows = [
        encoder.sentence_input(embedding.token_vectors(embedding.padded(s, t_max), 128, 0))
        for s in (first, second)
    ]
    want = probe.batch_head_outputs(net, rows, (len(first), n), "pad_queries", 0)[1, 0]
    np.testing.assert_allclose(z, want[:, : z.shape[1]], atol=1e-6)
    assert fig["data"][-1]["y"][n:] == [f"{i} · {embedding.PAD}" for i in range(n, t_max)]
    body = texts(at)
    said = t("att.mask.empty.explain", lang, rows=", ".join(str(i) for i in range(n, t_max)), largest="0")
    assert said in body
    assert t("att.mask.pad_queries.explain", lang) in body
    for m in grid_maps(spec(at, "att_mask_maps_grid")):  # every head's map: the [PAD] rows are empty
        assert (m[n:] == 0).all()


def test_step_by_step_matches_the_model_and_shows_the_mask() -> None:
    at = open_page(ATT)
    ok(at.slider(key="att_step_head").set_value(3).run())
    tokens = embedding.tokenize(DOG).tokens
    net = encoder.build(encoder.ModelConfig())
    steps = probe.head_steps(net, encoder.sentence_input(embedding.token_vectors(tokens, 128, 0)), 0, 2)
    weights = decode(spec(at, "att_step_weights")["data"][-1]["z"]).reshape(9, 9)
    np.testing.assert_allclose(weights, steps.weights, atol=1e-6)
    scaled = decode(spec(at, "att_step_scaled")["data"][-1]["z"]).reshape(9, 9)
    np.testing.assert_allclose(scaled, steps.scores / 4.0, rtol=1e-5, atol=1e-5)  # √16 = 4
    assert len(spec(at, "att_step_masked")["data"]) == 1  # no masked cells, no grey layer
    ok(at.toggle(key="att_step_causal").set_value(True).run())
    masked = spec(at, "att_step_masked")
    assert len(masked["data"]) == 2  # the grey layer of −∞ cells under the scores
    grey = decode(masked["data"][0]["z"]).reshape(9, 9)
    np.testing.assert_array_equal(np.isfinite(grey), np.triu(np.ones((9, 9), bool), 1))
    weights = decode(spec(at, "att_step_weights")["data"][-1]["z"]).reshape(9, 9)
    assert np.all(np.triu(weights, 1) == 0.0)
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-5)
    concat = spec(at, "att_step_concat")
    rect = concat["layout"]["shapes"][0]
    assert (rect["x0"], rect["x1"]) == (32 - 0.5, 48 - 0.5)  # head 3 holds columns 32..47


def test_word_order_without_position_only_permutes() -> None:
    at = open_page(ATT)
    fig = spec(at, "att_order")
    bars = {d["name"]: decode(d["y"]) for d in fig["data"]}
    none = bars[t("encoding.none", "en")]
    with_pe = bars[t("att.order.with", "en", enc=t("encodings.kind.sinusoidal", "en"))]
    assert none.max() < 1e-4
    assert with_pe.max() > 1e-2
    assert fig["layout"]["yaxis"]["type"] == "log"
    ok(at.selectbox(key="att_encoding__en").set_value("none").run())
    assert t("att.order.pick", "en") in texts(at)


def test_training_a_toy_task_in_the_page() -> None:
    at = open_page(ATT)
    ok(at.radio(key="att_source__en").set_value("task").run())
    assert t("att.sentence_only", "en") in texts(at)
    assert at.button(key="att_train").label == t("train.start", "en")
    ok(at.button(key="att_train").click().run())
    body = texts(at)
    reached = [s.value for s in at.success]
    assert reached and "%" in reached[0], body
    assert "att_curve" in charts(at)
    curve = spec(at, "att_curve")
    acc = decode(curve["data"][0]["y"])
    assert acc[-1] >= train.TARGET_ACCURACY
    table = at.dataframe[0].value
    answers = table[t("train.col.answer", "en")].tolist()
    predicted = table[t("train.col.model", "en")].tolist()
    assert sum(a == b for a, b in zip(answers, predicted, strict=True)) >= 7  # the trained model answers
    # A second session with the same settings gets the trained model at once.
    again = open_page(ATT)
    ok(again.radio(key="att_source__en").set_value("task").run())
    assert again.button(key="att_train").disabled
    assert again.button(key="att_train").label == t("train.trained_already", "en")


def task_title(state: str) -> str:
    return t("train.task.chart", "en", layer=1, state=state)


def test_anyone_can_switch_to_the_untrained_model_and_replay_the_training() -> None:
    """Session A trains; session B (a new AppTest with the same settings) sees the trained model, can go
    back to the untrained one and forth, and can replay the run: the maps at each recorded step, and the
    curve as it stood then."""
    a = open_page(ATT)
    ok(a.radio(key="att_source__en").set_value("task").run())
    assert "att_model_state__en" not in [r.key for r in a.radio]  # nothing to switch to yet
    untrained_maps = grid_maps(spec(a, "att_task_maps_grid"))
    ok(a.button(key="att_train").click().run())
    done = model_cache.trained_model(
        train.TrainConfig(train.task_model_config("reverse", encoder.ModelConfig()), "reverse")
    )
    assert done is not None
    h = done.history
    recorded = [snap.step for snap in h.snapshots]
    assert len(recorded) >= 3 and recorded[0] == 0 and recorded[-1] == h.steps[-1]

    b = open_page(ATT)
    ok(b.radio(key="att_source__en").set_value("task").run())
    state = b.radio(key="att_model_state__en")
    assert state.value == "trained" and list(state.options) == [
        t("train.state.untrained", "en"),
        t("train.state.trained", "en"),
    ]
    assert spec(b, "att_task_maps_grid")["layout"]["title"]["text"] == task_title(
        t("train.state.trained", "en")
    )
    trained_maps = grid_maps(spec(b, "att_task_maps_grid"))
    assert len(decode(spec(b, "att_curve")["data"][0]["x"])) == len(h.steps)
    # Untrained: the live model's maps again (the same as before A trained), then back to trained.
    ok(b.radio(key="att_model_state__en").set_value("untrained").run())
    assert spec(b, "att_task_maps_grid")["layout"]["title"]["text"] == task_title(
        t("train.state.untrained", "en")
    )
    for got, want in zip(grid_maps(spec(b, "att_task_maps_grid")), untrained_maps, strict=True):
        np.testing.assert_allclose(got, want, atol=1e-6)
    assert "att_replay" not in [s.key for s in b.select_slider]
    ok(b.radio(key="att_model_state__en").set_value("trained").run())
    for got, want in zip(grid_maps(spec(b, "att_task_maps_grid")), trained_maps, strict=True):
        np.testing.assert_allclose(got, want, atol=1e-6)
    # A's own view is A's choice: still trained.
    ok(a.run())
    assert spec(a, "att_task_maps_grid")["layout"]["title"]["text"] == task_title(
        t("train.state.trained", "en")
    )

    # Replay: each recorded step shows that snapshot's maps and the curve up to that step.
    replay = b.select_slider(key="att_replay")
    assert list(replay.options) == [str(s) for s in recorded] and replay.value == recorded[-1]
    lengths = []
    for step in recorded:
        ok(b.select_slider(key="att_replay").set_value(step).run())
        curve = decode(spec(b, "att_curve")["data"][0]["x"])
        assert curve[-1] == step
        lengths.append(len(curve))
        maps = grid_maps(spec(b, "att_task_maps_grid"))
        if step != recorded[-1]:
            title = task_title(t("train.state.step", "en", step=step))
            assert spec(b, "att_task_maps_grid")["layout"]["title"]["text"] == title
            snap = h.snapshot_at(step)
            for head, m in enumerate(maps):
                np.testing.assert_allclose(m, snap.maps[0, 0, head].astype(np.float64), atol=1e-6)
        if step == 0:
            first_maps = maps
            for got, want in zip(maps, untrained_maps, strict=True):  # step 0 is the untrained model
                np.testing.assert_allclose(got, want, atol=2e-3)  # kept as float16
    # An example the run did not record: the replay says so and shows example 0's recorded maps.
    ok(b.select_slider(key="att_replay").set_value(recorded[1]).run())
    ok(b.number_input(key="att_ex").set_value(train.REPLAY_EXAMPLES + 3).run())
    said = t("train.replay.example", "en", n=train.REPLAY_EXAMPLES, asked=train.REPLAY_EXAMPLES + 3)
    assert said in texts(b)
    for head, m in enumerate(grid_maps(spec(b, "att_task_maps_grid"))):
        np.testing.assert_allclose(
            m, h.snapshot_at(recorded[1]).maps[0, 0, head].astype(np.float64), atol=1e-6
        )
    assert lengths == sorted(lengths) and lengths[0] == 1 and lengths[-1] == len(h.steps)
    assert len(set(lengths)) == len(lengths)  # the curve grows with every step of the replay
    assert any(not np.allclose(f, m, atol=0.05) for f, m in zip(first_maps, maps, strict=True))


def test_training_without_position_says_why_it_fails() -> None:
    at = open_page(ATT)
    ok(at.selectbox(key="att_encoding__en").set_value("none").run())
    ok(at.radio(key="att_source__en").set_value("task").run())
    # Said before training, from the settings alone.
    before = (
        t("train.unlearnable.none", "en")
        + " "
        + t("train.unlearnable.short", "en", steps=train.UNLEARNABLE_STEPS)
    )
    assert before in [i.value for i in at.info]
    ok(at.button(key="att_train").click().run())
    warned = [w.value for w in at.warning]
    start = t("train.stopped_unlearnable", "en", steps=train.UNLEARNABLE_STEPS, acc="{acc}").split("{acc}")[0]
    assert any(w.startswith(start) and w.endswith(t("train.unlearnable.none", "en")) for w in warned), warned
    curve = decode(spec(at, "att_curve")["data"][0]["x"])
    assert curve[-1] == train.UNLEARNABLE_STEPS < train.MAX_STEPS


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_run_stopped_by_the_time_bound_says_so(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(train, "TIME_LIMIT_S", 0.0)  # every run stops after its first step
    at = open_page(ATT, lang=lang)
    ok(at.radio(key=f"att_source__{lang}").set_value("task").run())
    ok(at.button(key="att_train").click().run())
    said = t("train.stopped_time", lang, sec="0", steps=1, acc="{acc}", target="99%").split("{acc}")[0]
    assert any(w.value.startswith(said) for w in at.warning), [w.value for w in at.warning]
    assert not at.success
    assert list(decode(spec(at, "att_curve")["data"][0]["x"])) == [0, 1]


def test_rope_with_one_dimension_per_head_is_flagged() -> None:
    at = open_page(ATT, d_model="8", heads="8")
    ok(at.selectbox(key="att_encoding__en").set_value("rope").run())
    assert t("ui.att.rope_dk1", "en", d_k=1) in texts(at)
    # ... and the word-order test finds no difference, and says so instead of claiming one.
    assert "Measured" in texts(at) and t("att.order.explain", "en") in texts(at)
    fig = spec(at, "att_order")
    bars = {d["name"]: decode(d["y"]) for d in fig["data"]}
    assert max(float(b.max()) for b in bars.values()) < 1e-4


def test_a_model_too_big_to_train_says_so_and_still_shows_its_maps() -> None:
    at = open_page(ATT, d_model="1024", heads="16")
    ok(at.slider(key="att_layers").set_value(4).run())
    ok(at.radio(key="att_source__en").set_value("task").run())
    config = train.task_model_config("reverse", encoder.ModelConfig(1024, 16, 4, "sinusoidal", 10000.0, 0))
    said = t(
        "train.too_big", "en", params=f"{train.param_count(config):,}", limit=f"{train.TRAIN_PARAM_LIMIT:,}"
    )
    assert said in texts(at)
    assert at.button(key="att_train").disabled
    assert len(grid_maps(spec(at, "att_task_maps_grid"))) == 16
