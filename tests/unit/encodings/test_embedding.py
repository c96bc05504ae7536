"""Token embeddings and what adding position vectors does to them (viz.encodings.embedding), against formulas
and hand-worked examples."""

from __future__ import annotations

import math

import numpy as np
import pytest

from viz.encodings import sinusoidal
from viz.encodings.embedding import (
    CLS,
    MAX_CHARS,
    MAX_TOKENS,
    PAD,
    SEP,
    bert_input,
    change,
    cost,
    match_positions,
    order_check,
    pad_count,
    padded,
    paired_distance,
    paper_scale,
    scale_sweep,
    segment_vectors,
    sweep_scales,
    token_vectors,
    tokenize,
)

SENT_A = "The cat chased the mouse"
SENT_B = "The mouse chased the cat"

# --- tokenize ------------------------------------------------------------------------------------------


def test_tokenize_simple_sentence() -> None:
    t = tokenize("I am good")
    assert t.tokens == ("I", "am", "good")
    assert (t.chars_cut, t.tokens_cut, t.cut) == (0, 0, False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello, world!", ("Hello", ",", "world", "!")),
        ("Wait... what?", ("Wait", ".", ".", ".", "what", "?")),
        ("(a+b)=c", ("(", "a", "+", "b", ")", "=", "c")),
        ("don't stop", ("don't", "stop")),
        ("x_y", ("x", "y")),  # the underscore is not part of a word
        ("  spaced\tout\nlines  ", ("spaced", "out", "lines")),
        ("3.14 is pi", ("3", ".", "14", "is", "pi")),
    ],
)
def test_tokenize_splits_punctuation(text: str, expected: tuple[str, ...]) -> None:
    assert tokenize(text).tokens == expected


def test_tokenize_korean() -> None:
    t = tokenize("나는 학생입니다.")
    assert t.tokens == ("나는", "학생입니다", ".")
    for word in t.tokens[:2]:
        assert all("\uac00" <= ch <= "\ud7a3" for ch in word)  # Hangul syllables block


@pytest.mark.parametrize("text", ["", " ", "   \t\n  ", "\n\n"])
def test_tokenize_empty_or_whitespace(text: str) -> None:
    t = tokenize(text)
    assert t.tokens == ()
    assert t.chars_cut == 0
    assert t.tokens_cut == 0
    assert not t.cut


def test_tokenize_token_limit_reports_cut() -> None:
    t = tokenize("a b c d e", limit=3)
    assert t.tokens == ("a", "b", "c")
    assert t.tokens_cut == 2
    assert t.chars_cut == 0
    assert t.cut
    assert tokenize("a b c", limit=0).tokens == ()
    assert tokenize("a b c", limit=0).tokens_cut == 3


def test_tokenize_default_limit_is_max_tokens() -> None:
    text = " ".join(f"w{i}" for i in range(MAX_TOKENS + 5))
    assert len(text) <= MAX_CHARS
    t = tokenize(text)
    assert t.tokens == tuple(f"w{i}" for i in range(MAX_TOKENS))
    assert t.tokens_cut == 5
    assert t.chars_cut == 0


def test_tokenize_reads_only_max_chars() -> None:
    text = "a " * 300  # 600 characters, 300 words
    t = tokenize(text, limit=1000)
    assert t.chars_cut == 600 - MAX_CHARS
    assert t.tokens == ("a",) * (MAX_CHARS // 2)
    assert t.tokens_cut == 0
    assert t.cut
    # Both cuts at once with the default limit.
    t = tokenize(text)
    assert len(t.tokens) == MAX_TOKENS
    assert t.tokens_cut == MAX_CHARS // 2 - MAX_TOKENS
    assert t.chars_cut == 600 - MAX_CHARS


def test_tokenize_word_past_max_chars_is_not_read() -> None:
    t = tokenize("x" * MAX_CHARS + " tail")
    assert t.tokens == ("x" * MAX_CHARS,)
    assert t.chars_cut == len(" tail")


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "'; DROP TABLE users; --",
        "{{7*7}} ${jndi:ldap://x} %s %n",
        "\u202eevil\u202c \ufeff \u200b",
        "😀👍🏽 🇰🇷",
        "a" * 10_000,
        "\\" * 50 + "\"'`",
    ],
)
def test_tokenize_hostile_text(text: str) -> None:
    t = tokenize(text)
    assert isinstance(t.tokens, tuple)
    assert all(isinstance(tok, str) and tok and not tok.isspace() for tok in t.tokens)
    assert len(t.tokens) <= MAX_TOKENS
    assert t.chars_cut == max(len(text) - MAX_CHARS, 0)


def test_tokenize_script_tag_tokens() -> None:
    assert tokenize("<script>alert(1)</script>").tokens == (
        *("<", "script", ">", "alert", "(", "1", ")"),
        *("<", "/", "script", ">"),
    )


@pytest.mark.parametrize("ctrl", ["\x00", "\x07", "\x1b", "\x7f"])
def test_tokenize_treats_control_characters_as_spaces(ctrl: str) -> None:
    # The docstring promises "control characters are treated as spaces".
    assert tokenize(f"a{ctrl}b").tokens == ("a", "b")


# --- token_vectors -------------------------------------------------------------------------------------


def test_token_vectors_shape_and_determinism() -> None:
    words = ("The", "cat", "sat", ".")
    a = token_vectors(words, 32)
    assert a.shape == (4, 32)
    assert a.dtype == np.float64
    np.testing.assert_array_equal(a, token_vectors(list(words), 32))
    assert token_vectors((), 8).shape == (0, 8)
    with pytest.raises(ValueError):
        token_vectors(("a",), 0)


@pytest.mark.parametrize(
    ("w1", "w2"), [("The", "the"), ("THE", "the"), ("Straße", "STRASSE"), ("나는", "나는")]
)
def test_token_vectors_case_folded_word_same_row(w1: str, w2: str) -> None:
    v = token_vectors((w1, "x", w2), 64)
    np.testing.assert_array_equal(v[0], v[2])


def test_token_vectors_different_words_differ() -> None:
    words = ("cat", "mouse", "chased", "the", "Cat ", ".", "나는", "학생입니다")
    v = token_vectors(words, 256)
    for i in range(len(words)):
        for j in range(i + 1, len(words)):
            assert not np.allclose(v[i], v[j])
            # Independent draws: the cosine of two 256-d Gaussian vectors has std 1/16.
            cos = v[i] @ v[j] / (np.linalg.norm(v[i]) * np.linalg.norm(v[j]))
            assert abs(cos) < 0.4


def test_token_vectors_seed_changes_vectors() -> None:
    assert not np.allclose(token_vectors(("cat",), 32, seed=0), token_vectors(("cat",), 32, seed=1))
    np.testing.assert_array_equal(token_vectors(("cat",), 32, seed=5), token_vectors(("cat",), 32, seed=5))


def test_token_vectors_variance_is_one_over_d() -> None:
    d, n_words = 1024, 300
    v = token_vectors(tuple(f"word{i}" for i in range(n_words)), d)
    n = v.size
    # Sample variance of n N(0, s^2) draws has std s^2 sqrt(2 / (n - 1)); the mean has std s / sqrt(n).
    assert abs(v.var() * d - 1.0) < 6 * math.sqrt(2 / (n - 1))
    assert abs(v.mean()) < 6 * d**-0.5 / math.sqrt(n)
    # Each row's squared norm has mean 1 and std sqrt(2 / d).
    norms2 = np.einsum("ij,ij->i", v, v)
    assert np.all(np.abs(norms2 - 1.0) < 6 * math.sqrt(2 / d))


def test_segment_vectors() -> None:
    s = segment_vectors(16)
    assert s.shape == (2, 16)
    assert not np.allclose(s[0], s[1])
    np.testing.assert_array_equal(s, segment_vectors(16))
    assert not np.allclose(s, segment_vectors(16, seed=1))


@pytest.mark.parametrize("d", [1, 4, 64, 512])
def test_paper_scale(d: int) -> None:
    assert paper_scale(d) == pytest.approx(math.sqrt(d), rel=1e-15)


# --- change / scale_sweep ------------------------------------------------------------------------------


def norm(v: np.ndarray) -> float:
    return math.sqrt(math.fsum(float(x) * float(x) for x in v))


def direct_change(e: np.ndarray, p: np.ndarray) -> tuple[list[float], list[float], list[float]]:
    cos_add, cos_concat, ratio = [], [], []
    for er, pr in zip(e, p, strict=True):
        s = er + pr
        cos_add.append(
            math.fsum(float(a) * float(b) for a, b in zip(er, s, strict=True)) / (norm(er) * norm(s))
        )
        cos_concat.append(norm(er) / math.sqrt(norm(er) ** 2 + norm(pr) ** 2))
        ratio.append(norm(pr) / norm(er))
    return cos_add, cos_concat, ratio


@pytest.mark.parametrize("d", [4, 16, 64])
@pytest.mark.parametrize("scale", [0.1, 1.0, 8.0, 100.0])
def test_change_matches_formulas(d: int, scale: float) -> None:
    tokens = tokenize(SENT_A).tokens
    e = scale * token_vectors(tokens, d)
    p = sinusoidal(len(tokens), d)
    c = change(e, p)
    cos_add, cos_concat, ratio = direct_change(e, p)
    np.testing.assert_allclose(c.cos_add, cos_add, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(c.cos_concat, cos_concat, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(c.ratio, ratio, rtol=1e-12)


def test_change_worked_example() -> None:
    e = np.array([[3.0, 0.0], [1.0, 1.0]])
    p = np.array([[0.0, 4.0], [-1.0, -1.0]])
    c = change(e, p)
    # Row 0: E + P = (3, 4): cos = 9 / (3 * 5) = 0.6; concat: 3 / 5; ratio 4 / 3.
    assert c.cos_add[0] == pytest.approx(0.6)
    assert c.cos_concat[0] == pytest.approx(0.6)
    assert c.ratio[0] == pytest.approx(4 / 3)
    # Row 1: E + P = 0, so cos(E, E + P) is undefined; concat still 1 / sqrt(2); ratio 1.
    assert math.isnan(c.cos_add[1])
    assert c.cos_concat[1] == pytest.approx(1 / math.sqrt(2))
    assert c.ratio[1] == pytest.approx(1.0)


def test_change_zero_embedding() -> None:
    c = change(np.zeros((1, 3)), np.ones((1, 3)))
    assert math.isinf(c.ratio[0])
    # A zero vector has no direction: both cosines are undefined (NaN), as in viz.encodings.similarity.
    assert math.isnan(c.cos_add[0])
    assert math.isnan(c.cos_concat[0])


@pytest.mark.parametrize("d", [16, 64, 512])
def test_scale_sweep_trends(d: int) -> None:
    tokens = tokenize(SENT_A).tokens
    e = token_vectors(tokens, d)
    p = sinusoidal(len(tokens), d)
    scales = sweep_scales(d)
    sw = scale_sweep(e, p, scales)
    np.testing.assert_array_equal(sw.scales, scales)
    assert np.all(np.diff(sw.cos_add) > 0)
    assert np.all(np.diff(sw.cos_concat) > 0)
    assert np.all(np.diff(sw.ratio) < 0)
    # Small embeddings: the position vector dominates (||P|| = sqrt(d / 2), ||e|| ~ 1).
    assert sw.ratio[0] > 10
    assert sw.cos_concat[0] < 0.1
    assert sw.cos_add[0] < 0.5
    # Big embeddings: the position vector barely turns them, and the limit is 1 (ratio 0).
    far = scale_sweep(e, p, np.array([1e4, 1e6]))
    assert far.cos_add[0] > 0.9999
    assert far.cos_add[1] > 1 - 1e-8
    assert far.cos_concat[1] > 1 - 1e-8
    assert far.ratio[0] < 0.01
    assert far.ratio[1] < 1e-4
    # Each entry is the token mean of the direct formulas at that scale.
    for i in (0, len(scales) // 2, len(scales) - 1):
        cos_add, cos_concat, ratio = direct_change(scales[i] * e, p)
        assert sw.cos_add[i] == pytest.approx(np.mean(cos_add), rel=1e-12)
        assert sw.cos_concat[i] == pytest.approx(np.mean(cos_concat), rel=1e-12)
        assert sw.ratio[i] == pytest.approx(np.mean(ratio), rel=1e-12)
    # ratio is exactly inversely proportional to the scale: ||P|| / (s ||e||).
    np.testing.assert_allclose(sw.ratio * scales, sw.ratio[0] * scales[0], rtol=1e-12)


@pytest.mark.parametrize("d", [1, 4, 16, 64, 100, 128, 512, 1024])
def test_sweep_scales(d: int) -> None:
    s = sweep_scales(d)
    assert 1.0 in s.tolist()
    assert math.sqrt(d) in s.tolist()
    assert s.min() == pytest.approx(0.1)
    assert s.max() == pytest.approx(100.0)
    assert np.all(np.diff(s) > 0)
    assert len(s) >= 50


# --- cost / bert_input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "d"), [(1, 4), (5, 64), (48, 512), (0, 8)])
def test_cost(n: int, d: int) -> None:
    c = cost(n, d)
    assert set(c) == {"add", "concat"}
    assert c["add"].width == d
    assert c["concat"].width == 2 * d
    for item in c.values():
        assert item.bytes_per_token == item.width * 4
        assert item.bytes_total == item.width * 4 * n
        assert item.next_layer_params == item.width * d + d
    custom = cost(n, d, d_pos=3)
    assert custom["concat"].width == d + 3
    assert custom["add"].width == d


def test_bert_input_layout() -> None:
    tokens, ids = bert_input(("my", "dog"), ("is", "cute", "."))
    assert tokens == (CLS, "my", "dog", SEP, "is", "cute", ".", SEP)
    assert ids.tolist() == [0, 0, 0, 0, 1, 1, 1, 1]
    assert len(ids) == len(tokens)
    assert np.issubdtype(ids.dtype, np.integer)


def test_bert_input_empty_sentences() -> None:
    tokens, ids = bert_input((), ())
    assert tokens == (CLS, SEP, SEP)
    assert ids.tolist() == [0, 0, 1]


# --- paired_distance / match_positions -----------------------------------------------------------------


def test_paired_distance_pairs_each_row_with_its_partner() -> None:
    m = token_vectors(("a", "b", "c", "d"), 16)
    perm = [2, 0, 3, 1]
    shuffled = np.empty_like(m)
    shuffled[perm] = m  # row i of m now sits at row perm[i]
    assert paired_distance(m, shuffled, perm) == 0.0
    other = shuffled.copy()
    other[perm[1], 5] += 1e-3  # nudge the partner of row 1
    assert paired_distance(m, other, perm) == pytest.approx(1e-3, rel=1e-6)
    by_hand = math.sqrt(math.fsum(float(np.sum((m[i] - other[j]) ** 2)) for i, j in enumerate(perm)))
    assert paired_distance(m, other, perm) == pytest.approx(by_hand, rel=1e-12)
    assert paired_distance(np.zeros((0, 3)), np.zeros((0, 3)), []) == 0.0


def test_match_positions() -> None:
    a, b = tokenize(SENT_A).tokens, tokenize(SENT_B).tokens
    assert match_positions(a, b) == [0, 4, 2, 3, 1]
    assert match_positions(a, a) == [0, 1, 2, 3, 4]
    assert match_positions(a, tokenize("The dog chased the mouse").tokens) is None
    assert match_positions(a, a[:4]) is None
    assert match_positions((), ()) == []


# --- order_check ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("d", [8, 64])
def test_order_check_swapped_words(d: int) -> None:
    a, b = tokenize(SENT_A).tokens, tokenize(SENT_B).tokens
    e_a, e_b = token_vectors(a, d), token_vectors(b, d)
    p = sinusoidal(20, d)
    oc = order_check(e_a, e_b, p, a, b)
    assert oc.permutation == [0, 4, 2, 3, 1]
    assert oc.distance_plain == 0.0  # the same words: each brings the same vector
    assert oc.distance_pe is not None
    assert oc.distance_pe > 0.1
    assert oc.word_shift_plain is not None
    assert oc.word_shift_pe is not None
    np.testing.assert_array_equal(oc.word_shift_plain, np.zeros(5))
    # Unmoved words (The, chased, the) keep their input vector; cat and mouse move by ||P[i] - P[j]||.
    assert oc.word_shift_pe[[0, 2, 3]].tolist() == [0.0, 0.0, 0.0]
    assert oc.word_shift_pe[1] > 0.1
    assert oc.word_shift_pe[4] > 0.1
    for i, j in enumerate([0, 4, 2, 3, 1]):
        # ||PE(i) - PE(j)||^2 = sum_pairs 2 - 2 cos(omega (i - j)) for even d.
        expected = math.sqrt(
            math.fsum(2 - 2 * math.cos((i - j) / 10000 ** (2 * k / d)) for k in range(d // 2))
        )
        assert oc.word_shift_pe[i] == pytest.approx(expected, abs=1e-12)
        assert oc.word_shift_pe[i] == pytest.approx(float(np.linalg.norm(p[i] - p[j])), abs=1e-12)


def root_sum_of_squares(values: np.ndarray) -> float:
    return math.sqrt(math.fsum(float(v) ** 2 for v in values))


@pytest.mark.parametrize("scale", [1.0, math.sqrt(128)])
def test_the_distance_is_the_root_sum_of_squares_of_the_bars(scale: float) -> None:
    """The issue's case: paper scale, d_model 128; the distance must agree with the per-word bars."""
    d = 128
    a, b = tokenize(SENT_A).tokens, tokenize(SENT_B).tokens
    p = sinusoidal(100, d)
    oc = order_check(scale * token_vectors(a, d), scale * token_vectors(b, d), p, a, b)
    assert oc.word_shift_pe is not None and oc.word_shift_plain is not None
    assert oc.distance_plain == 0.0
    assert oc.distance_pe == pytest.approx(root_sum_of_squares(oc.word_shift_pe), rel=1e-12)
    # Two words moved by the same offset (1 <-> 4), so the same bar twice: sqrt(2) times one bar.
    assert oc.word_shift_pe[1] == pytest.approx(oc.word_shift_pe[4], rel=1e-12)
    assert oc.distance_pe == pytest.approx(math.sqrt(2) * float(oc.word_shift_pe[1]), rel=1e-12)
    # It depends on the positions only, not on the embeddings: ||P[1] - P[4]|| for each moved word.
    assert oc.distance_pe == pytest.approx(math.sqrt(2) * float(np.linalg.norm(p[1] - p[4])), rel=1e-9)


@pytest.mark.parametrize(
    ("first", "second", "perm"),
    [
        # "x" twice: its first occurrence pairs with the first in sentence 2, the second with the second
        (("x", "y", "x", "z"), ("y", "x", "z", "x"), [1, 0, 3, 2]),
        (("the", "cat", "saw", "the", "dog"), ("the", "dog", "saw", "the", "cat"), [0, 4, 2, 3, 1]),
        (("a", "a", "a", "b"), ("b", "a", "a", "a"), [1, 2, 3, 0]),
        (("The", "the", "cat"), ("cat", "the", "THE"), [1, 2, 0]),  # case-folded, in order
    ],
)
def test_repeated_words_pair_in_order(
    first: tuple[str, ...], second: tuple[str, ...], perm: list[int]
) -> None:
    d = 32
    e_a, e_b = 4.0 * token_vectors(first, d), 4.0 * token_vectors(second, d)
    p = sinusoidal(10, d)
    oc = order_check(e_a, e_b, p, first, second)
    assert oc.permutation == perm
    assert oc.word_shift_plain is not None and oc.word_shift_pe is not None
    np.testing.assert_array_equal(oc.word_shift_plain, np.zeros(len(first)))  # same word, same vector
    for i, j in enumerate(perm):
        assert oc.word_shift_pe[i] == pytest.approx(float(np.linalg.norm(p[i] - p[j])), abs=1e-12)
    assert oc.distance_plain == 0.0
    assert oc.distance_pe == pytest.approx(root_sum_of_squares(oc.word_shift_pe), rel=1e-12)


def test_order_check_not_a_reordering() -> None:
    a, b = tokenize(SENT_A).tokens, tokenize("The dog chased the mouse").tokens
    d = 16
    oc = order_check(token_vectors(a, d), token_vectors(b, d), sinusoidal(10, d), a, b)
    assert oc.permutation is None
    assert oc.word_shift_plain is None
    assert oc.word_shift_pe is None
    assert oc.distance_plain is None  # no word-by-word pairing, so no distance
    assert oc.distance_pe is None


def test_order_check_different_lengths() -> None:
    a, b = tokenize(SENT_A).tokens, tokenize("The cat chased").tokens
    d = 8
    oc = order_check(token_vectors(a, d), token_vectors(b, d), sinusoidal(10, d), a, b)
    assert oc.permutation is None
    assert oc.distance_plain is None
    assert oc.distance_pe is None


def test_order_check_empty() -> None:
    d = 4
    e = np.zeros((0, d))
    oc = order_check(e, e, sinusoidal(3, d), (), ())
    assert oc.permutation == []
    assert oc.distance_plain == 0.0
    assert oc.distance_pe == 0.0
    assert oc.word_shift_pe is not None
    assert oc.word_shift_pe.shape == (0,)


def test_padded_fills_the_shorter_sentence_with_pad() -> None:
    assert padded(("I", "am"), 4) == ("I", "am", PAD, PAD)
    assert padded(("a", "b", "c"), 2) == ("a", "b", "c")
    assert pad_count(("I",), 3) == 2 and pad_count(("a", "b"), 1) == 0
