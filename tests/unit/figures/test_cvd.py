"""Colour scales a colour-blind student can read: every scale the app draws with stays distinguishable
under simulated deuteranopia, protanopia and tritanopia, measured in CIELAB as the presenter's palettes
are measured under a projector's wash (tests/unit/ui/test_presenter.py, whose sRGB -> CIELAB is reused).

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation
of color vision deficiency", severity 1.0 (full dichromacy), applied to linear RGB (sRGB decoded, the
matrix applied, clipped to the gamut, encoded again).
"""

from __future__ import annotations

import numpy as np
import pytest
from plotly.colors import get_colorscale, sample_colorscale

from tests.unit.ui.test_presenter import lab, rgb_of
from viz import figures
from viz.ui import presenter

#: Machado et al. (2009), Table 1 at severity 1.0, for linear RGB. Each row sums to 1: greys stay grey.
MACHADO: dict[str, np.ndarray] = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}
#: The least CIE76 ΔE between colours a tenth of a scale apart, for every simulated eye: about twice
#: a just-noticeable difference (2.3), so neighbouring tenths read as different shades side by side.
STEP_DE = 5.0
#: The least ΔE between a diverging scale's two ends (most negative, most positive).
ENDS_DE = 20.0

#: The continuous scales the app draws with: heatmaps' diverging and sequential scales (also the live
#: charts', viz.ui.live.SCALES), the attention weights' "Blues", and the presenter's replacements.
SCALES: dict[str, object] = {
    f"DIVERGING ({figures.DIVERGING})": figures.DIVERGING,
    f"SEQUENTIAL ({figures.SEQUENTIAL})": figures.SEQUENTIAL,
    "Blues (attention weights)": "Blues",
    **{f"presenter {name}": scale for name, scale in presenter.PALETTES.items()},
}
DIVERGING_SCALES = {f"DIVERGING ({figures.DIVERGING})", f"presenter {figures.DIVERGING}"}
#: Scales drawn with two values only: the attention masks' "Greens" shows allowed (1) and blocked (0).
BINARY_SCALES: dict[str, object] = {"Greens (attention masks, 0 or 1)": "Greens"}


def to_linear(rgb: np.ndarray) -> np.ndarray:
    c = np.asarray(rgb, dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    return 255 * np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb: np.ndarray, eye: str) -> np.ndarray:
    """How a dichromat with ``eye`` sees the sRGB colour ``rgb`` (0-255), as sRGB."""
    return to_srgb(MACHADO[eye] @ to_linear(rgb))


def delta_e(a: np.ndarray, b: np.ndarray, eye: str | None = None) -> float:
    """CIE76 ΔE between two sRGB colours, as ``eye`` sees them (None: normal vision)."""
    if eye is not None:
        a, b = simulate(a, eye), simulate(b, eye)
    return float(np.linalg.norm(lab(a) - lab(b)))


def tenths(scale: object) -> list[np.ndarray]:
    """The scale's colours at 0, 0.1, ..., 1 as sRGB arrays."""
    stops = get_colorscale(scale) if isinstance(scale, str) else scale
    return [np.asarray(rgb_of(c)) for c in sample_colorscale(stops, [i / 10 for i in range(11)])]


def weakest_step(scale: object, eye: str | None) -> tuple[float, int]:
    """The smallest ΔE between neighbouring tenths of ``scale`` as ``eye`` sees them, and where (i: the
    step from i/10 to (i+1)/10)."""
    colors = tenths(scale)
    steps = [delta_e(colors[i], colors[i + 1], eye) for i in range(10)]
    return min(steps), int(np.argmin(steps))


# ---- the simulation itself ---------------------------------------------------------------------------------
@pytest.mark.parametrize("eye", sorted(MACHADO))
def test_greys_stay_grey(eye: str) -> None:
    assert MACHADO[eye].sum(axis=1) == pytest.approx(np.ones(3), abs=2e-6)
    for level in (0.0, 60.0, 128.0, 255.0):
        grey = np.full(3, level)
        assert simulate(grey, eye) == pytest.approx(grey, abs=0.01)


@pytest.mark.parametrize("eye", ["protanopia", "deuteranopia"])
def test_colours_on_a_confusion_line_look_the_same(eye: str) -> None:
    """A red-green dichromat has two cone types: the matrix has a null direction, and two colours that
    differ only along it (clearly different to normal vision) look alike."""
    _, _, vt = np.linalg.svd(MACHADO[eye])
    null = vt[-1] / np.abs(vt[-1]).max()
    assert np.linalg.norm(MACHADO[eye] @ null) < 1e-5
    base = np.array([0.5, 0.5, 0.5])
    a, b = to_srgb(base - 0.2 * null), to_srgb(base + 0.2 * null)
    assert delta_e(a, b) > 20
    assert delta_e(a, b, eye) < 0.5


def test_a_red_green_scale_fails_the_check() -> None:
    """The check can fail: a red-to-green scale of equal lightness is clear to normal vision and not to
    a deuteranope."""
    red_green = [[0.0, "rgb(220, 60, 60)"], [1.0, "rgb(60, 160, 60)"]]
    assert weakest_step(red_green, None)[0] >= STEP_DE
    assert weakest_step(red_green, "deuteranopia")[0] < STEP_DE


# ---- the app's scales ------------------------------------------------------------------------------------
@pytest.mark.parametrize("eye", sorted(MACHADO))
@pytest.mark.parametrize("name", sorted(SCALES))
def test_neighbouring_tenths_stay_apart(name: str, eye: str) -> None:
    de, at = weakest_step(SCALES[name], eye)
    assert de >= STEP_DE, f"{name} under {eye}: {at / 10:.1f} -> {(at + 1) / 10:.1f} only ΔE {de:.1f}"


@pytest.mark.parametrize("eye", sorted(MACHADO))
@pytest.mark.parametrize("name", sorted(DIVERGING_SCALES))
def test_a_diverging_scales_two_sides_stay_apart(name: str, eye: str) -> None:
    """The ends (most negative, most positive) differ clearly, and each value from its mirror image
    (-0.8 from +0.8 ... -0.2 from +0.2): the sign reads off the colour."""
    colors = tenths(SCALES[name])
    assert delta_e(colors[0], colors[10], eye) >= ENDS_DE, name
    for i in range(1, 5):
        de = delta_e(colors[i], colors[10 - i], eye)
        assert de >= STEP_DE, f"{name} under {eye}: {i / 10:.1f} and {1 - i / 10:.1f} only ΔE {de:.1f}"


@pytest.mark.parametrize("eye", sorted(MACHADO))
@pytest.mark.parametrize("name", sorted(BINARY_SCALES))
def test_a_two_valued_scales_values_stay_apart(name: str, eye: str) -> None:
    colors = tenths(BINARY_SCALES[name])
    assert delta_e(colors[0], colors[10], eye) >= ENDS_DE, name


def test_every_scale_a_heatmap_builder_picks_is_checked() -> None:
    """The scales the builders choose by default are the ones measured here."""
    checked = {s for s in SCALES.values() if isinstance(s, str)}
    z_signed = np.array([[-1.0, 1.0]], dtype=np.float32)
    z_positive = np.array([[0.0, 1.0]], dtype=np.float32)
    for z in (z_signed, z_positive):
        fig = figures.heatmap(z)
        drawn = np.array(tenths([list(stop) for stop in fig.data[0].colorscale]))
        assert any(np.allclose(drawn, tenths(c)) for c in checked), drawn
