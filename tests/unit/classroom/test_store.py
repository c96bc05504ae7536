"""The class store (viz.classroom.store), on every back end: a class opened, joined and answered; the
teacher's secret is the only way to move or reveal; a student answers once per step, in their own class,
only the current step and only until the reveal; bounds and expiry; several processes share one store, and
an answer committed survives the process that took it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.redis_server import RedisServer
from viz.classroom import backends
from viz.classroom import store as S

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One Redis server for the module (append-only file fsynced on every write); skipped where Debian's
    redis-server is missing, except under CI (`make test` installs it)."""
    try:
        server = RedisServer(tmp_path_factory.mktemp("redis"))
    except FileNotFoundError:
        if os.environ.get("CI"):
            raise
        pytest.skip("redis-server is not installed (make redis)")
    with server:
        yield server


@pytest.fixture(params=["sqlite", "redis"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's address for each back end: a fresh SQLite file, or the module's Redis emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.db'}"
    server: RedisServer = request.getfixturevalue("redis_server")
    server.flush()
    return server.url


@pytest.fixture
def store(url: str) -> Iterator[S.Store]:
    kept = backends.open_store(url)
    yield kept
    kept.close()


def refused(kind: str) -> pytest.RaisesExc[S.StoreError]:
    return pytest.raises(S.StoreError, match=f"^{kind}")


def test_a_class_is_opened_joined_answered_and_counted(store: S.Store) -> None:
    keys = store.open_class("builtin")
    assert len(keys.code) == S.CODE_LENGTH and set(keys.code) <= set(S.CODE_ALPHABET)
    students = [store.join(keys.code, f"s{i}") for i in range(5)]
    assert len(set(students)) == 5
    for student, choice in zip(students, [0, 1, 1, 2, 1], strict=True):
        store.answer(keys.code, student, 0, choice)
    assert store.counts(keys.code, 0) == {0: 1, 1: 3, 2: 1}
    state = store.state(keys.code)
    assert (state.step, state.revealed, state.students, state.lesson) == (0, False, 5, "builtin")


def test_an_answer_may_change_until_the_reveal_and_counts_once(store: S.Store) -> None:
    keys = store.open_class("builtin")
    me = store.join(keys.code)
    store.answer(keys.code, me, 0, 1)
    store.answer(keys.code, me, 0, 3)  # changed my mind
    assert store.counts(keys.code, 0) == {3: 1}
    store.reveal(keys.code, keys.secret)
    assert store.state(keys.code).revealed
    with refused("revealed"):
        store.answer(keys.code, me, 0, 2)
    assert store.counts(keys.code, 0) == {3: 1}
    store.move(keys.code, keys.secret, 1)  # the next step opens, hidden again
    state = store.state(keys.code)
    assert (state.step, state.revealed) == (1, False)
    with refused("not-now"):
        store.answer(keys.code, me, 0, 2)  # the earlier step is closed
    store.answer(keys.code, me, 1, 0)
    assert store.counts(keys.code, 1) == {0: 1} and store.counts(keys.code, 0) == {3: 1}
    store.move(keys.code, keys.secret, 0)  # back to a revealed step: still revealed, answers closed
    assert store.state(keys.code).revealed
    with refused("revealed"):
        store.answer(keys.code, me, 0, 1)
    assert store.counts(keys.code, 0) == {3: 1}


def test_students_who_open_the_view_are_counted_once_each(store: S.Store) -> None:
    keys, other = store.open_class("builtin"), store.open_class("builtin")
    store.move(keys.code, keys.secret, 2)
    me, you, stranger = store.join(keys.code), store.join(keys.code), store.join(other.code)
    store.reveal(keys.code, keys.secret)  # after the reveal, as the phones offer it
    for student in (me, me, you):  # twice by one student counts once
        store.explore(keys.code, student, 2)
    assert store.explored(keys.code, 2) == 2 and store.explored(keys.code, 1) == 0
    with refused("bad-student"):
        store.explore(keys.code, stranger, 2)  # another class's token
    with refused("not-now"):
        store.explore(keys.code, me, 1)  # a step the class is not at
    assert store.explored(keys.code, 2) == 2


def test_a_teacher_resumes_with_the_secret_and_ends_the_class(store: S.Store) -> None:
    keys = store.open_class("builtin")
    me = store.join(keys.code)
    store.check(keys.code, keys.secret)  # a teacher's new session resumes
    with refused("forbidden"):
        store.check(keys.code, "junk")
    with refused("forbidden"):
        store.end(keys.code, "junk")
    store.end(keys.code, keys.secret)
    for call in (
        lambda: store.state(keys.code),
        lambda: store.join(keys.code),
        lambda: store.answer(keys.code, me, 0, 1),
        lambda: store.check(keys.code, keys.secret),
    ):
        with refused("expired"):
            call()


def test_only_the_teachers_secret_moves_or_reveals_and_exports(store: S.Store) -> None:
    keys = store.open_class("builtin")
    other = store.open_class("builtin")
    student = store.join(keys.code)
    for forged in ("", "x" * 32, other.secret, student):  # nothing, a guess, another class's, a student's
        with refused("forbidden"):
            store.move(keys.code, forged, 3)
        with refused("forbidden"):
            store.reveal(keys.code, forged)
        with refused("forbidden"):
            store.answers(keys.code, forged)
        with refused("forbidden"):
            store.check(keys.code, forged)
        with refused("forbidden"):
            store.end(keys.code, forged)
    state = store.state(keys.code)
    assert (state.step, state.revealed) == (0, False)
    with refused("no-class"):
        store.move("NOSUCH", keys.secret, 1)


def test_a_student_answers_only_in_their_own_class_with_a_choice_in_range(store: S.Store) -> None:
    keys, other = store.open_class("builtin"), store.open_class("builtin")
    mine, theirs = store.join(keys.code), store.join(other.code)
    with refused("bad-student"):
        store.answer(keys.code, theirs, 0, 1)  # a token of another class
    with refused("bad-student"):
        store.answer(keys.code, "made-up", 0, 1)  # a second answer under an id nobody was given
    with refused("not-now"):
        store.answer(keys.code, mine, 5, 1)
    for choice in (-1, S.CHOICES_MAX):
        with refused("bad-choice"):
            store.answer(keys.code, mine, 0, choice)
    assert store.counts(keys.code, 0) == {}
    with refused("no-class"):
        store.join("NOSUCH")


def test_nicknames_are_bounded_and_plain_and_the_export_holds_nothing_else(store: S.Store) -> None:
    keys = store.open_class("builtin")
    long = store.join(keys.code, "  " + "가" * 100 + "  ")
    markup = store.join(keys.code, "<b>hi</b>\x00\u202e\n")
    store.answer(keys.code, long, 0, 1)
    store.answer(keys.code, markup, 0, 2)
    rows = store.answers(keys.code, keys.secret)
    assert rows == sorted(
        [S.Answer(0, "가" * S.NICKNAME_MAX, 1), S.Answer(0, "<b>hi</b>", 2)], key=lambda a: a.nickname
    )
    assert S.clean_nickname("e\u0301") == "\u00e9"  # one form of each letter (NFC)


def test_classes_expire_and_a_full_class_says_so(store: S.Store, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = store.open_class("builtin", now=1000.0)
    me = store.join(keys.code, now=1001.0)
    later = 1000.0 + S.CLASS_SECONDS
    for call in (
        lambda: store.state(keys.code, now=later),
        lambda: store.join(keys.code, now=later),
        lambda: store.answer(keys.code, me, 0, 1, now=later),
        lambda: store.move(keys.code, keys.secret, 1, now=later),
    ):
        with refused("expired"):
            call()
    monkeypatch.setattr(S, "STUDENTS_MAX", 3)
    small = store.open_class("builtin")
    for _ in range(3):
        store.join(small.code)
    with refused("full"):
        store.join(small.code)


def test_lessons_are_saved_and_shared_by_a_code_with_a_size_limit(store: S.Store) -> None:
    body = '{"steps": []}'
    code = store.save_lesson(body, now=0.0)
    assert store.lesson(code, now=1.0) == body
    with refused("no-lesson"):
        store.lesson(code, now=S.LESSON_SECONDS + 1.0)
    with refused("no-lesson"):
        store.lesson("NOSUCH")
    with refused("too-big"):
        store.save_lesson("x" * (S.LESSON_BYTES_MAX + 1))


def test_many_threads_answering_at_once_lose_nothing(store: S.Store) -> None:
    keys = store.open_class("builtin")
    students = [store.join(keys.code) for _ in range(40)]

    def answer_all(part: list[str]) -> None:
        for i, student in enumerate(part):
            store.answer(keys.code, student, 0, i % 4)

    threads = [threading.Thread(target=answer_all, args=(students[i::4],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(store.counts(keys.code, 0).values()) == 40


_ANSWERER = """
import sys
from viz.classroom import backends
from viz.classroom import store as S
s = backends.open_store(sys.argv[1])
code = sys.argv[2]
for i, token in enumerate(sys.argv[3:]):
    s.answer(code, token, 0, i % 3)
    print(i, flush=True)  # said only once the answer is committed
"""


def test_another_process_shares_the_store_and_its_committed_answers_survive_its_death(
    url: str, store: S.Store
) -> None:
    """Every server process shares the store; a process killed mid-step loses none of the answers it took."""
    keys = store.open_class("builtin")
    students = [store.join(keys.code) for _ in range(400)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", _ANSWERER, url, keys.code, *students],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    said = 0
    for line in child.stdout:  # let it commit some, then kill it mid-way
        said = int(line) + 1
        if said == 50:
            child.send_signal(signal.SIGKILL)
            break
    child.wait(timeout=30)
    counted = sum(store.counts(keys.code, 0).values())
    assert 50 <= counted < 400  # every answer it said it committed is here, seen from this process
    again = backends.open_store(url)  # and from a new connection, as a restarted process would see it
    try:
        assert sum(again.counts(keys.code, 0).values()) == counted
        assert again.state(keys.code).students == 400
    finally:
        again.close()


def test_the_store_is_chosen_by_one_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(S.STORE_ENV, f"sqlite:///{tmp_path / 'set.db'}")
    chosen = backends.open_store()
    assert isinstance(chosen, S.SqliteStore) and chosen.path == tmp_path / "set.db"
    chosen.close()
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert backends.default_url() == f"sqlite:///{tmp_path / 'state' / 'attention-lab' / 'classroom.db'}"
    with pytest.raises(ValueError, match="unknown store"):
        backends.open_store("mysql://nowhere")


def test_answers_survive_a_restart_of_the_store(
    url: str, store: S.Store, request: pytest.FixtureRequest
) -> None:
    """The store itself stopped hard and started again (Redis killed with SIGKILL; SQLite's file opened
    anew) keeps every acknowledged answer and the class's state."""
    keys = store.open_class("builtin")
    students = [store.join(keys.code, f"n{i}") for i in range(30)]
    for i, student in enumerate(students):
        store.answer(keys.code, student, 0, i % 3)
    store.reveal(keys.code, keys.secret)
    store.close()
    if url.startswith("redis://"):
        server: RedisServer = request.getfixturevalue("redis_server")
        server.kill_and_restart()
    again = backends.open_store(url)
    try:
        assert again.counts(keys.code, 0) == {0: 10, 1: 10, 2: 10}
        state = again.state(keys.code)
        assert (state.revealed, state.students) == (True, 30)
        assert len(again.answers(keys.code, keys.secret)) == 30
    finally:
        again.close()


def test_an_ended_class_leaves_nothing_behind_in_the_sqlite_file(tmp_path: Path) -> None:
    """Opening a class clears the ended ones with their students and answers (Redis drops its keys a day
    after a class ends on its own)."""
    import sqlite3

    store = backends.open_store(f"sqlite:///{tmp_path / 'c.db'}")
    old = store.open_class("builtin", now=0.0)
    store.answer(old.code, store.join(old.code, now=1.0), 0, 1, now=2.0)
    kept = store.open_class("builtin", now=10.0)
    store.answer(kept.code, store.join(kept.code, now=11.0), 0, 2, now=12.0)
    store.open_class("builtin", now=S.CLASS_SECONDS + 5.0)  # the first has ended, the second not yet
    with sqlite3.connect(tmp_path / "c.db") as db:
        for table in ("classes", "students", "answers"):
            codes = {code for (code,) in db.execute(f"SELECT DISTINCT code FROM {table}")}
            assert old.code not in codes and kept.code in codes, table
    store.close()
