"""RoPE beyond the length it was trained at: how three methods change each pair's rotation frequency so a
model trained on L positions reads s * L. Pure NumPy.

RoPE turns pair i of a query or key by the angle pos * theta_i, theta_i = base^(-2i/d). Past L, the
slow pairs reach angles they never saw in training. The methods, each a new set of frequencies:

- Position Interpolation (Chen et al. 2023): every frequency divided by s, so s * L positions span the
  angles L did.
- NTK-aware scaling (bloc97, 2023): a larger base, base' = base * s^(d / (d - 2)); the fastest pair is
  unchanged and the slowest is divided by exactly s, the others in between.
- YaRN (Peng et al. 2023): pairs that turn more than beta = 32 times over L keep their frequency, pairs
  that turn less than alpha = 1 time are divided by s, and the pairs between are blended along a ramp;
  the scores are sharpened by the temperature 0.1 ln s + 1. This follows the reference code (as in
  ``transformers``): the ramp runs linearly over the pair index between the two ends, rounded outwards.

And RoPE's long-term decay (RoFormer's bound) beside xPos (Sun et al. 2022), which multiplies each pair
by zeta_i^(distance / 512) so that far keys fade explicitly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np

from viz.encodings.sinusoid import frequencies

Method = Literal["rope", "pi", "ntk", "yarn"]
METHODS: tuple[Method, ...] = get_args(Method)
YARN_ALPHA, YARN_BETA = 1.0, 32.0


def _pairs(d_head: int) -> int:
    if d_head < 2 or d_head % 2:
        raise ValueError(f"RoPE needs an even head width of at least 2, got {d_head}")
    return d_head // 2


def ntk_base(base: float, scale: float, d_head: int) -> float:
    """NTK-aware scaling's new base: base * s^(d / (d - 2)) (for d = 2, one pair, the base itself)."""
    if d_head <= 2:
        return base
    return base * scale ** (d_head / (d_head - 2))


def yarn_ramp(d_head: int, base: float, train_len: int) -> np.ndarray:
    """YaRN's blend of each pair, from 0 (keeps its frequency) to 1 (divided by s): (d_head / 2,).

    The pair that turns ``beta`` times over the training length marks where the ramp leaves 0, the one
    that turns ``alpha`` times where it reaches 1 (each found from the inverse of the frequency formula
    and rounded outwards); in between it rises linearly with the pair index.
    """
    n = _pairs(d_head)

    def pair_turning(turns: float) -> float:
        # the (fractional) pair index whose wavelength fits ``turns`` times into train_len
        return d_head * math.log(train_len / (turns * 2 * math.pi)) / (2 * math.log(base))

    low = float(max(math.floor(pair_turning(YARN_BETA)), 0))
    high = float(min(math.ceil(pair_turning(YARN_ALPHA)), d_head - 1))
    if low == high:
        high += 0.001  # the reference code's guard against a zero-width ramp
    return np.clip((np.arange(n, dtype=np.float64) - low) / (high - low), 0.0, 1.0)


def yarn_temperature(scale: float) -> float:
    """YaRN's attention factor 0.1 ln s + 1 (1 for s <= 1): the cos and sin are multiplied by it, so every
    score q . k by its square, sharpening the softmax that longer sequences flatten."""
    return 1.0 if scale <= 1 else 0.1 * math.log(scale) + 1.0


def scaled_frequencies(method: Method, d_head: int, base: float, scale: float, train_len: int) -> np.ndarray:
    """Each pair's rotation frequency under ``method`` (radians per position): (d_head / 2,)."""
    n = _pairs(d_head)
    theta = frequencies(d_head, base)[:n]
    if method == "rope":
        return theta
    if method == "pi":
        return theta / scale
    if method == "ntk":
        return frequencies(d_head, ntk_base(base, scale, d_head))[:n]
    if method == "yarn":
        ramp = yarn_ramp(d_head, base, train_len)
        return theta * (1.0 - ramp) + (theta / scale) * ramp
    raise ValueError(f"unknown method {method!r}; expected one of {METHODS}")


def score_by_distance(frequencies_: np.ndarray, distances: np.ndarray, factor: float = 1.0) -> np.ndarray:
    """q . k for a query and a key that are the same unit vector with every pair at the same angle,
    ``distances`` positions apart: (1 / n) * sum_i cos(theta_i * distance), times ``factor`` squared
    (YaRN's temperature scales both q and k). 1 at distance 0 for factor 1."""
    dist = np.asarray(distances, dtype=np.float64)
    return factor**2 * np.cos(np.outer(dist, frequencies_)).mean(axis=1)


def score_window(frequencies_: np.ndarray, lo: np.ndarray, hi: np.ndarray, factor: float = 1.0) -> np.ndarray:
    """The mean of :func:`score_by_distance` over every distance from ``lo`` to ``hi`` (per pair of
    arrays), in closed form: the mean of cos(theta x) over [a, b] is (sin(theta b) - sin(theta a)) /
    (theta (b - a)). Averaging over a stretch of distances lets the fast pairs' flicker cancel, so the
    trend the slow pairs set shows."""
    a = np.asarray(lo, dtype=np.float64)[:, None]
    b = np.asarray(hi, dtype=np.float64)[:, None]
    theta = np.asarray(frequencies_, dtype=np.float64)[None, :]
    width = theta * (b - a)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(width > 0, (np.sin(theta * b) - np.sin(theta * a)) / width, np.cos(theta * a))
    return factor**2 * mean.mean(axis=1)


#: xPos's constants (Sun et al. 2022, as in their reference code): gamma and the decay's length scale.
XPOS_GAMMA, XPOS_SCALE_BASE = 0.4, 512.0


def xpos_zeta(d_head: int, gamma: float = XPOS_GAMMA) -> np.ndarray:
    """xPos's decay base of each pair, zeta_i = (2i/d + gamma) / (1 + gamma): from gamma / (1 + gamma)
    for the fastest pair up to nearly 1 for the slowest. (d_head / 2,)."""
    n = _pairs(d_head)
    return (2.0 * np.arange(n) / d_head + gamma) / (1.0 + gamma)


def xpos_score(
    d_head: int, base: float, distances: np.ndarray, scale_base: float = XPOS_SCALE_BASE
) -> np.ndarray:
    """xPos's q . k for a query and a key that are the same unit vector (every pair at the same angle),
    ``distances`` = n - m >= 0 apart: the query is scaled by zeta^(n / scale_base) and the key by
    zeta^(-m / scale_base), so pair i adds cos(theta_i x) zeta_i^(x / scale_base) at distance x."""
    n = _pairs(d_head)
    x = np.asarray(distances, dtype=np.float64)[:, None]
    theta = frequencies(d_head, base)[None, :n]
    return (np.cos(theta * x) * xpos_zeta(d_head)[None, :] ** (x / scale_base)).mean(axis=1)


def relative_upper_bound(d_head: int, base: float, distances: np.ndarray) -> np.ndarray:
    """RoFormer's bound on how much q . k can be at a distance (Su et al. 2021, sec. 3.4.3, Fig. 2):
    (1 / (d/2)) sum_j |S_j| with S_j = sum_{k < j} e^(i x theta_k), which falls as x grows."""
    n = _pairs(d_head)
    theta = frequencies(d_head, base)[:n]
    terms = np.exp(1j * np.outer(np.asarray(distances, dtype=np.float64), theta))  # (x, n)
    partial = np.cumsum(terms, axis=1)  # S_1 .. S_n
    return np.abs(partial).mean(axis=1)


@dataclass(frozen=True)
class Scaling:
    """Every method at one setting, for the page: frequencies, wavelengths and YaRN's ramp."""

    frequencies: dict[Method, np.ndarray]
    ramp: np.ndarray
    temperature: float

    def wavelengths(self, method: Method) -> np.ndarray:
        return 2.0 * np.pi / self.frequencies[method]


def scaling(d_head: int, base: float, scale: float, train_len: int) -> Scaling:
    """Every method's frequencies at (d_head, base, s, L)."""
    found = {m: scaled_frequencies(m, d_head, base, scale, train_len) for m in METHODS}
    return Scaling(found, yarn_ramp(d_head, base, train_len), yarn_temperature(scale))
