"""The tools that test a head (the Real models page's lens, ablation and patching tabs): what each costs,
and what ten visitors asking for grids at once do to a class on the same server.

    .venv/bin/python -m bench.intervene_bench [--class-sessions 30] [--seconds 60] [--grids 10]
        [--out bench/results/intervene.md]

1. In this process, with PyTorch on one thread as the app runs it (importing viz.model.encoder pins
   it): the lens tab's first view (the page's run of the text, the plain run, and the lens on the
   positions the tab reads), one ablation, the ablation grid (270 changed runs)
   and both patching grids, on the France example (5 tokens) and on 8- and 16-token texts; median of
   three, after a warm-up.
2. The floor: ``bench/minimal_app.py`` on a server of its own, one session moving its slider 20 times:
   the median rerun, the yardstick every time above is divided by.
3. A class on one ``streamlit run app.py``: ``--class-sessions`` sessions spread over the Attention,
   Softmax and Positional encoding pages, each moving its slider every ~3 s (bench.load_bench's cycles),
   for ``--seconds``: alone; while ``--grids`` more sessions open the ablation tab on texts whose grids
   were computed before; and while they open it on texts of their own and press Compute (each a grid
   nobody computed yet). The class's median and p95 rerun in each, the p95 split into the reruns sent
   while the grid sessions' pages opened and those sent after (the worker computing), and when each grid
   session had its grid.

Not a test: timings depend on the machine and what else runs on it (the load average is recorded).
Needs SmolLM2's files (``python -m viz.pretrained``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import load_bench
from bench.harness.browser import REPO_ROOT, StreamlitServer
from bench.report import write_report
from deploy.st_client import open_session, set_slider, summary

#: Texts of 8 and 16 tokens for the in-process timings (their corrupted twins change one word).
TEXTS = {
    5: ("The capital of France is", "The capital of Italy is"),
    8: ("When Mary and John went to the store", "When Mary and Alice went to the store"),
    16: (
        "The old man walked slowly to the river and sat down on the bench near the",
        "The old man walked slowly to the river and sat down on the chair near the",
    ),
}
#: The grid sessions' texts: each country's capital, a grid nobody asked for before.
COUNTRIES = ("Spain", "Germany", "Japan", "Egypt", "Canada", "Brazil", "Kenya", "Peru", "Chile", "Norway")
CLASS_PAGES = ("attention", "softmax", "positional_encoding")


def _median(fn: Callable[[], object], repeat: int = 3) -> float:
    fn()  # warm-up: caches of the model's weights and PyTorch's own
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def in_process() -> list[tuple[str, int, float]]:
    import viz.model.encoder  # noqa: F401  (pins PyTorch to one thread, as the app runs)
    from viz import pretrained

    model = pretrained.load("smollm2").model
    rows = []
    for n, (clean_text, corrupt_text) in TEXTS.items():
        ids = pretrained.tokenize("smollm2", clean_text).ids
        other = pretrained.tokenize("smollm2", corrupt_text).ids
        assert len(ids) == len(other) == n, (clean_text, len(ids), len(other))
        rows += [(name, n, seconds) for name, seconds in _times(model, ids, other)]
    return rows


def _times(m: Any, ids: tuple[int, ...], other: tuple[int, ...]) -> list[tuple[str, float]]:
    from viz.pretrained import intervene, llama
    from viz.views.intervene import LENS_K, LENS_POSITIONS, lens_start

    clean, corrupt = intervene.trace(m, ids), intervene.trace(m, other)
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    read = min(len(ids), LENS_POSITIONS)

    def lens_tab() -> object:  # the page's run of the text (every head's map), the plain run, the lens
        llama.run(m, list(ids))
        return intervene.lens(m, intervene.trace(m, ids), LENS_K, lens_start(len(ids)))

    tools: dict[str, Callable[[], object]] = {
        f"lens tab's first view (the page's run, the plain run, {read} positions read)": lens_tab,
        "one ablation (a head)": lambda: intervene.ablate(m, clean, [(23, 4)], "zero"),
        "ablation grid (270 runs)": lambda: intervene.ablation_grid(m, clean, good, "zero"),
        f"patching grid, stream ({30 * len(ids)} runs)": lambda: intervene.patch_grid(
            m,
            clean,
            corrupt,
            good,
            bad,
            "resid",
        ),
        "patching grid, heads (270 runs)": lambda: intervene.patch_grid(
            m,
            clean,
            corrupt,
            good,
            bad,
            "heads",
        ),
    }
    return [(name, _median(fn)) for name, fn in tools.items()]


def toy_training() -> float:
    """The Attention page's induction tab at its defaults: seconds to train the two-layer model (800 steps;
    the issue asks for the bump and a prefix-matching head within a minute)."""
    import viz.model.encoder  # noqa: F401  (one PyTorch thread, as the app runs)
    from viz.model import induction

    run = induction.train(induction.InductionConfig())
    return run.seconds


async def floor_rerun(moves: int = 20) -> float:
    with StreamlitServer("bench/minimal_app.py") as server:
        session, _ = await open_session(server.url)
        times = []
        for i in range(moves):
            set_slider(session, "d_model", 20 + i % 10)
            times.append((await session.rerun(30.0)).seconds)
        await session.close()
    return statistics.median(times)


@dataclass
class ClassRun:
    seconds: list[float]  # each class rerun's time
    started: list[float]  # when it was sent (perf_counter)
    errors: int
    grid_times: list[float]  # each grid session's time from opening its page to its grid
    began: list[float]  # when each grid session began opening its page (perf_counter)
    opened: list[float]  # when each grid session's page had opened (perf_counter)

    def p95_while(self, lo: float, hi: float) -> tuple[int, float]:
        """How many class reruns were sent in [lo, hi), and their p95."""
        picked = [s for s, t in zip(self.seconds, self.started, strict=True) if lo <= t < hi]
        return len(picked), summary(picked)[1] if picked else float("nan")


async def _class(url: str, args: argparse.Namespace, grids: int) -> ClassRun:
    """The class's rerun times and errors, and each grid session's time to its grid."""
    stats = load_bench.PageStats()
    opts = argparse.Namespace(interval=3.0, timeout=120.0, seconds=args.seconds, all_sections=False)
    pages = [CLASS_PAGES[i % len(CLASS_PAGES)] for i in range(args.class_sessions)]
    rngs = [random.Random(1000 + i) for i in range(len(pages))]
    sessions = await asyncio.gather(
        *(load_bench._open(url, page, stats, opts, rng) for page, rng in zip(pages, rngs, strict=True))
    )
    grid_times: list[float] = []
    began: list[float] = []
    opened: list[float] = []

    async def grid(i: int) -> None:
        await asyncio.sleep(2.0 + 0.2 * i)  # the class is moving sliders by then
        t0 = time.perf_counter()
        began.append(t0)
        session, first = await asyncio.wait_for(open_session(url, "pretrained", _grid_query(i)), 600.0)
        opened.append(time.perf_counter())
        pressed = await _press_for_grid(session, first)
        grid_times.append(time.perf_counter() - t0)
        if not first.ok or not pressed.ok:
            stats.error(f"grid {i}: {first.exception or pressed.exception}")
        await session.close()

    await asyncio.gather(
        *(
            load_bench._drive(s, url, page, stats, opts, i, rng)
            for i, (s, page, rng) in enumerate(zip(sessions, pages, rngs, strict=True))
        ),
        *(grid(i) for i in range(grids)),
    )
    for note in stats.notes:
        print("error:", note, file=sys.stderr)
    return ClassRun(stats.seconds, stats.started, stats.errors, grid_times, began, opened)


async def _open_grids(url: str, grids: int) -> None:
    """Each grid session's link opened once, one after another: its text's run and grid computed."""
    for i in range(grids):
        session, first = await open_session(url, "pretrained", _grid_query(i))
        await _press_for_grid(session, first)
        await session.close()


async def _press_for_grid(session: Any, first: Any) -> Any:
    """Press the ablation tab's "Compute the grid" (the grid waits for it), as a visitor would; a grid
    computed before is drawn without the button (``first`` is the page as it opened)."""
    try:
        button = session.widget_by_key("iv_go_ablation")
    except KeyError:
        return first
    button.value = True
    try:
        return await session.rerun(600.0)
    finally:
        button.value = None


def _grid_query(i: int) -> str:
    return f"model=smollm2&tab=ablate&text=The capital of {COUNTRIES[i % len(COUNTRIES)]} is"


async def class_beside_grids(args: argparse.Namespace) -> list[str]:
    """Three runs on fresh servers: the class alone; beside grid sessions whose pages (their texts' runs
    and grids) were computed before the class began, which isolates what opening the tab costs; and
    beside grid sessions that compute their grids now."""
    lines = []
    for grids, cached in ((0, False), (args.grids, True), (args.grids, False)):
        with StreamlitServer() as server:
            # warm: every class page once, and SmolLM2 loaded with its first run
            for page in CLASS_PAGES:
                session, _ = await open_session(server.url, page)
                await session.close()
            session, _ = await open_session(server.url, "pretrained", "model=smollm2&tab=lens")
            await session.close()
            if cached:
                await _open_grids(server.url, grids)
            run = await _class(server.url, args, grids)
        med, p95 = summary(run.seconds)
        when = f"ready after {', '.join(f'{g:.0f}' for g in sorted(run.grid_times))} s" if grids else "-"
        kind = "-" if not grids else ("opened, grids computed before" if cached else "grids computed now")
        # the class's reruns while the grid sessions' pages opened (their texts' runs, in the server), and
        # after, while only the worker computed
        phases = "- | -"
        if run.opened:
            n1, p1 = run.p95_while(min(run.began), max(run.opened))
            n2, p2 = run.p95_while(max(run.opened), float("inf"))
            phases = f"{p1:.2f} ({n1}) | {p2:.2f} ({n2})"
        lines.append(
            f"| {grids} | {kind} | {len(run.seconds)} | {med:.2f} | {p95:.2f} | {phases} | {run.errors} "
            f"| {when} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--class-sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--grids", type=int, default=10)
    parser.add_argument("--no-timings", action="store_true", help="only the class beside the grids")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "intervene.md")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    rows = [] if args.no_timings else in_process()
    toy = None if args.no_timings else toy_training()
    floor = asyncio.run(floor_rerun())
    classes = asyncio.run(class_beside_grids(args))
    lines = [
        "# The tools that test a head: their cost, and a class beside ten grids",
        "",
        f"`python -m bench.intervene_bench {' '.join(argv if argv is not None else sys.argv[1:])}`"
        f"; load average at the start {load:.2f}. The floor (bench/minimal_app.py, one session, median of 20 "
        f"slider moves): {floor:.3f} s.",
        "",
        "| tool (SmolLM2, PyTorch on one thread) | tokens | seconds | × the floor's rerun |",
        "| --- | ---: | ---: | ---: |",
        *(f"| {name} | {n} | {sec:.2f} | {sec / floor:.1f} |" for name, n, sec in rows),
        *(
            [
                f"| the induction tab's toy model, 800 steps (Attention page) | 25 | {toy:.1f} "
                f"| {toy / floor:.0f} |"
            ]
            if toy
            else []
        ),
        "",
        f"A class of {args.class_sessions} sessions (Attention, Softmax, Positional encoding; a slider every "
        f"~3 s) for {args.seconds:.0f} s on one server, alone and beside grid sessions (each opens the "
        "ablation tab on a text of its own and presses its Compute button: 270 changed runs, computed by "
        "the server's low-priority worker "
        "process, one at a time):",
        "",
        "| grid sessions | their grids | class reruns | median (s) | p95 (s) | p95 while the grid pages "
        "open (reruns) | p95 after (reruns) | errors | grid pages |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
        *classes,
    ]
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    raise SystemExit(main())
