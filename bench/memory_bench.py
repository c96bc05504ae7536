"""Memory benchmark: a few visitors cycle one server through hundreds of distinct model settings.

Run from the repository root:

    .venv/bin/python -m bench.memory_bench [--settings 300] [--sessions 2] [--cache-mb N]
        [--out bench/results/memory.md]

Every setting a visitor can choose on the Attention and Encoder pages (d_model, heads, the model
seed, the number of layers, the sentence) keys cached models, maps and figures. One visitor who
walks through many of them would grow a server without a budget without bound; with one
shared budget for every cache (:mod:`viz.cache.budget`) the server's memory should level off. This starts
a fresh ``streamlit run app.py`` (``bench.harness.browser.StreamlitServer``), opens every page once
(first-run imports), then ``--sessions`` websocket clients (``deploy/st_client.py``, no browser) each
take their share of ``--settings`` distinct settings (seeded) one after another: a new (page, d_model,
heads) opens a new session at that link, as a visitor following a shared link would; the rest are
set through the page's widgets. The server's RSS is read from /proc after every rerun and every 0.5 s
(for the peak). Not a test: it measures, it does not assert; it exits 0 once the run itself worked.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import report
from bench.harness.browser import REPO_ROOT, StreamlitServer
from bench.load_bench import proc_status_kib, rss_or_zero
from bench.report import write_report
from deploy.serve import launched
from deploy.st_client import Session, open_session, set_slider

TARGET_MB = 1500.0  # the issue's 1.5 GB
MB = 1_000_000
SENTENCES = (
    "A dog ate the food because it was hungry",
    "The cat chased the mouse",
    "I am good",
    "the quick brown fox jumps over the lazy dog near the river bank today",
    "students read the notes before class and asked why the heads differ",
)
#: Widths and head counts that divide them (set by the link). The widest come up most often: they are
#: the models that cost the most memory (a six-layer d_model 1024 encoder holds 201 MB of weights).
WIDTHS: dict[int, tuple[int, ...]] = {1024: (16, 8, 4), 768: (12, 8), 512: (8, 16), 384: (6, 12), 256: (8, 4)}
WIDTH_WEIGHTS = (4, 3, 2, 1, 1)
#: Each page's widget keys (seed, layers) and its deepest stack, with how often it comes up.
PAGES: dict[str, tuple[str, str, int]] = {
    "encoder": ("enc_seed", "enc_layers", 6),
    "attention": ("att_seed", "att_layers", 4),
}
PAGE_WEIGHTS = (2, 1)


#: Part 3's words: sentences of 4-14 of them, English and Korean, each sentence new.
_WORD_TEXT = (
    "the a cat dog bird student teacher model head word order river bank money city night morning light "
    "reads writes sees hears finds keeps moves asks answers learns forgets follows chased ate drank "
    "quick slow red blue green old young quiet loud bright dark small large early late first last "
    "and but because when while before after near over under with without from into "
    "고양이 강아지 학생 선생님 모델 단어 순서 강 은행 돈 도시 밤 아침 빛 읽는다 쓴다 본다 듣는다 "
    "배운다 빠른 느린 빨간 파란 조용한 작은 큰 처음 마지막 그리고 하지만 왜냐하면"
)
WORDS = tuple(_WORD_TEXT.split())
#: Part 3's pages: the link a visitor opens (its fixed part, filled in per run of settings) and the
#: widgets changed at every setting besides the sentence: (key, values).
DISTINCT_PAGES: dict[str, tuple[tuple[str, ...], tuple[tuple[str, tuple[int, ...]], ...]]] = {
    "attention": (
        tuple(f"d_model={d}&heads={h}" for d in (64, 128, 256) for h in (2, 4, 8)),
        (("att_seed", (0, 1, 2, 3, 4)), ("att_layers", (1, 2, 3))),
    ),
    "encoder": (
        tuple(f"d_model={d}&heads={h}" for d in (64, 128, 256) for h in (2, 4, 8)),
        (("enc_seed", (0, 1, 2, 3, 4)), ("enc_layers", (1, 2, 3))),
    ),
    "embedding": (("d_model=64", "d_model=128", "d_model=256"), ()),
    "softmax": (("tab=ex",), ()),  # the worked example's tab, where the sentence box is
    "pretrained": (("model=smollm2&tab=one", "model=minilm&tab=one"), ()),
}
DISTINCT_WEIGHTS = (3, 2, 1, 1, 2)
TEXT_KEYS = {"attention": "att_text", "encoder": "enc_text", "embedding": "emb_text", "softmax": "sm_text"}


@dataclass(frozen=True)
class Typed:
    """One of part 3's settings: a page at a link, a new sentence, and the page's other widgets."""

    page: str
    query: str
    sentence: str
    widgets: tuple[tuple[str, int], ...] = ()

    @property
    def link(self) -> tuple[str, str]:
        return (self.page, self.query)


def typed_settings(n: int, rng: random.Random) -> list[Typed]:
    """``n`` settings, each with a sentence nobody typed before, in runs of 5-15 under one link."""
    seen: set[str] = set()
    out: list[Typed] = []
    while len(out) < n:
        page = rng.choices(list(DISTINCT_PAGES), DISTINCT_WEIGHTS)[0]
        links, knobs = DISTINCT_PAGES[page]
        query = rng.choice(links)
        for _ in range(rng.randint(5, 15)):
            sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14)))
            if sentence in seen or len(out) >= n:
                continue
            seen.add(sentence)
            out.append(
                Typed(page, query, sentence, tuple((key, rng.choice(values)) for key, values in knobs))
            )
    return out


@dataclass(frozen=True)
class Setting:
    page: str
    d_model: int
    heads: int
    seed: int
    layers: int
    sentence: str

    @property
    def link(self) -> tuple[str, int, int]:
        return (self.page, self.d_model, self.heads)


def settings(n: int, rng: random.Random) -> list[Setting]:
    """``n`` distinct settings, grouped in runs of a few under one link (a visitor moves the page's
    controls a while, then opens another link)."""
    seen: set[Setting] = set()
    out: list[Setting] = []
    while len(out) < n:
        page = rng.choices(list(PAGES), PAGE_WEIGHTS)[0]
        d_model = rng.choices(list(WIDTHS), WIDTH_WEIGHTS)[0]
        heads = rng.choice(WIDTHS[d_model])
        for _ in range(rng.randint(3, 8)):
            s = Setting(
                page,
                d_model,
                heads,
                rng.randrange(0, 50),
                rng.randint(1, PAGES[page][2]),
                rng.choice(SENTENCES),
            )
            if s not in seen and len(out) < n:
                seen.add(s)
                out.append(s)
    return out


@dataclass
class Sample:
    seconds: float  # since the visitors started
    done: int  # settings done so far (all visitors)
    rss_kib: int  # all the app's processes together
    each: tuple[int, ...] = ()  # per process, behind the balancer


@dataclass
class Target:
    """Where the visitors go: one server, or HAProxy in front of several (``pids`` in server order)."""

    url: str
    pids: list[int] = field(default_factory=list)

    def rss(self) -> tuple[int, ...]:
        return tuple(rss_or_zero(pid) for pid in self.pids)


async def _type_and_rerun(session: Session, setting: Typed, timeout: float) -> bool:
    """Part 3: type the new sentence and set the page's other widgets, as one full rerun."""
    box = session.widget_by_key(TEXT_KEYS.get(setting.page, "real_text"))
    box.kind, box.value = "string_value", setting.sentence
    for key, value in setting.widgets:
        if key.endswith("_seed"):  # a number_input: the browser sends a double
            widget = session.widget_by_key(key)
            widget.kind, widget.value = "double_value", float(value)
        else:
            set_slider(session, key, value)
    session.fragment_id = ""
    result = await asyncio.wait_for(session.rerun(timeout), timeout)
    return result.ok


async def _set_and_rerun(session: Session, setting: Setting | Typed, timeout: float) -> bool:
    if isinstance(setting, Typed):
        return await _type_and_rerun(session, setting, timeout)
    seed_key, layers_key, _ = PAGES[setting.page]
    seed = session.widget_by_key(seed_key)  # a number_input: the browser sends a double
    seed.kind, seed.value = "double_value", float(setting.seed)
    set_slider(session, layers_key, setting.layers)
    box = session.widget_by_key(f"{setting.page[:3]}_text")
    box.kind, box.value = "string_value", setting.sentence
    session.fragment_id = ""  # several widgets changed: a full rerun
    result = await asyncio.wait_for(session.rerun(timeout), timeout)
    return result.ok


async def _visitor(
    target: Target,
    mine: list[Setting] | list[Typed],
    t0: float,
    samples: list[Sample],
    errors: list[str],
    timeout: float,
) -> None:
    url = target.url
    session: Session | None = None
    link: object = None
    for setting in mine:
        try:
            if session is None or setting.link != link:
                if session is not None:
                    await session.close()
                query = (
                    setting.query
                    if isinstance(setting, Typed)
                    else f"d_model={setting.d_model}&heads={setting.heads}"
                )
                session, _ = await asyncio.wait_for(open_session(url, setting.page, query), timeout)
                link = setting.link
            assert session is not None
            if not await _set_and_rerun(session, setting, timeout):
                errors.append(f"{setting}: {session.last_exception[:200]}")
        except Exception as exc:
            errors.append(f"{setting}: {type(exc).__name__}: {exc}"[:300])
            if session is not None:
                with contextlib.suppress(Exception):
                    await session.close()
            session = None
        each = target.rss()
        samples.append(Sample(time.perf_counter() - t0, len(samples) + 1, sum(each), each))
    if session is not None:
        await session.close()


async def _peak(target: Target, peak: list[int], stop: asyncio.Event) -> None:
    """The peak of each process's RSS, sampled every 0.5 s (``peak[i]`` for process ``i``)."""
    while not stop.is_set():
        for i, now in enumerate(target.rss()):
            peak[i] = max(peak[i], now)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


def _mb(kib: float) -> float:
    return kib * 1024 / MB


@dataclass
class Part:
    """One part of the run: who did what, and the server's RSS after each setting."""

    title: str
    chosen: list[Setting] | list[Typed]
    visitors: int
    samples: list[Sample]
    errors: list[str]
    rss0: int  # before the part, all processes
    peak: int  # the highest of any one process (the sum for one server)
    wall: float
    rss0_each: tuple[int, ...] = ()


async def _part(
    target: Target,
    title: str,
    chosen: list[Setting] | list[Typed],
    visitors: int,
    timeout: float,
) -> Part:
    """The settings, each visitor taking whole runs under one link in turn, all visitors at once."""
    shares: list[list[Any]] = [[] for _ in range(visitors)]
    visitor, last = -1, None
    for s in chosen:
        if s.link != last:
            visitor, last = (visitor + 1) % visitors, s.link
        shares[visitor].append(s)
    samples: list[Sample] = []
    errors: list[str] = []
    rss0_each = target.rss()
    peak, stop = list(rss0_each), asyncio.Event()
    sampler = asyncio.create_task(_peak(target, peak, stop))
    t0 = time.perf_counter()
    await asyncio.gather(*(_visitor(target, mine, t0, samples, errors, timeout) for mine in shares))
    wall = time.perf_counter() - t0
    stop.set()
    await sampler
    return Part(title, chosen, visitors, samples, errors, sum(rss0_each), max(peak), wall, rss0_each)


async def _run(target: Target, args: argparse.Namespace) -> list[str]:
    warm = [(page, "") for page in PAGES]
    if args.distinct:  # part 3's pages, the Real models page with both its models loaded
        warm += [(page, query) for page in DISTINCT_PAGES for query in DISTINCT_PAGES[page][0][:2]]
    for _ in target.pids:  # first-run imports and torch's set-up, not measured (leastconn: each process)
        for page, query in warm:
            session, _ = await asyncio.wait_for(open_session(target.url, page, query), args.timeout)
            await session.close()
    rss0 = sum(target.rss())
    parts: list[tuple[int, Part]] = []
    if args.seeds:
        # The issue's visitor: /encoder?d_model=1024&heads=16, the model seed 1, 2, 3, ... (six layers).
        issue = [Setting("encoder", 1024, 16, seed, 6, SENTENCES[0]) for seed in range(1, args.seeds + 1)]
        parts.append((1, await _part(target, "The issue's visitor", issue, 1, args.timeout)))
    if args.settings:
        chosen = settings(args.settings, random.Random(args.seed))
        parts.append((2, await _part(target, "Many distinct settings", chosen, args.sessions, args.timeout)))
    if args.distinct:
        typed = typed_settings(args.distinct, random.Random(args.seed))
        title = "Distinct sentences and settings"
        parts.append((3, await _part(target, title, typed, args.sessions, args.timeout)))
    hwm = max(proc_status_kib(pid, "VmHWM") for pid in target.pids)
    await asyncio.sleep(2.0)
    rss_idle = target.rss()
    budget = os.environ.get("ATTENTION_LAB_CACHE_MB")
    several = len(target.pids) > 1
    lines = [
        "",
        ("Each process's cache budget: " if several else "Server cache budget: ")
        + (f"{budget} MB (ATTENTION_LAB_CACHE_MB)" if budget else "the app's default")
        + f". RSS after warm-up {_mb(rss0):,.0f} MB"
        + (f" ({len(target.pids)} processes together)." if several else "."),
    ]
    for number, part in parts:
        lines += _report(number, part)
    peak = max(hwm, *(part.peak for _, part in parts))
    lines += [
        "",
        f"Over the whole run: peak RSS (sampled every 0.5 s, and VmHWM) {_mb(peak):,.0f} MB"
        + (" (the largest process)" if several else "")
        + f"; 2 s after the last setting {' + '.join(f'{_mb(k):,.0f}' for k in rss_idle)} MB.",
        f"Target: {'each process' if several else 'server memory'} <= 1.5 GB: peak {_mb(peak) / 1000:.2f} GB "
        f"({'met' if _mb(peak) <= TARGET_MB else 'NOT met'}).",
    ]
    return lines


def _report(number: int, part: Part) -> list[str]:
    samples = part.samples
    n = len(samples)
    # Every setting when there are few; else about every tenth, and the first ones.
    every_tenth = {min(n, max(1, round(n * k / 10))) for k in range(1, 11)} | {1, min(n, 5), min(n, 10)}
    rows = list(range(1, n + 1)) if n <= 20 else sorted(every_tenth)
    by_done = {s.done: s for s in samples}
    first_half = [s.rss_kib for s in samples[: n // 2]] or [part.rss0]
    second_half = [s.rss_kib for s in samples[n // 2 :]] or [part.rss0]
    links = len({s.link for s in part.chosen})
    each = len(part.rss0_each)
    heads = "".join(f" app{i + 1} (MB) |" for i in range(each)) if each > 1 else ""

    def cells(sample: tuple[int, ...]) -> str:
        return "".join(f" {_mb(k):,.0f} |" for k in sample) if each > 1 else ""

    lines = [
        "",
        f"## {number}. {part.title}",
        "",
        f"{n} settings ({links} distinct link(s)) by {part.visitors} visitor(s) in {part.wall:.0f} s; "
        f"{len(part.errors)} error(s).",
        "",
        f"| settings done | seconds | server RSS (MB) |{heads}",
        "| ---: | ---: | ---: |" + " ---: |" * (each if each > 1 else 0),
        f"| 0 | 0 | {_mb(part.rss0):,.0f} |{cells(part.rss0_each)}",
        *(
            f"| {d} | {by_done[d].seconds:.0f} | {_mb(by_done[d].rss_kib):,.0f} |{cells(by_done[d].each)}"
            for d in rows
            if d in by_done
        ),
        "",
        f"Highest RSS after a setting of the first half {_mb(max(first_half)):,.0f} MB, of the second half "
        f"{_mb(max(second_half)):,.0f} MB"
        + (" (all processes together)" if each > 1 else "")
        + f"; peak (sampled every 0.5 s) {_mb(part.peak):,.0f} MB"
        + (" (the largest process)." if each > 1 else "."),
        *(_levels(part) if each > 1 else []),
    ]
    if part.errors:
        lines += ["", "First errors: " + "; ".join(f"`{e}`" for e in part.errors[:3])]
    return lines


def _levels(part: Part) -> list[str]:
    """Each process's highest RSS in each tenth of the part: levelling off shows as equal late tenths."""
    n = len(part.samples)
    tenths = [part.samples[n * k // 10 : n * (k + 1) // 10] for k in range(10)]
    rows = [
        f"| app{i + 1} | "
        + " | ".join(f"{_mb(max((s.each[i] for s in tenth), default=0)):,.0f}" for tenth in tenths)
        + " |"
        for i in range(len(part.rss0_each))
    ]
    return [
        "",
        "Each process's highest RSS (MB) in each tenth of the settings:",
        "",
        "| process | " + " | ".join(f"{k + 1}/10" for k in range(10)) + " |",
        "| --- |" + " ---: |" * 10,
        *rows,
    ]


def _header(args: argparse.Namespace, argv: list[str]) -> list[str]:
    where = (
        f"{args.processes} app processes behind HAProxy (deploy.serve; the visitors connect to HAProxy, "
        "which spreads them by fewest connections and keeps each on its process)"
        if args.processes
        else "one fresh server"
    )
    return [
        "# Memory benchmark: many distinct settings"
        + (f", {args.processes} processes behind HAProxy" if args.processes else " on one server"),
        "",
        report.measured_line("bench.memory_bench", argv, REPO_ROOT),
        "",
        f"Up to three parts on {where}. 1: a visitor walking through models, one websocket client "
        "(deploy/st_client.py) at /encoder?d_model=1024&heads=16 setting the model seed to 1, 2, 3, ... "
        "(six layers: 201 MB of weights each). 2: visitors "
        "open the Attention or Encoder page at a link "
        f"(d_model in {sorted(WIDTHS)}, with a head count that divides it), then set the model seed "
        "(0-49), the number of layers and the sentence, a few settings per link, every setting "
        f"distinct (seed {args.seed}). Each builds its own model, maps and figures. 3: visitors open "
        "the Attention, Encoder, Embedding, Softmax (worked example) or Real models page at a link "
        "(small models: d_model 64-256, 2-8 heads; either real model), then type a sentence nobody typed "
        "before (4-14 words, English and Korean) and, on the model pages, set the seed (0-4) and the "
        "layers (1-3), 5-15 settings per link: each setting makes new maps and figures (and on the Real "
        "models page a new forward pass), and the small models come back. RSS from /proc/PID/status "
        "after every setting. MB = 10^6 bytes.",
    ]


async def _main(args: argparse.Namespace, argv: list[str]) -> list[str]:
    env = dict(os.environ)
    if args.cache_mb is not None:
        env["ATTENTION_LAB_CACHE_MB"] = str(args.cache_mb)
        os.environ["ATTENTION_LAB_CACHE_MB"] = str(args.cache_mb)  # for the report's line and deploy.serve
    if args.processes:
        with tempfile.TemporaryDirectory() as work, launched(args.processes, Path(work)) as deployment:
            return _header(args, argv) + await _run(Target(deployment.url, deployment.pids), args)
    with StreamlitServer(cwd=args.app_dir, env=env) as server:
        return _header(args, argv) + await _run(Target(server.url, [server.pid]), args)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=12, help="seeds the issue's visitor sets (part 1)")
    parser.add_argument("--settings", type=int, default=300, help="distinct settings of part 2 (0: none)")
    parser.add_argument(
        "--distinct", type=int, default=0, help="part 3: settings, each with a new sentence (0: none)"
    )
    parser.add_argument("--sessions", type=int, default=2)
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N app processes behind HAProxy (deploy.serve); 0: one server",
    )
    parser.add_argument("--cache-mb", type=int, default=None, help="ATTENTION_LAB_CACHE_MB for the server")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per rerun")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--app-dir", type=Path, default=REPO_ROOT, help="the checkout whose app.py to run")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "memory.md")
    args = parser.parse_args(argv)
    try:
        lines = asyncio.run(_main(args, argv))
    except Exception as exc:
        print(f"memory benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
