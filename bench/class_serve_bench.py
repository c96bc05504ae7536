"""A class answering through the app, behind HAProxy, on each store back end: how long an answer takes to
reach the projector's count, and whether any answer is lost when a server process is killed mid-step (and,
on Redis, when the store itself is killed and started again).

Run from the repository root (HAProxy and Redis from Debian: `make haproxy redis`):

    .venv/bin/python -m bench.class_serve_bench [--students 120] [--processes 3] [--seconds 30]

For each back end, `python -m deploy.serve` runs ``--processes`` app processes behind HAProxy (as `make
serve N=3` does) on one store. A class is opened at the built-in lesson's step 3 and ``--students`` join.
``--phones`` of the students are Chromium pages at a phone's size (390 x 844) that tap their choice; each
other student is a websocket client (deploy/st_client.py) that opens the join page by its phone's link
(``/join?code=...&me=...``), asks for the teacher's step every two seconds as the phone's page does,
and at a random moment of ``--seconds`` picks a choice, as a tap on the radio does (the page's fragment
reruns, its callback writes the answer to the store). An answer is acknowledged when the page says it was
sent (the join.sent message, drawn only after the store took it; a refusal the page shows is an error).
A student whose connection breaks (its process was killed) opens the page again from its link, as a
phone's page reconnects, and answers again if its answer was not acknowledged. Half-way through, app1 is
killed (SIGKILL; serve starts it again); on Redis, two-thirds of the way, Redis is killed and started
again on its append-only file. The projector is not a teacher's page: this process reads the step's
counts from the store every ``--poll`` seconds, as the lesson page's count fragment does; an answer's
delay runs from the moment its tap was sent to the first poll that counts it (the k-th answer sent is
counted once the total reaches k). At the end every acknowledged answer must be in the store as that
student's choice (the teacher's export, Store.answers): ``lost`` counts those that are not.

Not a test: times depend on the machine and on what else runs (the load average is recorded).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from bench.harness.browser import CHROMIUM_ARGS, CHROMIUM_PATH
from bench.report import measured_line, write_report
from deploy.redis_server import RedisServer
from deploy.serve import Launched, launched
from deploy.st_client import Session, open_session, summary
from viz.classroom import backends
from viz.classroom.store import STORE_ENV, Store
from viz.i18n import t
from viz.state import lesson
from viz.views.classroom import LETTERS

STEP = 3
POLL_S = 2.0  # viz.views.join.POLL_SECONDS
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "results" / "class_serve.md"


@dataclass
class Run:
    sent: list[float] = field(default_factory=list)  # when each acknowledged answer's tap was sent
    acknowledged: dict[str, int] = field(default_factory=dict)  # token -> choice, the rerun came back
    reconnects: int = 0
    errors: list[str] = field(default_factory=list)
    polls: list[tuple[float, int]] = field(default_factory=list)  # (time, total counted)
    notes: list[str] = field(default_factory=list)
    polled: list[float] = field(default_factory=list)  # each waiting phone's poll: its rerun's seconds


async def _open(url: str, query: str, deadline: float) -> Session | None:
    """The join page from the phone's link, again and again until it works (a reconnecting page)."""
    loop = asyncio.get_running_loop()
    while loop.time() < deadline:
        try:
            session, first = await asyncio.wait_for(open_session(url, "join", query), 30)
            if first.ok:
                return session
            await session.close()
        except Exception:  # the balancer, the process or the store is not back yet
            pass
        await asyncio.sleep(0.5)
    return None


async def _student(
    url: str, code: str, token: str, i: int, run: Run, args: argparse.Namespace, t0: float
) -> None:
    loop = asyncio.get_running_loop()
    rng = random.Random(i)
    step = lesson.STEPS[STEP - 1]
    choice = rng.randrange(len(step.choices))
    label = f"{LETTERS[choice]}. {step.choice(choice, 'en')}"
    query = f"code={code}&me={token}"
    session = await _open(url, query, t0 + args.seconds + 60)
    answer_at = t0 + rng.uniform(0, args.seconds)
    # until the tap, the phone's page asks for the teacher's step every two seconds (its fragment's
    # run_every, which a browser drives): the load a waiting class puts on the servers
    await asyncio.sleep(rng.uniform(0, POLL_S))
    while session is not None and loop.time() + POLL_S < answer_at:
        with contextlib.suppress(Exception):  # a broken poll is mended by the answer's reconnect
            session.fragment_id = session.widget_by_key(f"join_pick_{code}_{STEP}").fragment
            polled = await asyncio.wait_for(session.rerun(30), 30)
            run.polled.append(polled.seconds)
        await asyncio.sleep(POLL_S)
    await asyncio.sleep(max(0.0, answer_at - loop.time()))
    while session is not None and token not in run.acknowledged and loop.time() < t0 + args.seconds + 60:
        sent = loop.time()
        try:
            radio = session.widget_by_key(f"join_pick_{code}_{STEP}")
            radio.value = label  # a radio sends its chosen option as the page formats it
            session.fragment_id = radio.fragment
            result = await asyncio.wait_for(session.rerun(30), 30)
            if not result.ok:
                raise RuntimeError(f"rerun: exception={result.exception} status={result.status}")
            if t("join.sent", "en", letter=LETTERS[choice]) not in session.said:
                raise RuntimeError(f"not sent: {session.said}")  # a refusal, or the store out of reach
            run.acknowledged[token] = choice
            run.sent.append(sent - t0)
        except Exception as exc:
            run.errors.append(f"{type(exc).__name__}: {str(exc)[:80]}")
            with contextlib.suppress(Exception):
                await session.close()
            run.reconnects += 1
            session = await _open(url, query, loop.time() + 60)
    if session is not None:
        with contextlib.suppress(Exception):
            await session.close()


async def _phone(
    browser: Any, url: str, code: str, token: str, i: int, run: Run, args: argparse.Namespace, t0: float
) -> None:
    """A student in Chromium at a phone's size (390 x 844): the page polls by itself; the tap is a click
    on the choice, acknowledged once the page says it was sent. A page whose process died reconnects by
    itself; a click it lost is made again."""
    loop = asyncio.get_running_loop()
    rng = random.Random(i)
    step = lesson.STEPS[STEP - 1]
    choice = rng.randrange(len(step.choices))
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = await context.new_page()
    page.set_default_timeout(20_000)
    sent_text = t("join.sent", "en", letter=LETTERS[choice]).replace("**", "")
    try:
        await page.goto(f"{url}/join?code={code}&me={token}")
        await asyncio.sleep(max(0.0, t0 + rng.uniform(0, args.seconds) - loop.time()))
        while token not in run.acknowledged and loop.time() < t0 + args.seconds + 60:
            sent = loop.time()
            try:
                await page.locator('[data-testid="stRadio"] [role="radiogroup"] label').nth(choice).click()
                await page.get_by_text(sent_text).wait_for()
                run.acknowledged[token] = choice
                run.sent.append(sent - t0)
            except Exception as exc:
                run.errors.append(f"phone: {type(exc).__name__}")
                run.reconnects += 1
                await asyncio.sleep(1.0)
    finally:
        await context.close()


async def _projector(
    store: Store, code: str, run: Run, args: argparse.Namespace, t0: float, stop: asyncio.Event
) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        with contextlib.suppress(Exception):  # the store restarting: the next poll counts
            total = sum((await asyncio.to_thread(store.counts, code, STEP)).values())
            run.polls.append((loop.time() - t0, total))
        await asyncio.sleep(args.poll)


async def _faults(
    deployment: Launched, redis: RedisServer | None, run: Run, args: argparse.Namespace
) -> None:
    await asyncio.sleep(args.seconds / 2)
    os.kill(deployment.pids[0], signal.SIGKILL)
    run.notes.append(f"app1 killed at {args.seconds / 2:.0f} s")
    if redis is not None:
        await asyncio.sleep(args.seconds / 6)
        await asyncio.to_thread(redis.kill_and_restart)
        run.notes.append(f"Redis killed and started again at {args.seconds * 2 / 3:.0f} s")


def _delays(run: Run) -> list[float]:
    """Each answer's wait: the k-th tap sent to the first poll whose total reaches k."""
    found = []
    for k, sent in enumerate(sorted(run.sent), start=1):
        seen = next((t for t, total in run.polls if total >= k and t >= sent), None)
        if seen is not None:
            found.append(seen - sent)
    return found


async def _class(kind: str, args: argparse.Namespace, work: Path) -> tuple[Run, int, int]:
    """One class on the store ``kind``: the run, the answers in the store, and how many acknowledged
    answers are not among them as their student's choice."""
    redis = RedisServer(work / "redis") if kind == "redis" else None
    if redis is not None:
        redis.start()
    os.environ[STORE_ENV] = redis.url if redis else f"sqlite:///{work / 'classroom.db'}"
    try:
        store = backends.open_store()
        (work / "serve").mkdir()
        with launched(args.processes, work / "serve", restart_delay=2.0) as deployment:
            keys = store.open_class(lesson.BUILTIN_NAME)
            store.move(keys.code, keys.secret, STEP)
            tokens = [store.join(keys.code, f"student {i}") for i in range(args.students)]
            run = Run()
            loop = asyncio.get_running_loop()
            t0 = loop.time()
            stop = asyncio.Event()
            projector = asyncio.create_task(_projector(store, keys.code, run, args, t0, stop))
            faults = asyncio.create_task(_faults(deployment, redis, run, args))
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=CHROMIUM_PATH, headless=True, args=list(CHROMIUM_ARGS)
                )
                phones = [
                    _phone(browser, deployment.url, keys.code, tok, i, run, args, t0)
                    for i, tok in enumerate(tokens[: args.phones])
                ]
                clients = [
                    _student(deployment.url, keys.code, tok, i, run, args, t0)
                    for i, tok in enumerate(tokens)
                    if i >= args.phones
                ]
                await asyncio.gather(*phones, *clients)
                await browser.close()
            await faults
            await asyncio.sleep(2 * args.poll)
            stop.set()
            await projector
            kept = {(a.nickname, a.choice) for a in store.answers(keys.code, keys.secret) if a.step == STEP}
            names = {token: f"student {i}" for i, token in enumerate(tokens)}
            lost = sum((names[token], choice) not in kept for token, choice in run.acknowledged.items())
            return run, len(kept), lost
    finally:
        if redis is not None:
            redis.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=120)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--poll", type=float, default=0.5)
    parser.add_argument("--phones", type=int, default=2, help="of the students, how many are Chromium phones")
    parser.add_argument("--stores", default="sqlite,redis")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = []
    for kind in args.stores.split(","):
        with tempfile.TemporaryDirectory(prefix="class-serve-") as work:
            run, counted, lost = asyncio.run(_class(kind, args, Path(work)))
        median, p95 = summary(_delays(run))
        poll_p95 = summary(run.polled)[1]
        rows.append(
            f"| {kind} | {args.students} | {len(run.acknowledged)} | {counted} | {lost} | "
            f"{median:.2f} s | {p95:.2f} s | {len(run.polled)}, p95 {poll_p95:.2f} s | {run.reconnects} | "
            f"{'; '.join(run.notes)} |"
        )
        print(rows[-1], flush=True)
        if run.errors:
            print(f"  {len(run.errors)} broken reruns, e.g. {run.errors[:3]}", flush=True)
    report = [
        "# A class answering behind HAProxy (bench/class_serve_bench.py)",
        "",
        measured_line("bench.class_serve_bench", list(argv if argv is not None else sys.argv[1:]), ROOT),
        "",
        f"{args.processes} app processes behind HAProxy; {args.students} students ({args.phones} of them "
        f"Chromium phones at 390 × 844, the rest websocket clients) answer at random moments of "
        f"{args.seconds:.0f} s; the projector polls every {args.poll} s.",
        "",
        "| store | students | answers acknowledged | answers in the store | lost | answer → count, median "
        "| p95 | phones' polls (every 2 s), their rerun's p95 | reconnects | faults |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *rows,
    ]
    return write_report("\n".join(report) + "\n", args.out)


if __name__ == "__main__":
    raise SystemExit(main())
