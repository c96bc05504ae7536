"""The scorecard's measurements against brute force, and its verdicts against what the notes argue."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.support.kinds import KINDS
from viz.encodings import EncodingKind, EncodingSpec, criteria, encode, fit


def brute_min_distance(x: np.ndarray) -> float:
    return min(float(np.linalg.norm(x[i] - x[j])) for i, j in itertools.combinations(range(len(x)), 2))


def brute_rms_distance(x: np.ndarray) -> float:
    d2 = [float(np.sum((x[i] - x[j]) ** 2)) for i, j in itertools.permutations(range(len(x)), 2)]
    return float(np.sqrt(np.mean(d2)))


@pytest.mark.parametrize("kind", KINDS)
def test_pair_distances_match_brute_force(kind: EncodingKind) -> None:
    pe = encode(fit(EncodingSpec(kind, 40, 6, 100.0)))
    assert criteria.min_pair_distance(pe, chunk=7) == pytest.approx(brute_min_distance(pe), abs=1e-6)
    assert criteria.rms_pair_distance(pe) == pytest.approx(brute_rms_distance(pe), rel=1e-9)


def test_offset_spread_matches_a_direct_computation() -> None:
    pe = encode(EncodingSpec("binary", 20, 5))
    worst = 0.0
    for k in range(1, 17):
        d = np.array([np.linalg.norm(pe[p + k] - pe[p]) for p in range(20 - k)])
        worst = max(worst, (d.max() - d.min()) / d.mean())
    assert criteria.offset_distance_spread(pe) == pytest.approx(worst)


def verdicts(spec: EncodingSpec) -> dict[str, bool | None]:
    return {c.name: c.passed for c in criteria.scorecard(spec)}


def test_notes_verdicts_at_the_default_size() -> None:
    def at_default(kind: EncodingKind) -> EncodingSpec:
        return EncodingSpec(kind, max_len=100, d_model=128, base=10000.0)

    assert verdicts(at_default("sinusoidal")) == dict.fromkeys(criteria.CRITERIA, True)
    assert verdicts(at_default("rope")) == dict.fromkeys(criteria.CRITERIA, True)
    integer = verdicts(at_default("integer"))
    assert integer["bounded"] is False and integer["distinct"] is True
    normalized = verdicts(at_default("normalized"))
    assert normalized["bounded"] is True and normalized["length_invariant"] is False
    binary = verdicts(at_default("binary"))
    assert binary["bounded"] is True and binary["smooth"] is False and binary["offset_distance"] is False
    learned = verdicts(at_default("learned"))
    assert learned["smooth"] is False and learned["offset_distance"] is False
    # MiniLM's trained table: its own positions, fixed once trained; but [CLS]'s row 0 is far from the
    # rest (too large, and a jump to row 1) and pairs at one offset are not equally far apart
    assert verdicts(fit(at_default("minilm"))) == {
        "bounded": False,
        "distinct": True,
        "length_invariant": True,
        "smooth": False,
        "offset_distance": False,
    }


def test_numbers_behind_the_verdicts() -> None:
    checks = {c.name: c for c in criteria.scorecard(EncodingSpec("integer", 50, 8))}
    assert checks["bounded"].value == 49.0
    assert checks["distinct"].value == pytest.approx(np.sqrt(8))  # neighbours differ by 1 in 8 dims
    assert checks["length_invariant"].value == 0.0
    norm = {c.name: c for c in criteria.scorecard(EncodingSpec("normalized", 51, 4))}
    # Position 1 is 1/50 at length 51 and 1/24 at length 25: the largest change is at the end of the half.
    assert norm["length_invariant"].value == pytest.approx(24 / 24 - 24 / 50)


def test_binary_runs_out_of_codes_beyond_2_to_the_d() -> None:
    checks = {c.name: c for c in criteria.scorecard(EncodingSpec("binary", 20, 4))}
    assert checks["distinct"].passed is False
    assert checks["distinct"].value == 0.0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("max_len", [1, 2, 3])
def test_tiny_lengths_give_defined_or_na_verdicts(kind: EncodingKind, max_len: int) -> None:
    for check in criteria.scorecard(fit(EncodingSpec(kind, max_len, 3, 10.0))):
        assert check.passed in (True, False, None)
        if max_len == 1 and check.name in ("distinct", "smooth", "offset_distance"):
            assert check.passed is None
