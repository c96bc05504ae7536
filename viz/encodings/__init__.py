"""Position in pure NumPy: the encodings and their registry (here), the sinusoid's formulas and the
rotation T(k) (sinusoid), what a good encoding needs (criteria), one position against the others
(similarity), relative biases: ALiBi, T5, KERPLE (relative), RoPE past its training length
(rope_scaling), and tokens, their toy vectors and the sum with a position signal (embedding). The
registry lives in this __init__ because ``viz.encodings.<name>`` (``viz.encodings.sinusoidal``,
``encode``, ``ENCODINGS``) is the project's public API for an encoding.

The encodings as pure NumPy functions.

Every function returns a float64 array of shape (max_len, d_model) whose row ``pos`` is the vector added
to (or, for RoPE, the rotation applied at) position ``pos``. No Streamlit, Plotly or torch here.

Each encoding is named by an :data:`EncodingKind`; what kind of thing it is (paired columns, waves, rotary,
learned, ...) is its :class:`EncodingInfo` in :data:`ENCODINGS`, which the model, the pages and the charts
ask instead of comparing names. Adding an encoding: its name in ``AnySizeKind`` (or ``TrainedKind``), its
table in ``_BUILDERS``, its entry in ``ENCODINGS`` (tests/unit/encodings/test_encoding_registry.py measures
each answer), and its strings (``encodings.kind.<name>``, ``encodings.about.<name>``, ...) in both languages.

Most encodings are built at any size. A *trained* one is a real model's table (MiniLM's 512 x 384): it has
one size, its rows are read from the model's files (:mod:`viz.pretrained.positions`, loaded once per
process), and a page asks :func:`fit` for the spec it can show.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Literal, get_args

import numpy as np

from viz.encodings.sinusoid import RotationError as RotationError
from viz.encodings.sinusoid import check_sizes as _check_sizes
from viz.encodings.sinusoid import column_formulas as column_formulas
from viz.encodings.sinusoid import frequencies as frequencies
from viz.encodings.sinusoid import layout_matches as layout_matches
from viz.encodings.sinusoid import relative_rotation as relative_rotation
from viz.encodings.sinusoid import rotation_blocks as rotation_blocks
from viz.encodings.sinusoid import rotation_error as rotation_error
from viz.encodings.sinusoid import sinusoidal as sinusoidal
from viz.encodings.sinusoid import sinusoidal_at as sinusoidal_at
from viz.encodings.sinusoid import split_order as split_order
from viz.encodings.sinusoid import wavelengths as wavelengths

Layout = Literal["interleaved", "split"]
LAYOUTS: tuple[Layout, ...] = get_args(Layout)

#: Encodings built at any max_len and d_model (the live models use these).
AnySizeKind = Literal["sinusoidal", "integer", "normalized", "binary", "learned", "rope"]
ANY_SIZE_KINDS: tuple[AnySizeKind, ...] = get_args(AnySizeKind)
#: Tables a real model trained: one size each (EncodingInfo.size), read from the model's files.
TrainedKind = Literal["minilm"]
TRAINED_KINDS: tuple[TrainedKind, ...] = get_args(TrainedKind)
#: The encodings the page offers, in the order the selector shows them.
EncodingKind = Literal[AnySizeKind, TrainedKind]
ENCODING_KINDS: tuple[EncodingKind, ...] = get_args(EncodingKind)


@dataclass(frozen=True)
class EncodingInfo:
    """What kind of thing an encoding is: the questions the model, the pages and the charts ask of it.

    tests/unit/encodings/test_encoding_registry.py checks every answer against the tables and the model, so a
    new encoding's entry cannot claim what its maths does not do.
    """

    paired: bool  # columns (2i, 2i + 1) go together: a sine/cosine pair, or a pair RoPE rotates
    # one period per pair, per column (bits), per column read off its spectrum (a trained table), or none
    waves: Literal["pair", "column", "spectrum"] | None
    relative: bool  # PE(p) . PE(j) depends on p - j only (for an even d_model)
    split_layout: bool  # also offered in the half-split layout (all sines, then all cosines)
    rotary: bool  # rotates queries and keys inside attention instead of being added to the input
    learned: bool  # a table the live model trains: drawn from a seed, then trained with the model
    closed_form: bool  # a formula the browser computes too (viz/ui/live/closed_form): a drag redraws it
    size: tuple[int, int] | None = None  # (rows, columns) of a real model's trained table: its one size

    @property
    def additive(self) -> bool:
        """Whether the table is added to the token vectors (every encoding that is not rotary)."""
        return not self.rotary


#: A position index added as it is (integer, normalized): each other entry says how it differs.
_PLAIN = EncodingInfo(
    paired=False,
    waves=None,
    relative=False,
    split_layout=False,
    rotary=False,
    learned=False,
    closed_form=True,
)
ENCODINGS: dict[EncodingKind, EncodingInfo] = {
    "sinusoidal": replace(_PLAIN, paired=True, waves="pair", relative=True, split_layout=True),
    "integer": _PLAIN,
    "normalized": _PLAIN,
    "binary": replace(_PLAIN, waves="column"),
    "learned": replace(_PLAIN, learned=True, closed_form=False),
    "rope": replace(_PLAIN, paired=True, waves="pair", relative=True, rotary=True),
    # all-MiniLM-L6-v2's position table (BERT-style: trained with the model, 512 positions of 384)
    "minilm": replace(_PLAIN, waves="spectrum", closed_form=False, size=(512, 384)),
}


def info(kind: EncodingKind) -> EncodingInfo:
    """The properties of encoding ``kind`` (:data:`ENCODINGS`)."""
    try:
        return ENCODINGS[kind]
    except KeyError:
        raise ValueError(f"unknown encoding {kind!r}; expected one of {ENCODING_KINDS}") from None


def trained_table(kind: EncodingKind) -> np.ndarray:
    """The whole trained table of ``kind`` (read-only, shared; :class:`viz.pretrained.NotReady` when the
    model's files are missing or not the pinned ones)."""
    from viz.pretrained import positions  # the model's files: only when a trained table is asked for

    return positions.table(kind)


def fit(spec: EncodingSpec) -> EncodingSpec:
    """``spec`` at a size its encoding has: a trained table keeps its width and at most its rows (every
    other encoding is returned as it is)."""
    size = info(spec.kind).size
    if size is None:
        return spec
    # base and seed do not change a trained table: one spec (one cache entry) whatever the sidebar says
    return EncodingSpec(spec.kind, min(spec.max_len, size[0]), size[1])


def shared_size(kinds: Iterable[EncodingKind], max_len: int, d_model: int) -> tuple[int, int]:
    """(max_len, d_model) at which every encoding in ``kinds`` can be built, for comparing them side by
    side: the asked sizes, or a trained table's width and at most its rows when one is among them."""
    for kind in kinds:
        size = info(kind).size
        if size is not None:
            max_len, d_model = min(max_len, size[0]), size[1]
    return max_len, d_model


def as_kind(text: object) -> EncodingKind | None:
    """``text`` as an encoding kind if it names one (a value from a URL or a widget), else None."""
    return next((kind for kind in ENCODING_KINDS if kind == text), None)


#: Initial standard deviation of the learned table (BERT and GPT-style models start near 0.02).
LEARNED_INIT_STD = 0.02


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
    "minilm": lambda s: _trained_rows(s),
}


def _trained_rows(spec: EncodingSpec) -> np.ndarray:
    rows, cols = info(spec.kind).size or (0, 0)
    if spec.d_model != cols or not 1 <= spec.max_len <= rows:
        raise ValueError(
            f"the {spec.kind} table is {rows} x {cols}: it has no {spec.max_len} x {spec.d_model} table "
            "(ask fit(spec) for the size it has)"
        )
    return np.array(trained_table(spec.kind)[: spec.max_len], dtype=np.float64)


def encode(spec: EncodingSpec) -> np.ndarray:
    """The (max_len, d_model) table of the encoding ``spec`` describes (a trained table only at a size
    :func:`fit` gives)."""
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

    index: np.ndarray  # pair index (sinusoidal, RoPE) or column index (binary, a trained table)
    period: np.ndarray  # in positions
    longer_than_max_len: int
    # a trained table's columns: the share of each column's variation its strongest wave carries
    strength: np.ndarray | None = None


#: Zero-padding factor of a trained table's spectrum: finer steps between the periods it can tell apart.
SPECTRUM_PAD = 8


@dataclass(frozen=True)
class Spectrum:
    """Each column's strongest wave over the rows of a table (mean removed)."""

    period: np.ndarray  # (d,) in positions: the peak of the zero-padded spectrum
    strength: np.ndarray  # (d,) share of the column's variation in the peak's bin and its two neighbours


def spectrum(table: np.ndarray, pad: int = SPECTRUM_PAD) -> Spectrum:
    """The strongest wave of every column of ``table`` (rows are positions), by discrete Fourier transform.

    A column's values minus their mean are transformed over the n rows; the period is n·pad / k at the
    peak bin k of the spectrum zero-padded to n·pad (padding interpolates between the n / k periods the
    unpadded transform can name). The strength is the power of the unpadded spectrum's peak bin and its
    two neighbours (where a wave between two bins leaks) over the power of every bin but 0: 1 for one
    wave, small for noise spread over every frequency. A constant column has strength 0 and period inf.
    """
    x = np.asarray(table, dtype=np.float64)
    x = x - x.mean(axis=0)
    n = x.shape[0]
    padded = np.abs(np.fft.rfft(x, n=n * pad, axis=0)) ** 2
    padded[0] = 0.0
    peak = np.argmax(padded, axis=0)
    with np.errstate(divide="ignore"):
        period = np.where(peak > 0, n * pad / np.maximum(peak, 1), np.inf)
    power = np.abs(np.fft.rfft(x, axis=0)) ** 2
    power[0] = 0.0
    total = power.sum(axis=0)
    k = np.argmax(power, axis=0)
    near = sum(power[np.clip(k + d, 1, power.shape[0] - 1), np.arange(x.shape[1])] for d in (-1, 0, 1))
    # a bin counted twice where the clip folds the neighbour onto the peak (k = 1 or the last bin)
    near -= np.where((k == 1) | (k == power.shape[0] - 1), power[k, np.arange(x.shape[1])], 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        strength = np.where(total > 0, near / total, 0.0)
    period = np.where(total > 0, period, np.inf)
    return Spectrum(period, strength)


@functools.cache  # one per trained table (a closed set), which never changes in a process: ~20 ms saved
def _trained_spectrum(kind: EncodingKind) -> Spectrum:
    """The spectrum of a trained table's every row (not only the rows a page shows)."""
    rows, cols = info(kind).size or (0, 0)
    found = spectrum(encode(EncodingSpec(kind, rows, cols)))
    found.period.flags.writeable = found.strength.flags.writeable = False  # shared by every session
    return found


def periods(spec: EncodingSpec) -> Periods | None:
    """Wavelengths of the encoding's waves (one per sine/cosine pair, per bit, or per column of a trained
    table from its whole table's spectrum); None if it has none."""
    waves = info(spec.kind).waves
    strength = None
    if waves == "pair":
        lam = wavelengths(spec.d_model, spec.base)
    elif waves == "column":
        lam = np.power(2.0, np.arange(1, spec.d_model + 1, dtype=np.float64))
    elif waves == "spectrum":
        found = _trained_spectrum(spec.kind)
        lam, strength = found.period, found.strength
    else:
        return None
    return Periods(np.arange(lam.size), lam, int(np.sum(lam > spec.max_len)), strength)


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
    lam_all = waves.period
    low, high = float(np.min(lam_all)), float(np.max(lam_all[np.isfinite(lam_all)]))
    top = max(min(2.0 * spec.max_len, high), low)
    candidates = np.flatnonzero(lam_all <= top)  # a longer period would not change within the table
    lam = lam_all[candidates]
    targets = np.geomspace(float(lam.min()), top, n)
    picked_set: set[int] = set()
    for x in targets:
        gap = np.abs(np.log(lam) - np.log(x))
        near = gap <= gap.min() + np.log(1.15)  # the periods nearest the target, within 15 %
        if waves.strength is not None:  # a trained table's columns mix waves: the clearest of them
            best = int(np.argmax(np.where(near, waves.strength[candidates], -1.0)))
        else:
            best = int(np.argmin(gap))
        picked_set.add(int(candidates[best]))
    picked = sorted(picked_set)
    if info(spec.kind).waves != "pair" or is_split(spec):
        return tuple(picked)
    return tuple(2 * i for i in picked)
