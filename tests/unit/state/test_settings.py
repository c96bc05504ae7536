"""Shared settings: allowed values and what a URL may ask for."""

from __future__ import annotations

import pytest

from viz.state import settings
from viz.state.settings import check_url, check_url_value


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
     ("max_len", "4096"), ("base", "10000"), ("base", "1000"), ("base", "1e3"), ("base", "1000.0"),
     ("heads", "4"), ("heads", "3"), ("lang", "ko"), ("lang", "en"), ("all", "1"), ("present", "1"),
     ("present", "0")],
)  # fmt: skip
def test_valid_values_pass(key: str, raw: str) -> None:
    assert check_url_value(key, raw) is None


@pytest.mark.parametrize(
    ("key", "raw"),
    [("d_model", "abc"), ("d_model", "0"), ("d_model", "1"), ("d_model", "1025"), ("d_model", "-5"),
     ("d_model", "1e309"), ("d_model", "nan"), ("d_model", "64.5"), ("d_model", "9" * 400), ("max_len", "0"),
     ("max_len", "100000"),
     ("base", "12345"), ("base", "-1"), ("heads", "0"), ("heads", "-8"), ("heads", "1025"), ("heads", "2.5"),
     ("lang", "fr"), ("lang", "<script>alert(1)</script>"), ("lang", "[click here](https://example.com)"),
     ("d_model", ""), ("d_model", "2.5"), ("max_len", "1.5"), ("all", "yes"), ("present", "2"),
     ("present", "<b>on</b>")],
)  # fmt: skip
def test_invalid_values_fall_back_to_the_default(key: str, raw: str) -> None:
    problem = check_url_value(key, raw)
    assert problem is not None
    assert problem.key == key and problem.value == raw
    defaults = {
        "d_model": 128,
        "max_len": 100,
        "base": 10000,
        "heads": 8,
        "lang": "en",
        "all": "0",
        "present": "0",
    }
    assert problem.default == defaults[key]


def test_a_head_count_is_the_count_asked_for() -> None:
    # any whole count is read as asked: where it does not divide d_model the sidebar picks the nearest
    # divisor and says so there, for the link's visitor as for its sharer, so it is not refused here
    assert check_url({"d_model": "96", "heads": "3"}) == []
    assert settings.read_url({"d_model": ["100"], "heads": ["8"]}).values == {"d_model": 100, "heads": 8}
    refused = check_url({"d_model": "100", "heads": "x"})
    assert [p.key for p in refused] == ["heads"]
    assert refused[0].default == 10  # what d_model 100 then uses: its divisor nearest to the default 8


@pytest.mark.parametrize(
    ("query", "used", "refused"),
    [
        # the note names what is used, and that is what is used (Streamlit's bound slider read 2.5 as 2)
        ({"d_model": ["2.5"]}, {}, {"d_model": 128}),
        ({"max_len": ["1.5"]}, {}, {"max_len": 100}),
        # a key given twice is refused with a word (it fell back to the default silently)
        ({"d_model": ["8", "16"]}, {}, {"d_model": 128}),
        # a base written as a float is the base it says
        ({"base": ["1e3"]}, {"base": 1000}, {}),
        ({"base": ["1000.0"]}, {"base": 1000}, {}),
        ({"d_model": ["64.0"], "lang": ["ko"], "all": ["1"]}, {"d_model": 64, "lang": "ko", "all": True}, {}),
    ],
)
def test_read_url_says_what_is_used_and_uses_what_it_says(
    query: dict[str, list[str]], used: dict[str, object], refused: dict[str, object]
) -> None:
    found = settings.read_url(query)
    assert found.values == used
    assert {p.key: p.default for p in found.problems} == refused
    for p in found.problems:
        assert p.value == " & ".join(query[p.key])


def test_settings_d_k() -> None:
    assert settings.Settings(d_model=512, heads=8).d_k == 64


def test_share_writes_d_model_over_heads() -> None:
    assert settings.share(128, 3) == "42.67"
