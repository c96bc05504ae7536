"""The browser's closed-form tables (viz/ui/live/closed_form/) against the Python reference in viz/,
run by Node.js on a grid of parameters: every value equal to NumPy's within 1e-6 (relative and absolute),
NaN where NumPy has NaN, and the same errors refused."""

from __future__ import annotations

import itertools
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench.harness.browser import running_in_ci
from viz import encodings
from viz.encodings import EncodingSpec, relative, rope_scaling, similarity
from viz.scores import softmax
from viz.ui import live

NODE = shutil.which("node")
TOLERANCE = 1e-6
#: The encodings the registry says the browser computes (the learned and trained tables are the server's).
KINDS = tuple(k for k in encodings.ENCODING_KINDS if encodings.info(k).closed_form)

# Each call is [function, args]; the runner answers each with its result (NaN as null) or its error.
RUNNER = """
const api = globalThis.AttentionLabClosedForm;
const calls = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const plain = (v) => Array.from(v, (x) => (Number.isNaN(x) ? null : x));
const num = (x) => (x === 'inf' ? Infinity : x === '-inf' ? -Infinity : x);
const out = calls.map(([name, args]) => {
  try {
    if (name === 'encode') {
      const t = api.encode(args);
      return {rows: t.rows, cols: t.cols, data: plain(t.data)};
    }
    if (name === 'cells') {
      const t = api.encodeCells(args.spec, args.rows, args.cols);
      return {rows: t.rows, cols: t.cols, data: plain(t.data)};
    }
    if (name === 'againstAll') return plain(api.againstAll(api.encode(args.spec), args.p, args.measure));
    if (name === 'againstAllRows') return plain(api.againstAllRows(args.spec, args.p, args.measure));
    if (name === 'byOffset') return plain(api.sinusoidDotByOffset(args.offsets, args.dModel, args.base));
    if (name === 'softmax') return plain(api.softmax(args.scores.map(num), args.temperature));
    if (name === 'normalPdf') return plain(api.normalPdf(args.xs, args.variance));
    if (name === 'kerple') return plain(api.kerpleLog(args.length, args.r1, args.r2, args.causal).data);
    if (name === 'ropeScaled') {
      return plain(api.scaledFrequencies(args.method, args.dHead, args.base, args.scale, args.trainLen));
    }
    if (name === 'yarnRamp') return plain(api.yarnRamp(args.dHead, args.base, args.trainLen));
    if (name === 'yarnTemperature') return [api.yarnTemperature(args.scale)];
    if (name === 'scoreWindow') {
      const f = api.scaledFrequencies(args.method, args.dHead, args.base, args.scale, args.trainLen);
      return plain(api.scoreWindow(f, args.lo, args.hi, args.factor));
    }
    if (name === 'geomspace') return plain(api.geomspace(args.a, args.b, args.n));
    if (name === 't5Bucket') {
      return args.rel.map((r) => api.t5Bucket(r, args.bidirectional, args.buckets, args.maxDistance));
    }
    if (name === 'alibiSlopes') return plain(api.alibiSlopes(args.heads));
    if (name === 'KINDS') return api.KINDS;
    return {error: 'unknown call ' + name};
  } catch (e) { return {error: String(e.message)}; }
});
console.log(JSON.stringify(out));
"""


def run(calls: list[tuple[str, Any]], tmp_path: Path) -> list[Any]:
    """Run ``calls`` through the closed form in Node.js; one answer per call."""
    if NODE is None:
        if running_in_ci():
            pytest.fail("Node.js is needed (the machine has it: /usr/bin/node)")
        pytest.skip("no Node.js")
    runner, data = tmp_path / "runner.js", tmp_path / "calls.json"
    runner.write_bytes(live.closed_form_script() + RUNNER.encode())
    data.write_text(json.dumps(calls), encoding="utf-8")
    done = subprocess.run([NODE, str(runner), str(data)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert len(answers) == len(calls)
    return list(answers)


def values(answer: Any) -> np.ndarray:
    assert not (isinstance(answer, dict) and "error" in answer), answer
    data = answer["data"] if isinstance(answer, dict) else answer
    return np.array([math.nan if v is None else v for v in data], dtype=np.float64)


def close(js: np.ndarray, expected: np.ndarray, what: object) -> None:
    np.testing.assert_allclose(js, expected.reshape(-1), rtol=TOLERANCE, atol=TOLERANCE, err_msg=str(what))


def spec_args(kind: str, max_len: int, d_model: int, base: float, layout: str) -> dict[str, Any]:
    return {"kind": kind, "maxLen": max_len, "dModel": d_model, "base": base, "layout": layout}


GRID = [
    (kind, max_len, d_model, base, layout)
    for kind, max_len, d_model, base, layout in itertools.product(
        KINDS, (1, 7, 100), (1, 2, 3, 16, 128, 129), (2.0, 100.0, 10000.0, 1e6), ("interleaved", "split")
    )
    # the layout and the base matter to the sinusoid (the base to RoPE too): the others once each
    if (kind == "sinusoidal" or layout == "interleaved") and (kind in ("sinusoidal", "rope") or base == 2.0)
]


def test_every_closed_form_table_matches_numpy_on_the_grid(tmp_path: Path) -> None:
    answers = run([("encode", spec_args(*case)) for case in GRID], tmp_path)
    for case, answer in zip(GRID, answers, strict=True):
        kind, max_len, d_model, base, layout = case
        expected = encodings.encode(EncodingSpec(kind, max_len, d_model, base, layout))  # type: ignore[arg-type]
        assert (answer["rows"], answer["cols"]) == expected.shape, case
        close(values(answer), expected, case)


def test_the_largest_table_matches_too(tmp_path: Path) -> None:
    # the sliders' far end: 4096 positions x 1024 dimensions, where rounding has the most room to grow
    case = ("sinusoidal", 4096, 1024, 10000.0, "interleaved")
    (answer,) = run([("encode", spec_args(*case))], tmp_path)
    close(values(answer), encodings.encode(EncodingSpec(*case)), case)  # type: ignore[arg-type]


def test_the_cells_a_strided_chart_shows_match_the_whole_table(tmp_path: Path) -> None:
    # what a strided chart draws: every k-th row and column (pairs for the sinusoid), computed alone
    cases = [
        (kind, max_len, d_model, base, layout)
        for kind in KINDS
        for max_len, d_model, base in ((4096, 1024, 10000.0), (100, 129, 100.0), (1, 1, 2.0))
        for layout in (("interleaved", "split") if kind == "sinusoidal" else ("interleaved",))
    ]
    picks = [
        (list(range(0, n, max(1, n // 300))), [*range(0, d, max(1, d // 200)), d - 1])
        for _, n, d, _, _ in cases
    ]
    calls = [
        ("cells", {"spec": spec_args(*c), "rows": r, "cols": k})
        for c, (r, k) in zip(cases, picks, strict=True)
    ]
    for case, (rows, cols), answer in zip(cases, picks, run(calls, tmp_path), strict=True):
        whole = encodings.encode(EncodingSpec(*case))  # type: ignore[arg-type]
        assert (answer["rows"], answer["cols"]) == (len(rows), len(cols)), case
        close(values(answer), whole[np.ix_(rows, cols)], case)


@pytest.mark.parametrize("way", ["againstAll", "againstAllRows"])  # from a whole table, or row by row
@pytest.mark.parametrize("measure", similarity.MEASURES)
def test_similarity_of_a_position_against_every_other_matches(measure: str, way: str, tmp_path: Path) -> None:
    cases = [
        (kind, max_len, d_model, base, p)
        for kind in KINDS
        for max_len, d_model, base in ((100, 128, 10000.0), (50, 7, 100.0), (30, 64, 10.0))
        for p in (0, 1, max_len // 2, max_len - 1)
    ]
    # the far end, where the rows' turned angles (eachAngle) have the most steps
    cases += [(kind, 4096, 1023, 10000.0, p) for kind in ("sinusoidal", "rope") for p in (57, 4095)]
    calls = [
        (way, {"spec": spec_args(k, n, d, b, "interleaved"), "p": p, "measure": measure})
        for k, n, d, b, p in cases
    ]
    for case, answer in zip(cases, run(calls, tmp_path), strict=True):
        kind, max_len, d_model, base, p = case
        pe = encodings.encode(EncodingSpec(kind, max_len, d_model, base))
        expected = similarity.against_all(pe, p, similarity.as_measure(measure))
        js = values(answer)
        # cosine against a zero row (integer and binary tables at position 0) is NaN in both
        assert np.array_equal(np.isnan(js), np.isnan(expected)), case
        if measure == "distance":
            # sqrt(|a|^2 + |b|^2 - 2 a.b) near a = b is rounding noise of the size sqrt(ulp(|a|^2)) in
            # either implementation (NumPy's matrix product sums in another order): compare the squares,
            # which is what both compute, within 1e-6 of the squared norms involved
            scale = max(1.0, float(np.max(np.einsum("ij,ij->i", pe, pe))))
            np.testing.assert_allclose(
                js**2, expected**2, rtol=TOLERANCE, atol=TOLERANCE * scale, err_msg=str(case)
            )
        else:
            close(js, expected, case)


def test_the_dot_product_by_offset_matches(tmp_path: Path) -> None:
    offsets = list(range(-150, 151, 7))
    cases = [(d, b) for d in (1, 2, 16, 128, 512) for b in (2.0, 10000.0, 1e6)]
    calls = [("byOffset", {"offsets": offsets, "dModel": d, "base": b}) for d, b in cases]
    for (d, b), answer in zip(cases, run(calls, tmp_path), strict=True):
        close(values(answer), similarity.sinusoid_dot_by_offset(np.array(offsets), d, b), (d, b))


def test_softmax_with_a_temperature_matches_including_its_edges(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    rows: list[list[float | str]] = [list(rng.normal(0, 4, size=n)) for n in (1, 2, 8, 40)]
    rows += [[1000.0, 999.0, -1000.0], ["-inf", 1.0, 2.0], ["-inf", "-inf"], ["inf", 3.0, "inf"], []]
    temperatures = (0.05, 0.5, 1.0, 3.0, 100.0)
    cases = [(row, temp) for row in rows for temp in temperatures]
    calls = [("softmax", {"scores": row, "temperature": temp}) for row, temp in cases]
    for (row, temp), answer in zip(cases, run(calls, tmp_path), strict=True):
        scores = np.array([float(v) for v in row], dtype=np.float64)
        close(values(answer), softmax.softmax(scores, temp), (row, temp))


def test_softmax_refuses_what_python_refuses(tmp_path: Path) -> None:
    answers = run(
        [
            ("softmax", {"scores": [1.0, 2.0], "temperature": 0}),
            ("softmax", {"scores": [1.0, 2.0], "temperature": -1}),
            ("encode", spec_args("learned", 10, 8, 10000.0, "interleaved")),
            ("encode", spec_args("sinusoidal", 0, 8, 10000.0, "interleaved")),
            ("encode", spec_args("sinusoidal", 10, 8, 0.0, "interleaved")),
        ],
        tmp_path,
    )
    assert all(isinstance(a, dict) and a.get("error") for a in answers), answers
    for temperature in (0.0, -1.0):
        with pytest.raises(ValueError):
            softmax.softmax(np.array([1.0, 2.0]), temperature)
    with pytest.raises(ValueError):
        encodings.sinusoidal(0, 8)
    with pytest.raises(ValueError):
        encodings.frequencies(8, 0.0)


def test_the_normal_density_matches(tmp_path: Path) -> None:
    xs = list(np.linspace(-40, 40, 81))
    cases = [1.0, 8.0, 64.0, 512.0]
    calls = [("normalPdf", {"xs": xs, "variance": v}) for v in cases]
    for variance, answer in zip(cases, run(calls, tmp_path), strict=True):
        close(values(answer), softmax.normal_pdf(np.array(xs), variance), variance)


# ---- the tabs beyond the 2017 paper: KERPLE's bias and RoPE past its training length -----------------------
def test_kerple_bias_equals_numpy(tmp_path: Path) -> None:
    grid = list(itertools.product((1, 4, 33, 256), (0.1, 1.0, 4.9), (0.1, 2.5), (True, False)))
    calls = [("kerple", {"length": n, "r1": a, "r2": b, "causal": c}) for n, a, b, c in grid]
    calls.append(("kerple", {"length": 4, "r1": 0.0, "r2": 1.0, "causal": True}))
    answers = run(calls, tmp_path)
    for (n, a, b, c), got in zip(grid, answers, strict=False):
        want = relative.kerple_log(n, a, b, causal=c)[0]
        close(values(got), np.where(np.isfinite(want), want, np.nan), (n, a, b, c))
    assert "r1 and r2" in answers[-1]["error"]  # Python refuses it too
    with pytest.raises(ValueError):
        relative.kerple_log(4, 0.0, 1.0)


def test_rope_scaling_equals_numpy(tmp_path: Path) -> None:
    grid = list(
        itertools.product(rope_scaling.METHODS, (2, 16, 128, 256), (10.0, 10000.0), (1, 4, 32), (256, 8192))
    )
    lo = np.geomspace(1.0, 2.0 * 4 * 2048, 50)
    calls: list[tuple[str, Any]] = []
    for m, d, base, s, n in grid:
        calls.append(("ropeScaled", {"method": m, "dHead": d, "base": base, "scale": s, "trainLen": n}))
        factor = rope_scaling.yarn_temperature(s) if m == "yarn" else 1.0
        calls.append(
            (
                "scoreWindow",
                {
                    "method": m,
                    "dHead": d,
                    "base": base,
                    "scale": s,
                    "trainLen": n,
                    "lo": lo.tolist(),
                    "hi": (lo * 1.1).tolist(),
                    "factor": factor,
                },
            )
        )
    ramps = list(itertools.product((2, 64, 256), (10.0, 500.0, 10000.0), (256, 2048, 8192)))
    calls += [("yarnRamp", {"dHead": d, "base": b, "trainLen": n}) for d, b, n in ramps]
    calls += [("yarnTemperature", {"scale": s}) for s in (0.5, 1, 2, 32)]
    calls += [("geomspace", {"a": 1.0, "b": 2.0 * s * n, "n": 400}) for s, n in ((1, 256), (32, 8192))]
    answers = iter(run(calls, tmp_path))
    for m, d, base, s, n in grid:
        freqs = rope_scaling.scaled_frequencies(m, d, base, float(s), n)
        close(values(next(answers)), freqs, (m, d, base, s, n))
        factor = rope_scaling.yarn_temperature(s) if m == "yarn" else 1.0
        close(
            values(next(answers)),
            rope_scaling.score_window(freqs, lo, lo * 1.1, factor),
            ("score", m, d, s, n),
        )
    for d, b, n in ramps:
        close(values(next(answers)), rope_scaling.yarn_ramp(d, b, n), ("ramp", d, b, n))
    for factor in (0.5, 1, 2, 32):
        close(
            values(next(answers)), np.array([rope_scaling.yarn_temperature(factor)]), ("temperature", factor)
        )
    for s, n in ((1, 256), (32, 8192)):
        close(values(next(answers)), np.geomspace(1.0, 2.0 * s * n, 400), ("geomspace", s, n))


def test_t5_buckets_equal_numpy_over_the_whole_tab(tmp_path: Path) -> None:
    # every offset the tab can show (lengths up to 256), every bucket count and every max distance the
    # page allows, both directions: exhaustive, since the log-spaced edges are computed in float32 and a
    # float32 logarithm one ulp off would move an edge
    from viz.views.relative import BUCKETS, LENGTH, max_distances

    rel = list(range(-(LENGTH[1] - 1), LENGTH[1]))
    cases = [(b, md, bi) for b in BUCKETS for bi in (True, False) for md in max_distances(b, bi)]
    calls = [
        ("t5Bucket", {"rel": rel, "bidirectional": bi, "buckets": b, "maxDistance": md})
        for b, md, bi in cases
    ]
    for (b, md, bi), answer in zip(cases, run(calls, tmp_path), strict=True):
        want = relative.t5_bucket(np.array(rel), bidirectional=bi, num_buckets=b, max_distance=md)
        assert answer == want.tolist(), (b, md, bi)
    # a max distance with no room past the exact buckets is refused, as Python refuses it
    (refused,) = run(
        [("t5Bucket", {"rel": [0], "bidirectional": True, "buckets": 64, "maxDistance": 16})], tmp_path
    )
    assert "error" in refused
    with pytest.raises(ValueError):
        relative.t5_bucket(np.array([0]), bidirectional=True, num_buckets=64, max_distance=16)


def test_alibi_slopes_equal_numpy(tmp_path: Path) -> None:
    heads = list(range(1, 17))
    for h, answer in zip(heads, run([("alibiSlopes", {"heads": h}) for h in heads], tmp_path), strict=True):
        close(np.array(answer), relative.alibi_slopes(h), h)


def test_the_registry_names_the_kinds_closed_form_js_computes(tmp_path: Path) -> None:
    # an encoding marked closed_form that the JS cannot compute would leave its live chart blank; one the
    # JS computes but the registry does not mark would never follow its strip
    (kinds,) = run([("KINDS", None)], tmp_path)
    assert kinds == list(KINDS)
