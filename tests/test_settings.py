"""Shared settings: allowed values and what a URL may ask for."""

from __future__ import annotations

import pytest

from viz import settings
from viz.settings import check_url, check_url_value


@pytest.mark.parametrize("n", [1, 2, 7, 12, 97, 128, 360, 1024])
def test_divisors_match_brute_force(n: int) -> None:
    assert settings.divisors(n) == [k for k in range(1, n + 1) if n % k == 0]


def test_closest_heads() -> None:
    assert settings.closest_heads(8, 128) == 8
    assert settings.closest_heads(8, 127) == 1
    assert settings.closest_heads(8, 100) == 10
    assert settings.closest_heads(3, 128) == 2  # tie between 2 and 4 goes to the smaller
    assert settings.default_heads(96) == 8


@pytest.mark.parametrize(
    ("key", "raw"),
    [("d_model", "64"), ("d_model", "65"), ("d_model", "1024"), ("d_model", "64.0"), ("max_len", "1"),
     ("max_len", "4096"), ("base", "10000"), ("base", "1000"), ("heads", "4"), ("lang", "ko"),
     ("lang", "en")],
)  # fmt: skip
def test_valid_values_pass(key: str, raw: str) -> None:
    assert check_url_value(key, raw) is None


@pytest.mark.parametrize(
    ("key", "raw"),
    [("d_model", "abc"), ("d_model", "0"), ("d_model", "1"), ("d_model", "1025"), ("d_model", "-5"),
     ("d_model", "1e309"), ("d_model", "nan"), ("d_model", "64.5"), ("d_model", "9" * 400), ("max_len", "0"),
     ("max_len", "100000"),
     ("base", "12345"), ("base", "-1"), ("heads", "3"), ("heads", "0"), ("heads", "-8"), ("lang", "fr"),
     ("lang", "<script>alert(1)</script>"), ("d_model", "")],
)  # fmt: skip
def test_invalid_values_fall_back_to_the_default(key: str, raw: str) -> None:
    problem = check_url_value(key, raw)
    assert problem is not None
    assert problem.key == key and problem.value == raw
    defaults = {"d_model": 128, "max_len": 100, "base": 10000, "heads": 8, "lang": "en"}
    assert problem.default == defaults[key]


def test_heads_are_checked_against_the_d_model_in_the_same_url() -> None:
    assert check_url({"d_model": "96", "heads": "3"}) == []
    problems = check_url({"d_model": "100", "heads": "8"})
    assert [p.key for p in problems] == ["heads"]
    assert problems[0].default == 10  # nearest divisor of 100 to the default 8
    # an invalid d_model is replaced by the default before heads are judged
    assert [p.key for p in check_url({"d_model": "x", "heads": "16"})] == ["d_model"]


def test_settings_d_k() -> None:
    assert settings.Settings(d_model=512, heads=8).d_k == 64
