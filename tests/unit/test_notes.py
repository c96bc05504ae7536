"""The lecture notes' slips: what the app says instead is checked against the maths, each flag shows on its
page in both languages, and the Softmax page's "notes' numbers" preset follows note 004 step by step."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import torch
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, new_app, new_app_with_tabs, ok
from viz import encodings
from viz.i18n import LANGS, STRINGS
from viz.scores import softmax, worked
from viz.ui import notes, widgets

pytestmark = pytest.mark.usefixtures("fresh_caches")


# ---- the statements the flags make, checked ------------------------------------------------------------
def test_sin_sits_in_the_even_columns_counting_from_zero() -> None:
    d_model, base = 16, 10000.0
    pe = encodings.sinusoidal(40, d_model, base)
    pos = np.arange(40)[:, None]
    i = np.arange(d_model // 2)[None, :]
    angle = pos / base ** (2 * i / d_model)  # the paper's pos / 10000^(2i/d_model)
    assert np.allclose(pe[:, 0::2], np.sin(angle))  # columns 0, 2, 4, ...: note 000 calls these odd
    assert np.allclose(pe[:, 1::2], np.cos(angle))
    assert np.all(pe[0, 0::2] == 0.0) and np.all(pe[0, 1::2] == 1.0)  # what the flag points at on the table


def test_i_numbers_the_column_pairs_from_0_to_half_d_model() -> None:
    for d_model in (4, 16, 512):
        w = encodings.frequencies(d_model, 10000.0)
        assert w.shape == (d_model // 2,)  # one frequency per i = 0 … d_model/2 − 1, not 0 … d_model
        assert np.allclose(w, 10000.0 ** (-2 * np.arange(d_model // 2) / d_model))
    # note 004's own example, d_model = 4: the exponents 2i/d_model are 0 and 2/4
    assert np.allclose(np.log(encodings.frequencies(4, 10000.0)) / -np.log(10000.0), [0.0, 0.5])


def test_the_notes_own_p_matrix_needs_base_10000_not_1000() -> None:
    # figure 1-26 of note 004 (d_model = 4, positions 0-2), as printed
    printed = np.array([[0, 1, 0, 1], [0.841, 0.54, 0.01, 0.99], [0.909, -0.42, 0.02, 0.99]])
    assert np.abs(encodings.sinusoidal(3, 4, 10000.0) - printed).max() <= 0.01
    with_1000 = encodings.sinusoidal(3, 4, 1000.0)
    assert np.abs(with_1000 - printed).max() > 0.02
    assert math.isclose(with_1000[1, 2], math.sin(1 / math.sqrt(1000)))  # 0.032, as the flag says
    assert round(with_1000[1, 2], 3) == 0.032


def test_the_notes_x_plus_p_has_two_misprints() -> None:
    x = np.array([[1.769, 2.22, 3.4, 5.8], [7.77, 9.9, 8.5, 7.1], [9.1, 7.1, 0.85, 10.1]])  # figure 1-25
    printed = np.array([[1.796, 3.22, 3.4, 6.8], [8.14, 10.44, 8.51, 8.09], [10.0, 6.68, 0.87, 11.09]])
    total = x + encodings.sinusoidal(3, 4, 10000.0)
    off = np.argwhere(np.abs(total - printed) > 0.011)  # 0.01: the printed 0.99 cosines are 1.00
    assert off.tolist() == [[0, 0], [1, 0]]
    assert round(total[0, 0], 3) == 1.769 and round(total[1, 0], 3) == 8.611
    assert round(total[1, 3], 2) == 8.10 and round(total[2, 3], 2) == 11.10


def test_each_pair_has_its_own_frequency_not_one_of_1_over_10000() -> None:
    w = encodings.frequencies(512, 10000.0)
    assert w[0] == 1.0 and np.all(np.diff(w) < 0)  # geometric fall from 1 ...
    assert 1 / 10000 < w[-1] < 1.1 / 10000  # ... to just above 1/10000
    longest = encodings.wavelengths(512, 10000.0)[-1]
    assert 0.95 * 2 * math.pi * 10000 < longest < 2 * math.pi * 10000  # just under 62,832
    assert round(2 * math.pi * 10000) == 62832


@pytest.mark.parametrize("k", [1, 5, 17])
def test_a_shift_is_a_matrix_times_pe_not_an_added_term(k: int) -> None:
    d_model, max_len = 64, 120
    pe = encodings.sinusoidal(max_len, d_model)
    t_k = encodings.relative_rotation(k, d_model)  # the T(k) the Similarity page draws
    assert np.allclose(pe[:-k] @ t_k.T, pe[k:], atol=1e-9)  # T(k) · PE(x) = PE(x + k) for every x
    diff = pe[k:] - pe[:-k]  # PE(x + k) − PE(x): an added T(k) would make this the same for every x
    assert np.abs(diff - diff[0]).max() > 1.0


def test_cross_attention_takes_queries_from_the_decoder_and_keys_values_from_the_encoder() -> None:
    from viz.model import decoder
    from viz.model.attention import causal_mask

    torch.manual_seed(0)
    d_model, heads, t_len, s_len = 16, 4, 3, 5
    layer = decoder.DecoderLayer(d_model, heads, 32).eval()
    y = torch.randn(1, t_len, d_model)  # the target stream
    memory = torch.randn(1, s_len, d_model)  # the encoder's output
    with torch.no_grad():
        trace = layer.trace(y, memory, causal_mask(t_len)[None, None], None, "post")
        a, _ = layer.self_attn(y, causal_mask(t_len)[None, None])
        h = layer.norm1(y + a)  # the decoder's stream after masked self-attention (post-norm)
        att = layer.cross_attn
        d_k = d_model // heads
        q = att.w_q(h).view(1, t_len, heads, d_k).transpose(1, 2)  # queries: the decoder
        k = att.w_k(memory).view(1, s_len, heads, d_k).transpose(1, 2)  # keys: the encoder
        expected = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d_k), dim=-1)
    assert trace.cross_weights.shape == (1, heads, t_len, s_len)  # target × source
    assert torch.allclose(trace.cross_weights, expected, atol=1e-6)


def test_the_page_draws_cross_attention_as_target_by_source() -> None:
    from viz.model import block, decoder, encoder

    config = encoder.ModelConfig(16, 2, 1, "sinusoidal", 10000.0, 0)
    source, target = torch.randn(1, 5, 16), torch.randn(1, 3, 16)
    maps = block.decoder_maps(
        encoder.Encoder(config), decoder.DecoderLayer(16, 2, config.d_ff), source, target
    )
    assert maps.cross_weights.shape == (2, 3, 5)  # one row per target token, one column per source token
    assert np.allclose(maps.cross_weights.sum(axis=-1), 1.0)


def test_q_dot_k_has_variance_d_k_but_is_normal_only_for_large_d_k() -> None:
    def kurtosis(x: np.ndarray) -> float:
        return float(np.mean(x**4) / np.var(x) ** 2)

    one = softmax.dot_samples(1, 200_000, seed=3)
    many = softmax.dot_samples(64, 200_000, seed=3)
    assert abs(np.var(one) - 1) < 0.05 and abs(np.var(many) / 64 - 1) < 0.05  # exact in expectation
    assert 8.0 < kurtosis(one) < 10.0  # a product of two normals: 9, far from a normal's 3
    assert 2.8 < kurtosis(many) < 3.4  # 3 + 6/64 ≈ 3.09: close to normal only as a sum of many


def test_softmax_saturates_on_gaps_between_scores_not_on_their_size() -> None:
    scores = np.array([0.3, -1.2, 2.0, 0.0, 0.7, -0.4])
    ref = torch.softmax(torch.tensor(scores), dim=-1).numpy()
    for shift in (-1e4, 1e4, 1e6):  # very small or very large values: the same weights
        assert np.allclose(softmax.softmax(scores + shift), ref)
    n = scores.size
    equal_and_huge = softmax.softmax(np.full(n, 1e6))
    assert math.isclose(float(softmax.jacobian_norm(equal_and_huge)), math.sqrt(n - 1) / n)  # far from 0
    one_far_ahead = softmax.softmax(np.array([20.0, 0, 0, 0, 0, 0]))
    assert float(softmax.jacobian_norm(one_far_ahead)) < 1e-7  # a wide gap: the gradient vanishes


def test_the_scale_is_root_d_k_whatever_the_number_of_tokens() -> None:
    for tokens in (("I", "am"), ("a", "b", "c", "d", "e", "f")):
        w = worked.worked_example(tokens, 32, 16, seed=1)
        assert np.allclose(w.scaled, w.scores / 4.0)  # √16, not √(number of tokens)


# ---- the notes' own numbers ----------------------------------------------------------------------------
def reference() -> dict[str, torch.Tensor]:
    """Note 004's steps 2-4 computed with torch from its printed inputs, independently of
    viz.scores.softmax."""
    scores = torch.tensor(worked.NOTE_SCORES, dtype=torch.float64)
    v = torch.tensor(worked.NOTE_V, dtype=torch.float64)
    scaled = scores / math.sqrt(worked.NOTE_D_K)
    weights = torch.softmax(scaled, dim=-1)
    return {"scaled": scaled, "weights": weights, "output": weights @ v}


def test_the_preset_steps_equal_an_independent_computation() -> None:
    ex = worked.note_example()
    ref = reference()
    assert ex.d_k == 64 and ex.worked.tokens == ("I", "am", "good")
    assert np.allclose(ex.worked.scores, np.array(worked.NOTE_SCORES))  # step 1 is the note's own
    for name in ("scaled", "weights", "output"):
        assert np.allclose(getattr(ex.worked, name), ref[name].numpy(), atol=1e-12), name
    assert np.allclose(ex.worked.weights.sum(axis=1), 1.0)
    unscaled = torch.softmax(torch.tensor(worked.NOTE_SCORES, dtype=torch.float64), dim=-1)
    assert np.allclose(ex.worked.unscaled_weights, unscaled.numpy())


def test_figure_1_14_is_right_and_figure_1_15_has_three_misprints() -> None:
    ref = reference()
    printed_scaled = [[13.75, 11.25, 10.0], [8.75, 12.375, 8.75], [11.25, 8.75, 12.5]]  # figure 1-14
    assert torch.allclose(ref["scaled"], torch.tensor(printed_scaled, dtype=torch.float64))
    ex = worked.note_example()
    found = {(m.row, m.col): m for m in ex.misprints()}
    weights = ref["weights"]
    for i, row in enumerate(worked.NOTE_PRINTED_WEIGHTS):  # independently: round torch's weights
        for j, text in enumerate(row):
            digits = len(text.split(".")[1])
            assert ((i, j) in found) == (round(float(weights[i, j]), digits) != float(text))
    assert sorted(found) == [(0, 2), (2, 0), (2, 1)]  # I → good, good → I, good → am
    assert round(100 * float(weights[0, 1])) == 7  # the text's "10%" for I → am
    text = worked.misprint_text(ex, ex.misprints())
    assert text == "I → good: 0.03 ≠ 0.021; good → I: 0.21 ≠ 0.219; good → am: 0.03 ≠ 0.018"


# ---- the flags on their pages --------------------------------------------------------------------------
def test_every_slip_has_its_three_strings_in_both_languages() -> None:
    for key in notes.NOTE_SLIPS:
        for part in ("where", "says", "right"):
            entry = STRINGS[f"notes.{key}.{part}"]
            assert all(entry[lang].strip() for lang in LANGS)


def warnings(at: AppTest) -> list[str]:
    return [str(w.value) for w in at.warning]


def whys(at: AppTest, lang: str) -> list[str]:
    """The Markdown inside the flags' "what is right, and why" expanders."""
    return [str(m.value) for e in at.expander if e.label == STRINGS["notes.why"][lang] for m in e.markdown]


def shown(at: AppTest, keys: str | tuple[str, ...], lang: str, **values: object) -> bool:
    """The flag's short box is on the page, and its explanation in the expander under it once a visitor
    opens that (and the page's closing words, where the box about the whole page is): a folded box's
    content is sent only while it is open, and only then."""
    why = notes.notes_why(keys, lang, **values)
    at.session_state["about"] = True
    at.session_state[notes.why_key(keys)] = True
    ok(at.run())
    return notes.notes_text(keys, lang, **values) in warnings(at) and why in whys(at, lang)


def on_page(page: str, lang: str, **state: object) -> AppTest:
    at = new_app(lang=lang)
    at.run()
    for key, value in state.items():
        at.session_state[key] = value
    return ok(at.switch_page(page).run())


@pytest.mark.parametrize("lang", LANGS)
def test_positional_encoding_page_flags_base_index_sin_cos_and_frequency(lang: str) -> None:
    at = on_page("pages/positional_encoding.py", lang)
    for keys in ("pe_base", ("pe_index", "pe_freq")):
        assert shown(at, keys, lang), keys
    assert shown(at, "pe_sincos", lang, table=STRINGS["notes.pe_sincos.table.interleaved"][lang])


@pytest.mark.parametrize("lang", LANGS)
def test_the_sin_cos_flag_describes_the_layout_shown(lang: str) -> None:
    at = on_page("pages/positional_encoding.py", lang)
    at = ok(at.radio(key=widgets.choice_key("pe_layout", lang)).set_value("split").run())
    split, interleaved = (STRINGS[f"notes.pe_sincos.table.{v}"][lang] for v in ("split", "interleaved"))
    assert shown(at, "pe_sincos", lang, table=split)
    assert not any(interleaved in w for w in whys(at, lang))  # "column 0 is a sine, column 1 a cosine"
    at = ok(at.radio(key=widgets.choice_key("pe_layout", lang)).set_value("interleaved").run())
    assert shown(at, "pe_sincos", lang, table=interleaved)
    assert not any(split in w for w in whys(at, lang))


def test_the_first_tab_a_visitor_sees_has_the_sin_cos_and_base_flags() -> None:
    at = new_app_with_tabs(lang="en")
    at.run()
    at = ok(at.switch_page("pages/positional_encoding.py").run())
    table = STRINGS["notes.pe_sincos.table.interleaved"]["en"]
    assert shown(at, "pe_base", "en") and shown(at, "pe_sincos", "en", table=table)


def test_a_folded_box_sends_its_words_only_once_opened() -> None:
    """The "what is right, and why" box under a notes box, and the page's closing words (which hold the
    base's notes box), are sent only while open (issue 37: fewer elements a rerun); opened, they stay
    open over the next run."""
    at = on_page("pages/positional_encoding.py", "en")
    sincos = notes.notes_why("pe_sincos", "en", table=STRINGS["notes.pe_sincos.table.interleaved"]["en"])
    base = notes.notes_text("pe_base", "en")
    assert whys(at, "en") == [] and base not in warnings(at)
    assert [e.label for e in at.expander].count(STRINGS["notes.why"]["en"]) == 2  # pe_sincos, pe_index
    at.session_state[notes.why_key("pe_sincos")] = True
    assert whys(ok(at.run()), "en") == [sincos]
    at.session_state["about"] = True
    assert base in warnings(ok(at.run())) and whys(at, "en") == [sincos]  # the base's box still folded
    assert whys(ok(at.run()), "en") == [sincos]


@pytest.mark.parametrize("lang", LANGS)
def test_attention_page_flags_the_heads_concatenated_not_added(lang: str) -> None:
    at = on_page("pages/attention.py", lang)
    assert shown(at, "mha_concat", lang)


def test_concatenating_the_heads_then_w_o_is_a_sum_of_per_head_projections() -> None:
    torch.manual_seed(0)
    tokens, heads, d_k = 5, 4, 8
    d_model = heads * d_k
    z = [torch.randn(tokens, d_k, dtype=torch.float64) for _ in range(heads)]  # each head's output
    w_o = torch.randn(d_model, d_model, dtype=torch.float64)
    concat = torch.cat(z, dim=-1) @ w_o  # what the paper (and the page) does
    # Σ_h Z_h · W^O_h, where W^O_h is the block of W^O's rows that meets head h's columns
    per_head = torch.stack([z_h @ w_o[h * d_k : (h + 1) * d_k] for h, z_h in enumerate(z)]).sum(0)
    assert torch.allclose(concat, per_head)
    added = torch.stack(z).sum(0) @ w_o[:d_k]  # the raw outputs added (d_k wide), then projected: not it
    assert not torch.allclose(concat, added)


@pytest.mark.parametrize("lang", LANGS)
def test_similarity_page_flags_the_shift(lang: str) -> None:
    assert shown(on_page("pages/similarity.py", lang), "shift", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_embedding_page_flags_the_notes_misprinted_sums_beside_e_plus_p(lang: str) -> None:
    assert shown(on_page("pages/embedding.py", lang), "xp", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_encoder_page_flags_cross_attention_and_llms(lang: str) -> None:
    at = new_app_with_tabs(lang=lang, d_model="32", heads="2")
    at.run()
    at.session_state["enc_section"] = "dec"  # open the decoder's tab
    at = ok(at.switch_page("pages/encoder.py").run())
    assert shown(at, "cross", lang) and shown(at, "llm", lang)
    # said once, in the flag: the decoder tab's own explanation no longer repeats "the other way round"
    phrase = {"en": "other way round", "ko": "반대"}[lang]
    body = [str(m.value) for m in at.markdown] + warnings(at)  # at.markdown holds the expanders too
    assert sum(text.count(phrase) for text in body) == 1


def spec(at: AppTest, key: str) -> dict:
    found = [c for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return json.loads(found[0].proto.spec)


@pytest.mark.parametrize("lang", LANGS)
def test_softmax_page_flags_the_scale_and_the_preset_follows_the_note(lang: str) -> None:
    at = on_page("pages/softmax.py", lang)
    assert shown(at, ("scale_dim", "normal_shape"), lang) and shown(at, "saturation", lang)
    assert not any(STRINGS["notes.ex_weights.where"][lang] in w for w in warnings(at))  # random weights

    at = ok(at.radio(key=f"sm_ex_source__{lang}").set_value("notes").run())
    ref = reference()
    weights = decode(spec(at, "sm_step_weights")["data"][0]["z"])
    assert np.allclose(weights, ref["weights"].numpy(), atol=1e-6)  # float32 on the wire
    scaled = decode(spec(at, "sm_step_scaled")["data"][0]["z"])
    assert np.allclose(scaled, ref["scaled"].numpy())
    output = decode(spec(at, "sm_step_output")["data"][0]["z"])
    assert np.allclose(output, ref["output"].numpy(), rtol=1e-6)
    assert spec(at, "sm_step_output")["data"][0]["x"] == ["0", "1", "63"]  # the columns the note prints
    ex = worked.note_example()
    slips = {
        "row_i": worked.row_text(ex.worked.weights, 0),
        "row_good": worked.row_text(ex.worked.weights, 2),
        "i_am": f"{ex.worked.weights[0, 1]:.3f}",
        "fixes": worked.misprint_text(ex, ex.misprints()),
    }
    assert shown(at, "ex_weights", lang, **slips) and shown(at, "ex_k3", lang)
    assert "0.021" in notes.notes_why("ex_weights", lang, **slips)
    z_1 = worked.weighted_sum(ex.worked.weights, ex.worked.tokens, 0, digits=3)
    assert z_1 in [c.value for c in at.code] and "0.021 · v_2 (good)" in z_1  # not the note's 0.03
