"""Positional-encoding schemes as pure NumPy functions.

Every function returns a float64 array of shape (max_len, d_model) whose row ``pos`` is the vector added
to (or, for RoPE, the rotation applied at) position ``pos``. No Streamlit, Plotly or torch here.

Each encoding is named by an :data:`EncodingKind`; what kind of thing it is (paired columns, waves, rotary,
learned, ...) is its :class:`EncodingInfo` in :data:`ENCODINGS`, which the model, the pages and the charts
ask instead of comparing names. Adding an encoding: its name in ``EncodingKind``, its table in
``_BUILDERS``, its entry in ``ENCODINGS`` (tests/test_encoding_registry.py measures each answer), and its
strings (``pe.kind.<name>``, ``pe.about.<name>``, ...) in both languages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np

Layout = Literal["interleaved", "split"]
LAYOUTS: tuple[Layout, ...] = get_args(Layout)

#: The encodings the page offers, in the order the selector shows them.
EncodingKind = Literal["sinusoidal", "integer", "normalized", "binary", "learned", "rope"]
ENCODING_KINDS: tuple[EncodingKind, ...] = get_args(EncodingKind)


@dataclass(frozen=True)
class EncodingInfo:
    """What kind of thing an encoding is: the questions the model, the pages and the charts ask of it.

    tests/test_encoding_registry.py checks every answer against the tables and the model, so a new
    encoding's entry cannot claim what its maths does not do.
    """

    paired: bool  # columns (2i, 2i + 1) go together: a sine/cosine pair, or a pair RoPE rotates
    waves: Literal["pair", "column"] | None  # one period per pair, per column (bits), or no waves
    relative: bool  # PE(p) . PE(j) depends on p - j only (for an even d_model)
    split_layout: bool  # also offered in the half-split layout (all sines, then all cosines)
    rotary: bool  # rotates queries and keys inside attention instead of being added to the input
    learned: bool  # a trained table: drawn from a seed, then trained with the model

    @property
    def additive(self) -> bool:
        """Whether the table is added to the token vectors (every encoding that is not rotary)."""
        return not self.rotary


_PLAIN = EncodingInfo(
    paired=False, waves=None, relative=False, split_layout=False, rotary=False, learned=False
)
ENCODINGS: dict[EncodingKind, EncodingInfo] = {
    "sinusoidal": EncodingInfo(
        paired=True, waves="pair", relative=True, split_layout=True, rotary=False, learned=False
    ),
    "integer": _PLAIN,
    "normalized": _PLAIN,
    "binary": EncodingInfo(
        paired=False, waves="column", relative=False, split_layout=False, rotary=False, learned=False
    ),
    "learned": EncodingInfo(
        paired=False, waves=None, relative=False, split_layout=False, rotary=False, learned=True
    ),
    "rope": EncodingInfo(
        paired=True, waves="pair", relative=True, split_layout=False, rotary=True, learned=False
    ),
}


def info(kind: EncodingKind) -> EncodingInfo:
    """The properties of encoding ``kind`` (:data:`ENCODINGS`)."""
    try:
        return ENCODINGS[kind]
    except KeyError:
        raise ValueError(f"unknown encoding {kind!r}; expected one of {ENCODING_KINDS}") from None


def as_kind(text: object) -> EncodingKind | None:
    """``text`` as an encoding kind if it names one (a value from a URL or a widget), else None."""
    return next((kind for kind in ENCODING_KINDS if kind == text), None)


#: Initial standard deviation of the learned table (BERT and GPT-style models start near 0.02).
LEARNED_INIT_STD = 0.02


def _check_sizes(max_len: int, d_model: int) -> None:
    if max_len < 1 or d_model < 1:
        raise ValueError(f"max_len and d_model must be >= 1, got max_len={max_len}, d_model={d_model}")


def frequencies(d_model: int, base: float = 10000.0) -> np.ndarray:
    """Angular frequency of each sine/cosine pair: omega_i = base^(-2i / d_model).

    Shape (ceil(d_model / 2),): pair i drives columns 2i (sine) and 2i + 1 (cosine).
    """
    if base <= 0:
        raise ValueError(f"base must be > 0, got {base}")
    i = np.arange((d_model + 1) // 2, dtype=np.float64)
    return np.power(float(base), -2.0 * i / d_model)


def wavelengths(d_model: int, base: float = 10000.0) -> np.ndarray:
    """Wavelength (in positions) of each pair: lambda_i = 2*pi / omega_i = 2*pi * base^(2i / d_model)."""
    return 2.0 * np.pi / frequencies(d_model, base)


def sinusoidal(max_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The Transformer's sinusoidal encoding, interleaved layout.

    PE[pos, 2i] = sin(pos / base^(2i/d_model)),  PE[pos, 2i+1] = cos(pos / base^(2i/d_model)).
    For an odd d_model the last column is a sine with no cosine partner. Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    return sinusoidal_at(np.arange(max_len), d_model, base)


def sinusoidal_at(positions: np.ndarray | list[int], d_model: int, base: float = 10000.0) -> np.ndarray:
    """Rows of :func:`sinusoidal` for any positions (negative or past max_len too). Shape (n, d_model)."""
    if d_model < 1:
        raise ValueError(f"d_model must be >= 1, got {d_model}")
    pos = np.asarray(positions, dtype=np.float64).reshape(-1)
    angles = pos[:, None] * frequencies(d_model, base)[None, :]  # (n, ceil(d/2))
    pe = np.empty((pos.size, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles[:, : d_model // 2])
    return pe


def rotation_blocks(angles: np.ndarray) -> np.ndarray:
    """The 2 x 2 block [[cos a, sin a], [-sin a, cos a]] for each angle: it moves a (sin, cos) pair on by a.

    Shape (*angles.shape, 2, 2).
    """
    a = np.asarray(angles, dtype=np.float64)
    cos, sin = np.cos(a), np.sin(a)
    return np.stack([np.stack([cos, sin], axis=-1), np.stack([-sin, cos], axis=-1)], axis=-2)


def relative_rotation(k: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """T(k): the block-diagonal matrix that moves a sinusoidal row k positions on.

    PE[pos + k] = T(k) @ PE[pos] for every pos (interleaved layout, :func:`sinusoidal`). Pair i holds
    (sin(w_i pos), cos(w_i pos)) in columns (2i, 2i+1); by the angle-sum identities its block is

        [[ cos(w_i k), sin(w_i k)],
         [-sin(w_i k), cos(w_i k)]]

    which depends on k only, never on pos. In this (sin, cos) column order the block is the transpose of
    the textbook rotation [[cos, -sin], [sin, cos]]; drawn with cos on the x-axis and sin on the y-axis it
    turns the point counter-clockwise by w_i k. For an odd d_model the lone last column sin(w pos) has no
    cosine partner: moving it needs cos(w pos), which no fixed combination of the table's columns gives
    for every pos. T(k) leaves that column unchanged (its diagonal entry is 1), and the identity holds for
    the other d_model - 1 columns only. Shape (d_model, d_model); orthogonal; T(0) = I and
    T(a) @ T(b) = T(a + b).
    """
    if d_model < 1:
        raise ValueError(f"d_model must be >= 1, got {d_model}")
    n_pairs = d_model // 2
    blocks = rotation_blocks(float(k) * frequencies(d_model, base)[:n_pairs])  # (d//2, 2, 2)
    t = np.zeros((d_model, d_model), dtype=np.float64)
    even = np.arange(0, 2 * n_pairs, 2)
    t[even, even], t[even, even + 1] = blocks[:, 0, 0], blocks[:, 0, 1]
    t[even + 1, even], t[even + 1, even + 1] = blocks[:, 1, 0], blocks[:, 1, 1]
    if d_model % 2:
        t[-1, -1] = 1.0
    return t


@dataclass(frozen=True)
class RotationError:
    """How far T(k) @ PE[pos] is from PE[pos + k], over positions 0 .. max_len - 1."""

    paired: float  # largest |error| over the sine/cosine pairs (rounding only, ~1e-13)
    lone: float | None  # largest |error| in an odd d_model's last column; None when d_model is even
    positions: int


def rotation_error(k: int, max_len: int, d_model: int, base: float = 10000.0) -> RotationError:
    """Largest |PE[pos + k] - T(k) @ PE[pos]| over pos = 0 .. max_len - 1, with T(k) of relative_rotation.

    T(k) is applied through its diagonal blocks (its 2 x 2 rotations and, for an odd d_model, the lone 1),
    which is the same product as the dense ``PE @ T(k).T`` in O(max_len * d_model) instead of
    O(max_len * d_model^2); every entry outside those blocks is checked to be 0 first. PE[pos + k] comes
    from the formula, so it exists even past the end of the table.
    """
    _check_sizes(max_len, d_model)
    t = relative_rotation(k, d_model, base)
    n = 2 * (d_model // 2)
    blocks = np.stack(
        [
            t[0:n:2, 0:n:2].diagonal(),
            t[0:n:2, 1:n:2].diagonal(),
            t[1:n:2, 0:n:2].diagonal(),
            t[1:n:2, 1:n:2].diagonal(),
        ],
        axis=-1,
    )  # (d//2, 4)
    rebuilt = np.zeros_like(t)
    idx = np.arange(0, n, 2)
    rebuilt[idx, idx], rebuilt[idx, idx + 1] = blocks[:, 0], blocks[:, 1]
    rebuilt[idx + 1, idx], rebuilt[idx + 1, idx + 1] = blocks[:, 2], blocks[:, 3]
    if d_model % 2:
        rebuilt[-1, -1] = t[-1, -1]
    if not np.array_equal(rebuilt, t):
        raise AssertionError("T(k) has entries outside its diagonal blocks")
    pos = np.arange(max_len)
    pe = sinusoidal_at(pos, d_model, base)
    moved = np.empty_like(pe)
    s_, c_ = pe[:, 0:n:2], pe[:, 1:n:2]  # (L, d//2)
    moved[:, 0:n:2] = s_ * blocks[:, 0] + c_ * blocks[:, 1]
    moved[:, 1:n:2] = s_ * blocks[:, 2] + c_ * blocks[:, 3]
    if d_model % 2:
        moved[:, -1] = pe[:, -1] * t[-1, -1]
    err = np.abs(sinusoidal_at(pos + k, d_model, base) - moved)
    paired = float(err[:, :n].max()) if n else 0.0
    lone = float(err[:, -1].max()) if d_model % 2 else None
    return RotationError(paired, lone, max_len)


def split_order(d_model: int) -> np.ndarray:
    """Column permutation from the interleaved layout to the split one (all sines, then all cosines).

    ``sinusoidal_split(L, d, b) == sinusoidal(L, d, b)[:, split_order(d)]``. Shape (d_model,).
    """
    return np.concatenate([np.arange(0, d_model, 2), np.arange(1, d_model, 2)])


def sinusoidal_split(max_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """Sinusoidal encoding in the half-split layout some libraries use.

    PE[pos, i] = sin(pos * omega_i) for i < ceil(d/2), PE[pos, ceil(d/2) + i] = cos(pos * omega_i).
    Same values as :func:`sinusoidal`, columns in another order. Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    angles = np.arange(max_len, dtype=np.float64)[:, None] * frequencies(d_model, base)[None, :]
    return np.concatenate([np.sin(angles), np.cos(angles[:, : d_model // 2])], axis=1)


def integer_index(max_len: int, d_model: int) -> np.ndarray:
    """The raw position index in every dimension: PE[pos, :] = pos. Shape (max_len, d_model)."""
    _check_sizes(max_len, d_model)
    return np.repeat(np.arange(max_len, dtype=np.float64)[:, None], d_model, axis=1)


def normalized_index(max_len: int, d_model: int) -> np.ndarray:
    """The index divided by the last index: PE[pos, :] = pos / (max_len - 1), in [0, 1].

    A single position (max_len = 1) gets 0. Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    return integer_index(max_len, d_model) / max(max_len - 1, 1)


def binary(max_len: int, d_model: int) -> np.ndarray:
    """Bits of the position, least significant bit in column 0: PE[pos, i] = floor(pos / 2^i) mod 2.

    Positions from 2^d_model on repeat earlier vectors. Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    pos = np.arange(max_len, dtype=np.int64)[:, None]
    shifts = np.minimum(np.arange(d_model, dtype=np.int64), 62)[None, :]
    # Shifting an int64 by 64 or more is undefined; positions never reach 2^62, so bit 62 stands in.
    return ((pos >> shifts) & 1).astype(np.float64)


def learned_init(max_len: int, d_model: int, seed: int = 0, std: float = LEARNED_INIT_STD) -> np.ndarray:
    """A learned position table at initialisation: i.i.d. N(0, std^2) entries drawn with ``seed``.

    Rows are drawn in order, so the table for a shorter max_len is a prefix of the longer one (as when an
    ``nn.Embedding(max_len, d_model)`` is sliced). Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    return np.random.default_rng(seed).normal(0.0, std, size=(max_len, d_model))


def rope_rotate(x: np.ndarray, positions: np.ndarray, base: float = 10000.0) -> np.ndarray:
    """Rotary position embedding (RoPE) applied to vectors ``x`` at ``positions``.

    For each pair (x[2i], x[2i+1]) and theta = pos * base^(-2i/d):
    out[2i] = x[2i] cos(theta) - x[2i+1] sin(theta),  out[2i+1] = x[2i] sin(theta) + x[2i+1] cos(theta).
    An odd last column is left unrotated. x: (T, d) or (d,), positions: (T,). Returns (T, d).
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float64))
    positions = np.asarray(positions, dtype=np.float64)
    d = x.shape[-1]
    n_pairs = d // 2
    theta = positions[:, None] * frequencies(d, base)[None, :n_pairs]  # (T, d//2)
    cos, sin = np.cos(theta), np.sin(theta)
    even, odd = x[..., 0 : 2 * n_pairs : 2], x[..., 1 : 2 * n_pairs : 2]
    out = np.array(np.broadcast_to(x, (len(positions), d)), dtype=np.float64)
    out[:, 0 : 2 * n_pairs : 2] = even * cos - odd * sin
    out[:, 1 : 2 * n_pairs : 2] = even * sin + odd * cos
    return out


def rope(max_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """RoPE shown as a table: the rotation at each position applied to the constant vector 1/sqrt(2).

    RoPE rotates queries and keys instead of adding a vector; rotating the same vector to every position
    shows what the rotation alone does. Every pair keeps norm 1, like a sine/cosine pair.
    Shape (max_len, d_model).
    """
    _check_sizes(max_len, d_model)
    x = np.full(d_model, 1.0 / np.sqrt(2.0))
    return rope_rotate(x, np.arange(max_len), base)


@dataclass(frozen=True)
class EncodingSpec:
    """Everything that determines an encoding table; hashable, so it can key a cache."""

    kind: EncodingKind = "sinusoidal"
    max_len: int = 100
    d_model: int = 128
    base: float = 10000.0
    layout: Layout = "interleaved"
    seed: int = 0


_BUILDERS: dict[EncodingKind, Callable[[EncodingSpec], np.ndarray]] = {
    "sinusoidal": lambda s: (sinusoidal_split if s.layout == "split" else sinusoidal)(
        s.max_len, s.d_model, s.base
    ),
    "integer": lambda s: integer_index(s.max_len, s.d_model),
    "normalized": lambda s: normalized_index(s.max_len, s.d_model),
    "binary": lambda s: binary(s.max_len, s.d_model),
    "learned": lambda s: learned_init(s.max_len, s.d_model, s.seed),
    "rope": lambda s: rope(s.max_len, s.d_model, s.base),
}


def encode(spec: EncodingSpec) -> np.ndarray:
    """The (max_len, d_model) table of the encoding ``spec`` describes."""
    try:
        build = _BUILDERS[spec.kind]
    except KeyError:
        raise ValueError(f"unknown encoding {spec.kind!r}; expected one of {ENCODING_KINDS}") from None
    return build(spec)


def layout_difference(max_len: int, d_model: int, base: float = 10000.0) -> float:
    """Largest |split - interleaved[:, split_order]|: 0 when the two layouts hold the same columns."""
    interleaved = sinusoidal(max_len, d_model, base)
    return float(
        np.max(np.abs(sinusoidal_split(max_len, d_model, base) - interleaved[:, split_order(d_model)]))
    )


@dataclass(frozen=True)
class Periods:
    """Period of each wave of an encoding and how many are longer than the sequence."""

    index: np.ndarray  # pair index (sinusoidal, RoPE) or column index (binary)
    period: np.ndarray  # in positions
    longer_than_max_len: int


def periods(spec: EncodingSpec) -> Periods | None:
    """Wavelengths of the encoding's waves (one per sine/cosine pair, or per bit); None if it has none."""
    waves = info(spec.kind).waves
    if waves == "pair":
        lam = wavelengths(spec.d_model, spec.base)
    elif waves == "column":
        lam = np.power(2.0, np.arange(1, spec.d_model + 1, dtype=np.float64))
    else:
        return None
    return Periods(np.arange(lam.size), lam, int(np.sum(lam > spec.max_len)))


def uses_pairs(spec: EncodingSpec) -> bool:
    """Whether columns 2i and 2i+1 belong together (sine/cosine or a rotated pair)."""
    return info(spec.kind).paired and not is_split(spec)


def is_split(spec: EncodingSpec) -> bool:
    """Whether the table is in the half-split layout (only encodings that offer it heed ``layout``)."""
    return spec.layout == "split" and info(spec.kind).split_layout


def wave_columns(spec: EncodingSpec, n: int = 4) -> tuple[int, ...]:
    """``n`` columns whose waves look different over the table: periods spread evenly on a log scale.

    From the fastest wave up to about 2 * max_len (the slowest then shows half a period over the table),
    the column whose period is nearest each target (periods past the top are left out): the sine of a
    sinusoidal/RoPE pair (column 2i, or i in the split layout), a bit for the binary code. At d_model
    128, max_len 100, base 10000 this gives columns 0, 16, 32, 48 (periods 6.3, 20, 63, 199).
    Encodings without waves get evenly spaced columns.
    """
    waves = periods(spec)
    if waves is None or waves.period.size == 0:
        return tuple(sorted({int(k * spec.d_model // n) for k in range(n)}))
    top = max(min(2.0 * spec.max_len, float(waves.period[-1])), float(waves.period[0]))
    lam = waves.period[waves.period <= top]  # a longer period would not change within the table
    targets = np.geomspace(float(lam[0]), top, n)
    picked = sorted({int(np.argmin(np.abs(np.log(lam) - np.log(x)))) for x in targets})
    if info(spec.kind).waves == "column" or is_split(spec):
        return tuple(picked)
    return tuple(2 * i for i in picked)
