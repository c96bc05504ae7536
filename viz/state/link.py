"""The whole view in a link: every page control's URL name, type, default and validation. No Streamlit here.

Why one registry instead of Streamlit's ``bind="query-params"`` on each widget:

- the choice widgets are keyed per language (:func:`viz.ui.choice`), and a bound widget writes its
  translated *label* to the URL, so one view would have an English and a Korean link;
- a bound widget's URL is written by the browser, while a value the server works out (the head count
  used, a clamped slider) can only be written by the server: two writers of one address race, and the
  address bar would lag the page after quick key presses;
- one place validates every value a link may carry and reports what it refused, as plain text.

So a session's first run seeds Session State from the URL (:func:`read`), and every run that ends
writes the values in force back (:func:`url_for`), leaving out defaults to keep links short. Both walk
a page's dozen or so parameters: negligible next to a rerun.

A parameter names the Session State key its page keeps the value under: a widget's key, or for a
translated choice (:func:`viz.ui.choice`) and a page's tabs (:func:`viz.ui.sections`) the key that keeps
the chosen id. ``default`` is what a fresh session shows: a value, a function of the shared settings
(e.g. a position slider's middle), or ``None`` when it depends on more (then the value is always
written).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from viz.classroom.store import CODE_ALPHABET, CODE_LENGTH, KEY_CHARS, STEPS_MAX
from viz.encodings import ANY_SIZE_KINDS, ENCODING_KINDS, LAYOUTS, embedding, similarity
from viz.i18n import encoder as enc_strings
from viz.state.params import (
    POSITION_MAX,
    SEED_MAX,
    Choice,
    Code,
    Flag,
    Index,
    Int,
    IntList,
    IntPair,
    Number,
    Option,
    Param,
    Refused,
    Text,
)
from viz.state.settings import Settings, UrlProblem

if TYPE_CHECKING:  # types only: these modules import PyTorch
    from viz.model.encoder import ModelEncoding, Norm
    from viz.model.probe import MaskMode
    from viz.model.train import Task

#: Refused values are quoted in the page up to this many characters.
QUOTE_CHARS = 40

# Copies of option lists that live in modules importing PyTorch (~2 s): the registry is read on every
# page. tests/unit/state/test_link.py checks each against its source.
MODEL_ENCODINGS: tuple[ModelEncoding, ...] = ("none", *ANY_SIZE_KINDS)  # viz.model.encoder.MODEL_ENCODINGS
NORMS: tuple[Norm, ...] = ("post", "pre")  # viz.model.encoder.NORMS
TASKS: tuple[Task, ...] = ("reverse", "previous", "match")  # viz.model.train.TASKS
#: viz.model.probe.MASK_MODES
MASK_MODES: tuple[MaskMode, ...] = ("none", "padding", "pad_queries", "causal", "both")
MODEL_LAYERS = 6  # viz.model.encoder.LAYERS_RANGE[1]
TRAIN_STEPS = 800  # viz.model.train.MAX_STEPS


@dataclass(frozen=True)
class Page:
    """A page's parameters, by URL name (unique within the page and apart from the sidebar's)."""

    params: tuple[Param, ...]
    by_name: dict[str, Param] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {p.name: p for p in self.params})


def _tabs(key: str, ids: Sequence[str], name: str = "tab") -> Choice:
    return Choice(name, key, ids[0], tuple(ids))


ENCODING = Choice("enc", "pe_kind", "sinusoidal", ENCODING_KINDS)
#: The Attention heads page's example sentences (pages/attention.py EXAMPLES; checked by a test).
ATT_EXAMPLES = ("A dog ate the food because it was hungry", "I am good", "The cat chased the mouse")
ENC_EXAMPLES = tuple(enc_strings.TRANSLATIONS)  # pages/encoder.py EXAMPLES
HEAD_MAX = 1024  # the first head shown of a grid: at most the sidebar's largest head count
#: The Real models page's examples (pages/pretrained.py uses these).
REAL_EXAMPLES = (
    "The cat sat on the mat because it was tired",
    "The capital of France is",
    "A dog ate the food because it was hungry",
    "나는 학생이다",
)
#: viz.pretrained.MODELS and viz.pretrained.patterns.MEASURES (that package imports NumPy; checked by a test)
REAL_MODELS = ("minilm", "smollm2")
#: An attention map's views (viz/views/flow.py): heatmaps, one layer's lines between words, or every
#: layer's heads as small panels of lines (the model view).
ATTENTION_VIEWS = ("heatmap", "lines", "model")
#: The word whose lines alone are drawn: 0 for every word, i for the i-th (the longest text a page reads).
REAL_TOKENS = 64  # viz.pretrained.MAX_TOKENS
REAL_SECTIONS = (
    "tokens",
    "all",
    "one",
    "patterns",
    "next",
    "generate",
    "lens",
    "ablate",
    "patch",
    "induction",
)
#: The tools that test a head (viz/views/intervene.py, patching.py): which heads are ablated and how, what
#: is patched.
ABL_HEADS = ("all", *(str(h) for h in range(1, 10)))  # viz.views.intervene.HEAD_CHOICES
ABLATIONS = ("zero", "mean")  # viz.pretrained.intervene.ABLATIONS
PATCHES = ("resid", "heads")  # viz.pretrained.intervene.PATCHES
#: The score each toy head's curve over training shows (viz/views/induction.py).
IND_CURVES = ("prefix", "copy", "previous")
#: The Attention variants page's tabs (pages/zoo.py)
#: viz.scores.capping.SCALES and CAPS (the Softmax page's sixth tab)
CAP_SCALES = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
CAP_CAPS = (2.0, 5.0, 10.0, 20.0, 50.0)
ZOO_SECTIONS = ("zoo", "state", "mla", "diff", "sparse", "layers")
ZOO_WIDTHS = (4, 32, 16)  # viz.views.zoo.WIDTHS
ZOO_SHOWS = ("accuracy", "loss")  # what the zoo's curves show
ZOO_ROTATED = (25, 50, 75, 100)  # viz.views.mixers.ROTATED: the share of a head RoPE turns (%)
GEN_MODES = ("sample", "top")  # viz.pretrained.generate.MODES
GEN_MAX = 32  # viz.pretrained.generate.MAX_NEW
REAL_MEASURES = ("previous", "next", "self", "first", "special", "entropy")


def _first_head(name: str, key: str) -> Int:
    return Int(name, key, 1, 1, HEAD_MAX)


def _layer(name: str, key: str) -> Int:
    return Int(name, key, 1, 1, MODEL_LAYERS)


#: Every page's URL parameters, by the page's URL path. The sidebar's (d_model, max_len, base, heads,
#: lang, all) are the shared settings (viz.state.settings) and are read by viz.ui's sidebar.
PAGES: dict[str, Page] = {
    "home": Page(()),  # the home page (pages/home.py, at / and /home): no controls of its own
    "positional_encoding": Page(
        (
            ENCODING,
            Choice("layout", "pe_layout", "interleaved", LAYOUTS),
            _tabs("pe_section", ("table", "curves", "waves", "score", "rope")),
            Flag("window", "pe_window"),
            # viz.ui.exact_window's first window: 40 positions, 32 dimensions
            IntPair("rows", "pe_win_rows", lambda s: [0, min(40, s.max_len) - 1]),
            IntPair("cols", "pe_win_cols", lambda s: [0, min(32, s.d_model) - 1], hi=1023),
            IntList("dims", "pe_dims"),
            Flag("compare", "pe_score_compare"),
            # RoPE past its training length (viz/views/rope_scaling.py)
            Option("L", "rs_len", 2048, (256, 512, 1024, 2048, 4096, 8192)),
            Option("s", "rs_scale", 4, (1, 2, 4, 8, 16, 32)),
            Option("dh", "rs_dhead", 128, (16, 32, 64, 128, 256)),
        )
    ),
    "embedding": Page(
        (
            Text("text", "emb_text", embedding.DEFAULT_SENTENCE),
            ENCODING,
            Int("seed", "emb_seed", 0, 0, SEED_MAX),
            Choice("scale", "emb_scale_mode", "paper", embedding.SCALE_MODES),
            Option(
                "sv", "emb_scale_value", 1.0, (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 100.0)
            ),
            _tabs("emb_section", ("sum", "add", "seg", "order")),
            Choice("colour", "emb_colour", "own", ("own", "shared")),
            Text("text2", "emb_text_b", "The cat chased the mouse"),
            Text("a", "emb_order_a", "The cat chased the mouse"),
            Text("b", "emb_order_b", "The mouse chased the cat"),
        )
    ),
    "similarity": Page(
        (
            ENCODING,
            Choice("vs", "sim_compare", "binary", ENCODING_KINDS),
            Choice("measure", "sim_measure", "dot", similarity.MEASURES),
            Int("p", "sim_p", lambda s: similarity.default_position(s.max_len), 0, POSITION_MAX),
            _tabs("sim_section", ("row", "matrix", "offset", "steps", "rot", "bias")),
            Int("k", "sim_k", 1, 0, POSITION_MAX),
            Int("pair", "sim_pair", 0, 0, POSITION_MAX),
            Flag("whole", "sim_rot_whole"),
            # relative position biases (viz/views/relative.py)
            Choice("bias", "rel_scheme", "alibi", ("alibi", "t5", "kerple")),
            Int("blen", "rel_len", 32, 4, 256),
            Int("bheads", "rel_heads", 8, 1, 16),
            Int("bhead", "rel_head", 1, 1, 16),
            Flag("causal", "rel_causal", True),
            Option("buckets", "rel_buckets", 32, (8, 16, 32, 64)),
            Option("maxdist", "rel_maxdist", 128, (16, 32, 64, 128, 256, 512, 1024)),
            Flag("bidir", "rel_bidir", True),
            Number("r1", "rel_r1", 1.0, 0.1, 5.0, 0.1),
            Number("r2", "rel_r2", 1.0, 0.1, 5.0, 0.1),
        )
    ),
    "softmax": Page(
        (
            Option(
                "dk",
                "sm_dk",
                64,
                (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024),
            ),
            Option("n", "sm_n", 5000, (500, 1000, 2000, 5000, 10000, 20000)),
            Int("seed", "sm_seed", 0, 0, SEED_MAX),
            _tabs("sm_section", ("var", "row", "ex", "online", "cap")),
            Int("keys", "sm_keys", 6, 2, 16),
            Number("temp", "sm_temp", 1.0, 0.1, 5.0, 0.1),
            Choice("src", "sm_ex_source", "random", ("random", "notes")),
            Text("text", "sm_text", "I am good"),
            Int("len", "sm_len", None, 1, 8),
            _tabs("sm_ex_part", ("qkv", "steps", "out"), "part"),
            Int("q", "sm_query", 0, 0, 7),
            # online softmax (viz/views/online_softmax.py): the step opens on the last block
            Int("okeys", "os_keys", 16, 4, 64),
            Int("oblock", "os_block", 4, 1, 64),
            Int("ostep", "os_step", None, 1, 64),
            # keeping scores in range (viz/views/capping.py): the query's scale, the soft cap
            Option("qscale", "sm_qscale", 1.0, CAP_SCALES),
            Option("cap", "sm_cap", 10.0, CAP_CAPS),
        )
    ),
    "attention": Page(
        (
            Int("layers", "att_layers", 1, 1, 4),
            Choice("enc", "att_encoding", "sinusoidal", MODEL_ENCODINGS),
            Int("kv", "att_kv", lambda s: s.heads, 1, HEAD_MAX),  # a divisor of the heads; all by default
            Option("kvtokens", "att_kv_tokens", 8192, (512, 2048, 8192, 32768, 131072)),
            Int("seed", "att_seed", 0, 0, SEED_MAX),
            Choice("src", "att_source", "sentence", ("sentence", "task")),
            Index("ex", "att_example", ATT_EXAMPLES[0], ATT_EXAMPLES),
            Text("text", "att_text", ATT_EXAMPLES[0]),
            _tabs("att_section", ("maps", "mask", "steps", "order", "window", "induction")),
            _layer("layer", "att_layer"),
            _first_head("first", "att_maps_first"),
            Choice("view", "att_view", ATTENTION_VIEWS[0], ATTENTION_VIEWS),
            Int("word", "att_word", 0, 0, embedding.MAX_TOKENS),
            Choice("task", "att_task", TASKS[0], TASKS),
            Int("exseed", "att_ex", 0, 0, SEED_MAX),
            Choice("model", "att_model_state", "trained", ("untrained", "trained")),
            # the recorded step of a training run to replay: which steps exist depends on the run
            Int("replay", "att_replay", None, 0, TRAIN_STEPS),
            _layer("tlayer", "att_task_layer"),
            _first_head("tfirst", "att_task_maps_first"),
            Text("text2", "att_mask_text", ATT_EXAMPLES[1]),
            Choice("mask", "att_mask_mode", "padding", MASK_MODES),
            _layer("mlayer", "att_mask_layer"),
            _first_head("mfirst", "att_mask_maps_first"),
            Int("head", "att_step_head", 1, 1, HEAD_MAX),
            _layer("slayer", "att_step_layer"),
            Flag("causal", "att_step_causal"),
            _tabs("att_step_part", ("qkv", "scores", "out"), "part"),
            Int("shuffle", "att_order_seed", 0, 0, SEED_MAX),
            Flag("ocausal", "att_order_causal"),
            # sliding windows and sinks (viz/views/windows.py)
            Int("wlen", "win_len", 32, 4, 128),
            Int("w", "win_w", 8, 1, 128),
            Int("sinks", "win_sinks", 1, 0, 4),
            Int("wlayers", "win_layers", 3, 1, 8),
            # induction heads learned live (viz/views/induction.py: STEPS, the seed)
            Int("isteps", "ind_steps", 800, 100, 1500),
            Int("iseed", "ind_seed", 0, 0, SEED_MAX),
            Choice("icurve", "ind_curve", IND_CURVES[0], IND_CURVES),
        )
    ),
    "encoder": Page(
        (
            Int("layers", "enc_layers", 6, 1, MODEL_LAYERS),
            Choice("norm", "enc_norm", NORMS[0], NORMS),
            Choice("enc", "enc_encoding", "sinusoidal", MODEL_ENCODINGS),
            Int("seed", "enc_seed", 0, 0, SEED_MAX),
            Index("ex", "enc_example", ENC_EXAMPLES[0], ENC_EXAMPLES),
            Text("text", "enc_text", ENC_EXAMPLES[0]),
            _tabs("enc_section", ("path", "res", "pp", "dec")),
            _layer("layer", "enc_layer"),
            _tabs("enc_path_part", ("stages", "norms"), "part"),
            _tabs("enc_res_part", ("input", "alike"), "rpart"),
            Text("target", "enc_target", None),
            _first_head("first", "enc_dec_first"),
        )
    ),
    "pretrained": Page(
        (
            Choice("model", "real_model", REAL_MODELS[0], REAL_MODELS),
            Index("ex", "real_example", REAL_EXAMPLES[0], REAL_EXAMPLES),
            Text("text", "real_text", REAL_EXAMPLES[0]),
            _tabs("real_section", REAL_SECTIONS),
            Int("layer", "real_layer", 1, 1, 30),  # SmolLM2's 30; MiniLM's page clamps to 6 and says so
            Int("head", "real_head", 1, 1, 12),  # MiniLM's 12; SmolLM2's 9
            Choice("view", "real_view", ATTENTION_VIEWS[0], ATTENTION_VIEWS),
            Int("word", "real_word", 0, 0, REAL_TOKENS),
            Choice("measure", "real_measure", REAL_MEASURES[0], REAL_MEASURES),
            Number("temp", "real_temp", 1.0, 0.1, 3.0, 0.1),
            Int("k", "real_k", 10, 3, 30),
            # the sixth tab, SmolLM2 writing on (viz/views/generate.py; defaults: viz.pretrained.generate)
            Choice("mode", "gen_mode", GEN_MODES[0], GEN_MODES),
            Number("gtemp", "gen_temp", 0.8, 0.1, 3.0, 0.1),
            Int("topk", "gen_topk", 40, 0, 100),
            Number("topp", "gen_topp", 0.9, 0.05, 1.0, 0.05),
            Int("seed", "gen_seed", 0, 0, SEED_MAX),
            Int("n", "gen_n", 6, 0, GEN_MAX),
            Int("step", "gen_step", 0, 0, GEN_MAX),
            # the tools that test a head (viz/views/intervene.py, patching.py): the lens's position (0: the
            # last token), the head ablated, the corrupted text and what is patched
            Int("pos", "lens_pos", 0, 0, REAL_TOKENS),
            Int("alayer", "abl_layer", 24, 1, 30),
            Choice("ahead", "abl_head", "5", ABL_HEADS),
            Choice("ablate", "abl_how", ABLATIONS[0], ABLATIONS),
            Text("text2", "patch_text", "The capital of Italy is"),
            Choice("patch", "patch_what", PATCHES[0], PATCHES),
            Int("rseed", "ind_real_seed", 0, 0, SEED_MAX),  # SmolLM2's induction heads: the random tokens
        )
    ),
    # the attention variants (pages/zoo.py): the tab, the zoo's seed and curves, the state's width, and
    "zoo": Page(
        (
            _tabs("zoo_section", ZOO_SECTIONS),
            Int("seed", "zoo_seed", 0, 0, SEED_MAX),
            Choice("show", "zoo_show", ZOO_SHOWS[0], ZOO_SHOWS),
            Int("width", "zoo_width", ZOO_WIDTHS[2], ZOO_WIDTHS[0], ZOO_WIDTHS[1]),
            # the variants' own tabs (viz/views/mixers.py): differential's λ, sparse attention's block,
            # selected blocks and window, the share of a head RoPE turns
            Number("lam", "zoo_lambda", 0.5, 0.0, 1.0, 0.05),
            Int("block", "zoo_block", 4, 2, 8),
            Int("top", "zoo_top", 2, 0, 4),
            Int("window", "zoo_window", 4, 1, 16),
            Option("rotated", "zoo_rotated", 100, ZOO_ROTATED),
        )
    ),
    # the guided lesson (pages/lesson.py): which step (a lesson has at most STEPS_MAX; the page keeps it to
    # the lesson's own); a teacher's lesson by the code that shares it (the built-in one is
    # viz/i18n/lesson.py); the teacher's class (its secret is in the teacher's cookie, never in the
    # address bar the projector shows: viz/views/classroom.py)
    "lesson": Page(
        (
            Int("step", "lesson_step", 1, 1, STEPS_MAX),
            Code("lesson", "lesson_code", None, CODE_ALPHABET, CODE_LENGTH, upper=True),
            Code("class", "class_code", None, CODE_ALPHABET, CODE_LENGTH, upper=True),
        )
    ),
    # writing a lesson (pages/write.py): its draft is the session's, not a link's
    "write": Page(()),
    # a student in a class (pages/join.py): the class's code, and the token the student joined with
    "join": Page(
        (
            Code("code", "join_code", None, CODE_ALPHABET, CODE_LENGTH, upper=True),
            Code("me", "join_me", None, KEY_CHARS, 64),
        )
    ),
}

#: The shared settings' URL names: no page may use them.
SHARED_NAMES = frozenset({"d_model", "max_len", "base", "heads", "lang", "all", "present"})


def page(path: str) -> Page:
    """The parameters of the page at URL path ``path`` (none for a page without any)."""
    return PAGES.get(path, Page(()))


@dataclass(frozen=True)
class Reading:
    """What a link asks of one page: the values to use, by Session State key, and what was refused."""

    values: dict[str, object]
    problems: list[UrlProblem]


def quote(raw: str) -> str:
    """A refused value as the page quotes it: at most :data:`QUOTE_CHARS` characters."""
    return raw if len(raw) <= QUOTE_CHARS else raw[:QUOTE_CHARS] + "…"


def read(spec: Page, query: Mapping[str, Sequence[str]]) -> Reading:
    """The values ``query`` (each URL name with every value it was given) sets on a page, and the problems.

    A refused value (wrong type, out of range, given twice, too long) leaves its control on the default.
    """
    values: dict[str, object] = {}
    problems: list[UrlProblem] = []
    for param in spec.params:
        raws = list(query.get(param.name, ()))
        if not raws:
            continue
        if len(raws) > 1:
            problems.append(
                UrlProblem(param.name, " & ".join(raws), "ui.url.rule.once", (), param.shown_default())
            )
            continue
        try:
            values[param.key] = param.parse(raws[0])
        except Refused as refused:
            problem = UrlProblem(param.name, raws[0], refused.rule, refused.values, param.shown_default())
            problems.append(problem)
    return Reading(values, problems)


def url_for(spec: Page, get: Callable[[str], object], shared: Settings) -> dict[str, str]:
    """The URL parameters of the view whose Session State value for a key is ``get(key)`` (under the
    shared settings ``shared``): each value that differs from its default and that the parameter can
    write (anything else is left out)."""
    found: dict[str, str] = {}
    for param in spec.params:
        value = get(param.key)
        if value is None or not param.accepts(value):
            continue
        default = param.default_for(shared)
        if value == default or (isinstance(value, (tuple, list)) and list(value) == default):
            continue
        found[param.name] = param.format(value)
    return found
