"""The presenter view without a browser: its palettes survive a washed-out projector (measured in CIELAB),
plot.js can find the scales it swaps in every figure the app builds, and the switch travels in the link,
collapses the sidebar and marks every chart (the browser side: tests/browser/test_browser_presenter.py)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence

import numpy as np
import pytest
import streamlit as st
from plotly.colors import (
    get_colorscale,
    hex_to_rgb,
    qualitative,
    sample_colorscale,
    unlabel_rgb,
)
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, ok, open_link
from viz import figures
from viz.state import settings
from viz.ui import presenter

pytestmark = pytest.mark.usefixtures("fresh_caches")

#: A projector in a lit room: every colour mixed 40% with white (the black level rises, tints fade).
WASH = 0.4
#: The least colour difference (CIE76 ΔE) a tenth of a scale's range must keep under :data:`WASH`.
STEP_DE = 8.0


# ---- colour science, written out (sRGB D65 -> CIELAB) --------------------------------------------------
def lab(rgb: Sequence[float] | np.ndarray) -> np.ndarray:
    """CIELAB of an sRGB colour given as 0-255 values."""
    c = np.asarray(rgb, dtype=float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = (
        np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
        @ linear
        / np.array([0.95047, 1.0, 1.08883])
    )
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def rgb_of(color: str) -> tuple[float, ...]:
    return tuple(float(v) for v in (hex_to_rgb(color) if color.startswith("#") else unlabel_rgb(color)))


def washed_de(a: str, b: str) -> float:
    """ΔE between two colours as a washed-out projector shows them."""
    wash = [np.asarray(rgb_of(c)) * (1 - WASH) + 255 * WASH for c in (a, b)]
    return float(np.linalg.norm(lab(wash[0]) - lab(wash[1])))


def tenth_steps(scale: list[list[object]] | str) -> list[float]:
    """ΔE (washed) between the colours at 0, 0.1, ..., 1 of a scale, neighbour to neighbour."""
    stops = get_colorscale(scale) if isinstance(scale, str) else scale
    colors = sample_colorscale(stops, [i / 10 for i in range(11)])
    return [washed_de(colors[i], colors[i + 1]) for i in range(10)]


def test_the_lab_conversion_meets_known_values() -> None:
    # reference values of the sRGB primaries and white (D65), to two decimals
    assert lab((255, 255, 255)) == pytest.approx([100.0, 0.0, 0.0], abs=0.02)  # the matrix's 4 decimals
    assert lab((255, 0, 0)) == pytest.approx([53.24, 80.09, 67.20], abs=0.05)
    assert lab((0, 0, 255)) == pytest.approx([32.30, 79.19, -107.86], abs=0.05)
    assert lab((0, 0, 0)) == pytest.approx([0.0, 0.0, 0.0], abs=0.01)


@pytest.mark.parametrize("name", sorted(presenter.PALETTES))
def test_a_replaced_scale_fades_and_its_replacement_does_not(name: str) -> None:
    before, after = tenth_steps(name), tenth_steps(presenter.PALETTES[name])
    assert min(before) < STEP_DE, f"{name} needs no replacement: {min(before):.1f}"
    assert min(after) >= STEP_DE, [round(d, 1) for d in after]


def test_viridis_keeps_its_steps_apart_and_is_kept() -> None:
    assert figures.SEQUENTIAL == "Viridis" and figures.SEQUENTIAL not in presenter.PALETTES
    assert min(tenth_steps(figures.SEQUENTIAL)) >= STEP_DE


def test_the_replacements_keep_their_ends_and_their_direction() -> None:
    # a diverging scale stays diverging around the same centre; the attention scale runs pale to dark
    div = presenter.PALETTES[figures.DIVERGING]
    assert rgb_of(str(div[0][1])) == rgb_of(get_colorscale(figures.DIVERGING)[0][1])
    assert rgb_of(str(div[-1][1])) == rgb_of(get_colorscale(figures.DIVERGING)[-1][1])
    assert rgb_of(str(div[len(div) // 2][1])) == rgb_of(sample_colorscale(figures.DIVERGING, [0.5])[0])
    blues = presenter.PALETTES["Blues"]
    lightness = [lab(rgb_of(str(c)))[0] for _, c in blues]
    assert all(a > b for a, b in itertools.pairwise(lightness))  # pale (no weight) to dark


def hue(color: str) -> str:
    """The colour's hue family, from its CIELAB angle: enough to tell blue, orange, green, red, purple."""
    _, a, b = lab(rgb_of(color))
    angle = float(np.degrees(np.arctan2(b, a))) % 360
    for name, upto in (("red", 50), ("orange", 80), ("yellow", 100), ("green", 200), ("blue", 290)):
        if angle < upto:
            return name
    return "purple" if angle < 345 else "red"


def test_the_colourway_reads_on_a_washed_out_screen() -> None:
    def least_against_white(colors: Sequence[str]) -> float:
        return min(washed_de(c, "#ffffff") for c in colors)

    assert least_against_white(presenter.COLORWAY) >= 35
    # plotly.js's default colourway, which the app's charts take outside the presenter view (its grey, cyan
    # and pink fade), in the same order of hues
    assert least_against_white(qualitative.D3) < 35
    assert [hue(c) for c in presenter.COLORWAY[:5]] == [hue(c) for c in qualitative.D3[:5]]
    pairs = [washed_de(a, b) for i, a in enumerate(presenter.COLORWAY) for b in presenter.COLORWAY[i + 1 :]]
    assert min(pairs) >= 10


def test_plot_js_finds_every_replaced_scale_in_a_real_figure() -> None:
    """plot.js finds a scale by its colours joined with "|" (a figure's JSON holds the list, not the
    name): the keys must be exactly what the app's figures carry."""
    z = np.linspace(-1, 1, 12).reshape(3, 4)
    signed = figures.heatmap(z)
    weights = figures.heads_grid(
        [np.full((2, 2), 0.5)] * 2, titles=["a", "b"], x_labels=["x", "y"], y_labels=["x", "y"]
    )
    keys = presenter.chart_settings()["scales"]
    assert isinstance(keys, dict)
    found = []
    for fig in (signed, weights):
        plain = json.loads(fig.to_json())
        owners = [*plain["data"], *(v for k, v in plain["layout"].items() if k.startswith("coloraxis"))]
        for owner in owners:
            if isinstance(owner.get("colorscale"), list):
                found.append("|".join(stop[1] for stop in owner["colorscale"]))
    assert found and all(key in keys for key in found), found
    assert len(set(found)) == 2  # the diverging scale and the attention maps' scale


# ---- the switch, in the app ------------------------------------------------------------------------------
def test_the_link_reads_the_switch() -> None:
    assert settings.read_url({"present": ["1"]}).values == {"present": True}
    assert settings.read_url({"present": ["0"]}).values == {"present": False}
    refused = settings.read_url({"present": ["yes"]})
    assert refused.values == {} and [p.key for p in refused.problems] == ["present"]


def styles(at: AppTest) -> list[str]:
    return [h.proto.body for h in at.get("html")]


def chart_configs(at: AppTest) -> list[dict[str, object]]:
    return [json.loads(c.proto.spec)["config"] for c in charts(at)]


def test_a_link_with_present_opens_the_presenter_view_and_keeps_it() -> None:
    at = open_link("positional_encoding", present="1", lang="ko")
    assert at.session_state[presenter.KEY] is True
    assert at.toggle(key=presenter.KEY).value is True
    bodies = styles(at)
    assert any("clamp(20px" in b for b in bodies)  # the stylesheet
    assert any("data-al-open" in b and "<script>" in b for b in bodies)  # the folding script
    configs = chart_configs(at)
    assert configs and all(c == {"locale": "ko", "present": True} for c in configs)
    assert dict(at.query_params) == {"lang": "ko", "present": "1"}  # the address keeps it


def test_the_switch_turns_it_on_and_off_and_the_address_follows() -> None:
    at = open_link("similarity")
    assert not any("clamp(20px" in b for b in styles(at))
    assert all("present" not in c for c in chart_configs(at))
    assert "present" not in dict(at.query_params)
    ok(at.toggle(key=presenter.KEY).set_value(True).run())
    assert any("clamp(20px" in b for b in styles(at))
    assert all(c.get("present") is True for c in chart_configs(at))
    assert dict(at.query_params).get("present") == "1"
    ok(at.toggle(key=presenter.KEY).set_value(False).run())
    assert not any("clamp(20px" in b for b in styles(at))
    assert "present" not in dict(at.query_params)


def test_the_sidebar_collapses_in_the_presenter_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sidebar's state goes to Streamlit as the page config's: "collapsed" closes it, "auto" (the
    first value, and the value when the view is switched off) opens it again on a wide screen."""
    asked: list[object] = []
    real = st.set_page_config

    def record(*args: object, **kwargs: object) -> None:
        if "initial_sidebar_state" in kwargs:
            asked.append(kwargs["initial_sidebar_state"])
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(st, "set_page_config", record)
    at = open_link("encoder", present="1")
    assert asked[-1:] == ["collapsed"]
    ok(at.toggle(key=presenter.KEY).set_value(False).run())
    assert asked[-1:] == ["auto"]


def test_a_refused_present_value_is_said_and_the_page_works() -> None:
    at = open_link("softmax", present="big")
    assert at.session_state[presenter.KEY] is False
    notes = [x.value for x in at.text if "present" in x.value]
    assert notes, [x.value for x in at.text]
    assert charts(at)


def test_no_user_text_reaches_the_presenter_html() -> None:
    """The stylesheet and the script are fixed text: a hostile sentence changes neither."""
    hostile = "</style><script>alert(1)</script>"
    plain = open_link("attention", present="1")
    at = open_link("attention", present="1", text=hostile)
    assert styles(at) == styles(plain)
