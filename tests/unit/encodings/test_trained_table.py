"""MiniLM's trained position table as one more encoding: read from the model's file as ``transformers``
reads it, its spectrum against pure waves and noise, what the pages say about it against what the table
measures, and the Positional encoding, Similarity and Embedding pages showing it (or saying why not).

Needs the real MiniLM files (the README's test command fetches them; skipped elsewhere without them).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, new_app, ok
from tests.support.needs import real
from viz import encodings, pretrained
from viz.encodings import EncodingSpec, criteria, encode, periods, similarity, spectrum
from viz.i18n import t
from viz.pretrained import files, positions
from viz.ui import widgets
from viz.views import positional_encoding as pe_views

pytestmark = pytest.mark.usefixtures("fresh_caches")
ROWS, COLS = 512, 384


@pytest.fixture
def minilm() -> np.ndarray:
    real("minilm")
    return encode(EncodingSpec("minilm", ROWS, COLS))


def open_at(page: str, **query: str) -> AppTest:
    at = new_app(**query)
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def figure(at: AppTest, key: str) -> dict:
    (found,) = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    return found


# ---- the table --------------------------------------------------------------------------------------
def test_the_table_is_the_one_transformers_reads_from_the_same_file(minilm: np.ndarray) -> None:
    from transformers import BertModel

    hf = BertModel.from_pretrained(str(files.folder(files.MINILM)), add_pooling_layer=False)
    theirs = hf.embeddings.position_embeddings.weight.detach().numpy()
    assert theirs.shape == (ROWS, COLS) == encodings.info("minilm").size
    np.testing.assert_array_equal(minilm, theirs.astype(np.float64))
    shared = positions.table("minilm")
    assert shared is positions.table("minilm") and not shared.flags.writeable  # once, read-only
    # the Real models page's loaded model adds exactly these rows to its tokens
    np.testing.assert_array_equal(pretrained.load("minilm").model.positions, shared)
    assert encode(EncodingSpec("minilm", 10, COLS)).flags.writeable  # encode gives the caller a copy


def test_a_missing_file_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    monkeypatch.setattr(positions, "_tables", {})
    with pytest.raises(pretrained.NotReady) as missing:
        positions.table("minilm")
    assert missing.value.status.state is files.State.MISSING
    # a changed file: tests/app/test_app_pretrained.py checks it is hashed once, then remembered as refused


# ---- its spectrum -------------------------------------------------------------------------------------
def test_spectrum_finds_pure_waves_and_calls_noise_noise() -> None:
    n = 512
    pos = np.arange(n)[:, None]
    true = np.array([5.7, 17.0, 53.5, 186.0])
    waves = np.sin(2 * np.pi * pos / true + np.array([0.3, 1.0, 2.0, 0.1]))
    noise = np.random.default_rng(0).normal(size=(n, 2))
    found = spectrum(np.hstack([waves, noise, np.ones((n, 1))]))
    # the padded grid's step near period P is about P^2 / (8 n): well under 2 % here
    np.testing.assert_allclose(found.period[:4], true, rtol=0.02)
    # one wave carries most of a pure column (a period between two bins leaks a little further)
    assert np.all(found.strength[:4] > 0.85)
    assert np.all(found.strength[4:6] < 0.1)  # white noise spreads over 256 frequencies
    assert found.strength[6] == 0.0 and np.isinf(found.period[6])  # a constant column has no wave
    # two waves on whole bins (no leakage), amplitudes 1 and 1/2: the stronger carries 1 / (1 + 1/4)
    two = np.sin(2 * np.pi * 8 * pos / n) + 0.5 * np.sin(2 * np.pi * 40 * pos / n)
    mixed = spectrum(two)
    assert mixed.period[0] == pytest.approx(n / 8) and mixed.strength[0] == pytest.approx(0.8)


# ---- the words against the table ----------------------------------------------------------------------
def test_what_the_pages_say_about_minilm_is_what_its_table_measures(minilm: np.ndarray) -> None:
    norms = np.linalg.norm(minilm, axis=1)
    # "row 0 ... about five times as long as the others (its largest entry is 1.87)"
    assert 4.5 < norms[0] / np.median(norms[1:]) < 6
    assert np.unravel_index(np.argmax(np.abs(minilm)), minilm.shape)[0] == 0
    assert round(float(np.abs(minilm).max()), 2) == 1.87
    # "neighbouring rows point almost the same way (a cosine of about 0.85)"
    unit = minilm / norms[:, None]
    neighbours = np.sum(unit[1:-1] * unit[2:], axis=1)  # rows from 1 on
    assert 0.8 < float(np.mean(neighbours)) < 0.9
    # "many columns flicker with a short period of about 6 positions"; the wavelengths sit "on a few
    # rungs, about 6, 17, 53 and 170 positions and a few hundred", each "a blend" (share well under 1)
    # ... "rungs at about 6, 17, 53, 170 and 340–510 positions", "markers above the dotted line [the
    # table's 512 rows] are drifts", "each column is a blend (its share is well under 1)"
    waves = periods(EncodingSpec("minilm", 100, COLS))
    assert waves is not None and waves.strength is not None
    rungs = [(5, 6.5), (15, 19), (48, 60), (140, 200), (330, ROWS + 1), (ROWS + 1, np.inf)]
    on = [(waves.period >= lo) & (waves.period < hi) for lo, hi in rungs]
    assert np.all(np.logical_or.reduce(on)) and all(np.sum(r) >= 15 for r in on)
    assert np.sum(on[0]) >= 40 and np.median(waves.strength) < 0.5
    # the curves open on one column of each rung from 6 positions up, the clearest of its neighbours
    picked = encodings.wave_columns(EncodingSpec("minilm", 100, COLS))
    assert sorted(next(i for i, r in enumerate(on) if r[c]) for c in picked) == [0, 1, 2, 3]
    # with the dot product, "for most positions below about 120 the best score is with position 0, not
    # with p itself"; by direction, "p is closest to itself and its neighbours"
    best = np.argmax(minilm @ minilm.T, axis=1)
    assert np.mean(best[1:120] == 0) > 0.6 and np.all(best[130:] != 0)
    cos = similarity.pairwise(minilm, minilm, "cosine")
    assert np.array_equal(np.argmax(cos, axis=1), np.arange(ROWS))
    runner_up = np.argsort(-cos, axis=1)[:, 1]
    assert np.mean(np.abs(runner_up - np.arange(ROWS)) == 1) > 0.95
    # the matrix: "one cell sets the top of this colour scale: row 0 with itself"
    dots = minilm @ minilm.T
    assert tuple(int(i) for i in np.unravel_index(np.argmax(dots), dots.shape)) == (0, 0)
    assert dots[0, 0] > 5 * np.sort(dots, axis=None)[-2]  # every other cell is far below it
    # by offset, away from row 0, in all three measures: "pairs 6 or 12 apart are more alike than pairs 3
    # or 8 apart", "most alike at offset 0", "the likeness fades over a few hundred positions"
    rest = minilm[1:]
    for measure in ("dot", "cosine", "distance"):
        pairs = similarity.pairwise(rest, rest, measure)
        like = np.array([np.mean(np.diagonal(pairs, k)) for k in range(301)])
        like = -like if measure == "distance" else like  # a smaller distance is more alike
        assert np.argmax(like) == 0, measure
        assert min(like[6], like[12]) > max(like[3], like[8]), measure
        assert like[300] < like[50] < like[1], measure
    # "row 0 ... has a dot product with itself about 25 times a typical row's"
    assert 20 < norms[0] ** 2 / np.median(norms[1:] ** 2) < 30
    # the matrix by direction: "fainter stripes beside it, about 6 positions apart"; "fade towards 0"
    cos = similarity.pairwise(rest, rest, "cosine")
    band = np.array([np.mean(np.diagonal(cos, k)) for k in range(1, 13)])
    assert band[5] > band[2] and band[5] > band[7]  # offset 6 against 3 and 8
    assert abs(np.mean(np.diagonal(cos, 300))) < 0.1
    # the scorecard's verdicts, which the heatmap note explains: row 0 is too large and too far away
    checks = {c.name: c for c in criteria.scorecard(EncodingSpec("minilm", 100, COLS))}
    assert checks["bounded"].passed is False and checks["smooth"].passed is False
    assert checks["distinct"].passed and checks["length_invariant"].passed


# ---- the pages ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_pe_page_shows_minilm_at_its_size_with_its_waves_and_scorecard(
    minilm: np.ndarray, lang: str
) -> None:
    at = ok(open_at("pages/positional_encoding.py", enc="minilm", max_len="600", lang=lang))
    name = t("encodings.kind.minilm", lang)
    note = t("encoding.trained.size.cut", lang, name=name, rows=ROWS, cols=COLS, total=ROWS)
    assert note in [c.value for c in at.caption]  # the sidebar asked for 600 rows
    heat = figure(at, "pe_heatmap")["data"][0]
    rows, cols = [int(r) for r in heat["y"]], [int(c) for c in heat["x"]]
    np.testing.assert_allclose(decode(heat["z"]), minilm[np.ix_(rows, cols)], atol=1e-6)
    assert rows[-1] >= ROWS - 2  # all 512 rows, every second one drawn (the page says so)
    # the wavelengths: one marker per column, coloured by how much of it the one wave is
    waves = periods(EncodingSpec("minilm", ROWS, COLS))
    assert waves is not None and waves.strength is not None
    marks = figure(at, "pe_waves")["data"][0]
    np.testing.assert_allclose(decode(marks["y"]), waves.period)
    np.testing.assert_allclose(decode(marks["marker"]["color"]), waves.strength, rtol=1e-6)
    assert marks["mode"] == "markers"
    # the curves open on columns whose strongest wave is strong, at periods spread out
    picked = encodings.wave_columns(EncodingSpec("minilm", ROWS, COLS))
    for c in picked:  # the clearest of the columns whose period is within 15 % of its own
        alike = np.abs(np.log(waves.period / waves.period[c])) <= np.log(1.15)
        assert waves.strength[c] == np.max(waves.strength[alike])
    curves = figure(at, "pe_curves")["data"]
    assert len(curves) == len(picked)
    for trace, column in zip(curves, picked, strict=True):
        np.testing.assert_allclose(decode(trace["y"]), minilm[:, column], atol=1e-6)
    # the scorecard compares every encoding at MiniLM's size, MiniLM marked as the one chosen
    table = at.table[0].value
    assert list(table.columns[3:]) == [
        t(f"encodings.kind.{k}", lang) + (" ◀" if k == "minilm" else "") for k in encodings.ENCODING_KINDS
    ]
    assert pe_views.comparable(EncodingSpec("minilm", ROWS, COLS)) == encodings.ENCODING_KINDS


def test_the_similarity_page_compares_minilm_with_the_sinusoidal_table_at_one_size(
    minilm: np.ndarray,
) -> None:
    at = ok(open_at("pages/similarity.py", enc="minilm", vs="sinusoidal", p="40"))
    assert t("sim.trained.both", "en", d_model=COLS, max_len=100) in [c.value for c in at.caption]
    sinusoidal = encode(EncodingSpec("sinusoidal", 100, COLS))
    for kind, table in (("minilm", minilm[:100]), ("sinusoidal", sinusoidal)):
        row = figure(at, f"sim_row_{kind}")["data"][0]
        np.testing.assert_allclose(decode(row["y"]), similarity.against_all(table, 40, "dot"), rtol=1e-6)
        offsets = figure(at, f"sim_offset_{kind}")["data"][0]
        assert decode(offsets["x"]).size > 0
    shown = "\n".join(m.value for m in at.markdown)
    for section in ("row.dot", "matrix", "offset"):  # the dot product: row and matrix say to try cosine
        assert t(f"sim.trained.{section}", "en") in shown
    at.radio(key=widgets.choice_key("sim_measure", "en")).set_value("cosine").run()
    shown = "\n".join(m.value for m in ok(at).markdown)
    for section in ("row", "matrix.cosine", "offset"):
        assert t(f"sim.trained.{section}", "en") in shown
    assert t("sim.trained.matrix", "en") not in shown and t("sim.trained.row.dot", "en") not in shown


def test_the_embedding_page_adds_minilm_at_its_width(minilm: np.ndarray) -> None:
    at = ok(open_at("pages/embedding.py", enc="minilm"))
    assert t("encodings.sum.minilm", "en") in "\n".join(m.value for m in at.markdown)
    title = t("emb.sum.chart.own", "en", scale=f"{np.sqrt(COLS):.3g}")  # E scaled by sqrt(384)
    (panels,) = [
        f
        for f in map(json.loads, (c.proto.spec for c in charts(at)))
        if f["layout"]["title"]["text"] == title
    ]
    p_panel = panels["data"][1]
    shown = [int(c) for c in p_panel["x"]]
    tokens = len(p_panel["y"])
    np.testing.assert_allclose(decode(p_panel["z"]), minilm[:tokens][:, shown], atol=1e-6)


def test_the_live_model_pages_keep_their_own_position_signal(minilm: np.ndarray) -> None:
    at = ok(open_at("pages/positional_encoding.py", enc="minilm"))
    ok(at.switch_page("pages/attention.py").run())
    assert at.selectbox(key=widgets.choice_key("att_encoding", "en")).value == "sinusoidal"
    assert at.session_state["pe_kind"] == "minilm"  # the PE page's choice stays as it was


@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("pages/positional_encoding.py", {"enc": "minilm"}),
        ("pages/similarity.py", {"enc": "sinusoidal", "vs": "minilm", "d_model": "64"}),
        ("pages/embedding.py", {"enc": "minilm"}),
    ],
)
def test_without_the_model_files_the_page_says_so_and_keeps_working(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, page: str, query: dict[str, str]
) -> None:
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    monkeypatch.setattr(positions, "_tables", {})
    at = open_at(page, **query)
    missing = t("real.missing", "en", model="all-MiniLM-L6-v2", detail=files.MINILM.files[0].name)
    assert [e.value for e in at.error] == [missing]
    assert [c.value for c in at.code] == [files.FETCH_COMMAND]
    if "vs" in query:  # the other table is still shown, at the sidebar's size, and nothing says otherwise
        row = figure(at, "sim_row_sinusoidal")["data"][0]
        sinusoidal = encode(EncodingSpec("sinusoidal", 100, 64))
        p = similarity.default_position(100)
        np.testing.assert_allclose(decode(row["y"]), similarity.against_all(sinusoidal, p, "dot"), rtol=1e-6)
        said = [c.value for c in at.caption]
        assert t("sim.trained.both", "en", d_model=COLS, max_len=100) not in said
    # choosing an encoding built at any size brings the page back whole
    at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value("binary").run()
    if "vs" in query:
        at.selectbox(key=widgets.choice_key("sim_compare", "en")).set_value("rope").run()
    ok(at)
    assert charts(at)


def test_the_scorecard_says_when_minilm_is_left_out_for_its_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    monkeypatch.setattr(positions, "_tables", {})
    at = ok(open_at("pages/positional_encoding.py", d_model="384"))  # its width: only the files lack
    name = t("encodings.kind.minilm", "en")
    missing = t("pe.score.trained_missing", "en", name=name, command=files.FETCH_COMMAND)
    assert missing in [c.value for c in at.caption]
    assert list(at.table[0].value.columns[3:]) == [
        t(f"encodings.kind.{k}", "en") + (" ◀" if k == "sinusoidal" else "") for k in encodings.ANY_SIZE_KINDS
    ]
