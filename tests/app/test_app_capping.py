"""The Softmax page's sixth tab (viz/views/capping.py) under AppTest: it opens from a link in English and
Korean, its charts are viz.scores.capping's numbers, and its sliders go into the address."""

from __future__ import annotations

import numpy as np
import pytest

from bench.harness.apptest import decode, figure, open_link
from viz.i18n import t
from viz.scores import capping

pytestmark = pytest.mark.usefixtures("fresh_caches")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_tab_draws_qk_norm_and_the_soft_cap(lang: str) -> None:
    at = open_link("softmax", tab="cap", qscale="8", cap="5", seed="2", lang=lang)
    q, k = capping.example(2)
    lines = figure(at, "cap_entropy")["data"]
    grid = decode(lines[0]["x"])
    np.testing.assert_allclose(decode(lines[0]["y"]), capping.entropy_by_scale(q, k, grid, False), atol=1e-5)
    np.testing.assert_allclose(decode(lines[1]["y"]), capping.entropy_by_scale(q, k, grid, True), atol=1e-5)
    bars = figure(at, "cap_row")["data"]
    np.testing.assert_allclose(
        decode(bars[0]["y"]), capping.softmax(capping.scores(q, k, 8.0, False)), atol=1e-6
    )
    curves = figure(at, "cap_curves")["data"]
    x = decode(curves[1]["x"])
    np.testing.assert_allclose(decode(curves[1]["y"]), 5 * np.tanh(x / 5), atol=1e-5)
    outlier = figure(at, "cap_outlier")["data"]
    row = capping.with_outlier(2)
    np.testing.assert_allclose(
        decode(outlier[1]["y"]), capping.softmax(capping.soft_cap(row, 5.0)), atol=1e-6
    )
    said = "\n".join(m.value for m in at.markdown)
    assert t("cap.qk.notice", lang) in said and t("cap.cap.notice", lang) in said


def test_a_scale_off_the_list_is_refused_and_the_slider_writes_the_address() -> None:
    at = open_link("softmax", tab="cap", qscale="3")
    assert at.session_state["sm_qscale"] == 1.0
    at.select_slider(key="sm_qscale").set_value(16.0).run()
    assert at.query_params.get("qscale") == "16"
