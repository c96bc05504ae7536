"""Where a class's state, its students' answers and teachers' lessons live: one interface (:class:`Store`),
shared by every server process, chosen by one setting (``$ATTENTION_LAB_STORE``, read by
:func:`viz.classroom.backends.open_store`).

The embedded back end is SQLite in write-ahead-log mode (:class:`SqliteStore`): one file on one machine,
nothing to set up, every process of ``make serve`` reading and writing it at once, and an answer
committed before :meth:`Store.answer` returns survives the process that took it. For several machines
behind a balancer, Redis (:class:`viz.classroom.redis_store.RedisStore`, ``redis://host:port/db``):
Debian packages it, one small server with no schema to migrate, each rule one atomic script, and with
its append-only file fsynced on every write (as ``make serve`` and the tests start it) an answer
acknowledged is an answer kept through a restart. PostgreSQL would do as well, at the cost of a server
to set up and a schema; Redis's keys also expire on their own, as classes do.

The rules live here, not in the pages, so that every back end enforces them the same way:

- only the teacher moves the class or reveals: the teacher's secret comes back once from
  :meth:`Store.open_class` and is kept only as its SHA-256; a wrong one is refused;
- a student answers only in a class they joined, only the current step, only until the reveal, and once
  (a second answer replaces the first); a token from another class is refused;
- everything is bounded: nicknames' length (control characters dropped; pages escape what is left),
  students per class, choices per question, steps, a lesson's size, and classes expire.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import sqlite3
import threading
import time
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: The setting that picks the store (viz.classroom.backends): ``sqlite:///path`` or ``redis://host:port/db``.
STORE_ENV = "ATTENTION_LAB_STORE"
#: Join codes: short, read aloud and typed on a phone, without 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: The characters of a teacher's secret and a student's token (secrets.token_urlsafe's).
KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: A class expires this long after it was opened (a lesson is an hour or two).
CLASS_SECONDS = 4 * 3600
#: A saved lesson is kept this long after it was saved.
LESSON_SECONDS = 90 * 24 * 3600
NICKNAME_MAX = 24
STUDENTS_MAX = 500
CHOICES_MAX = 8
STEPS_MAX = 100  # a lesson's steps are 1..STEPS_MAX (0: the class has not begun)
LESSON_BYTES_MAX = 64_000


class StoreError(ValueError):
    """A request the store refuses; ``kind`` says why in a word the pages turn into a message:
    "no-class", "expired", "forbidden", "revealed", "not-now", "bad-student", "bad-choice", "full",
    "too-big", "no-lesson"."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


@dataclass(frozen=True)
class ClassKeys:
    """What opening a class gives the teacher: the join code students type and the secret that moves it."""

    code: str
    secret: str


@dataclass(frozen=True)
class ClassState:
    code: str
    lesson: str  # the lesson's code (a saved lesson) or name (a built-in one)
    step: int
    revealed: bool
    expires: float  # seconds since the epoch
    students: int


@dataclass(frozen=True)
class Answer:
    """One student's answer to one step, as the teacher's export gives it (no other personal data)."""

    step: int
    nickname: str
    choice: int


def clean_nickname(text: str) -> str:
    """A nickname as kept: NFC, control and format characters dropped, spaces trimmed, at most
    NICKNAME_MAX characters. Markup stays as typed: the pages show it as text."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if unicodedata.category(ch)[0] != "C")
    return kept.strip()[:NICKNAME_MAX]


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class Store(ABC):
    """A class session's state and answers, and saved lessons. Every method may be called from any
    thread of any process sharing the store; ``now`` (seconds since the epoch) is for tests."""

    @abstractmethod
    def open_class(self, lesson: str, now: float | None = None) -> ClassKeys:
        """A new class on ``lesson``, at step 0, not revealed."""

    @abstractmethod
    def state(self, code: str, now: float | None = None) -> ClassState:
        """The class's step, whether it is revealed, and how many have joined."""

    @abstractmethod
    def join(self, code: str, nickname: str = "", now: float | None = None) -> str:
        """A new student of the class; returns the student's token (kept in their browser)."""

    @abstractmethod
    def move(self, code: str, secret: str, step: int, now: float | None = None) -> None:
        """The teacher moves the class to ``step`` (revealed if it was revealed before, else open)."""

    @abstractmethod
    def reveal(self, code: str, secret: str, now: float | None = None) -> None:
        """The teacher reveals the current step: answers to it are closed, for good (moving back to it
        later shows it revealed)."""

    @abstractmethod
    def check(self, code: str, secret: str, now: float | None = None) -> None:
        """Nothing when ``secret`` is the class's (a teacher's session resuming it), else StoreError."""

    @abstractmethod
    def end(self, code: str, secret: str, now: float | None = None) -> None:
        """The teacher ends the class: from now on it is "expired" to everyone."""

    @abstractmethod
    def answer(self, code: str, student: str, step: int, choice: int, now: float | None = None) -> None:
        """A student's answer to the current step (replacing their earlier one)."""

    @abstractmethod
    def explore(self, code: str, student: str, step: int, now: float | None = None) -> None:
        """A student opened the current step's view on their own screen (counted once per student)."""

    @abstractmethod
    def explored(self, code: str, step: int) -> int:
        """How many students opened ``step``'s view themselves."""

    @abstractmethod
    def counts(self, code: str, step: int) -> dict[int, int]:
        """How many chose each choice at ``step`` (choices nobody chose are left out)."""

    @abstractmethod
    def answers(self, code: str, secret: str) -> list[Answer]:
        """Every answer of the class, by step and nickname, for the teacher's export."""

    @abstractmethod
    def save_lesson(self, body: str, now: float | None = None) -> str:
        """Keep a lesson file's text; returns the code that shares it."""

    @abstractmethod
    def lesson(self, code: str, now: float | None = None) -> str:
        """A saved lesson's text."""

    def close(self) -> None:  # noqa: B027 (a back end with nothing to let go of keeps this)
        """Let go of connections."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, secret TEXT NOT NULL, lesson TEXT NOT NULL, step INTEGER NOT NULL,
    revealed INTEGER NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    token TEXT PRIMARY KEY, code TEXT NOT NULL, nickname TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS students_code ON students (code);
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, step INTEGER NOT NULL, token TEXT NOT NULL, choice INTEGER NOT NULL,
    PRIMARY KEY (code, step, token));
CREATE TABLE IF NOT EXISTS lessons (code TEXT PRIMARY KEY, body TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS reveals (code TEXT NOT NULL, step INTEGER NOT NULL, PRIMARY KEY (code, step));
CREATE TABLE IF NOT EXISTS explored (
    code TEXT NOT NULL, step INTEGER NOT NULL, token TEXT NOT NULL, PRIMARY KEY (code, step, token));
"""


class SqliteStore(Store):
    """The store in one SQLite file, in WAL mode (readers never wait for the writer), a connection per
    thread; each write is one immediate transaction, committed before the method returns."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._db().executescript(_SCHEMA)  # its own transaction (executescript commits first)

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            # autocommit mode: transactions are the explicit BEGIN IMMEDIATE ... COMMIT of _write
            db = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # in WAL: durable across a process's death
            self._local.db = db
        return db

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _class(
        self, db: sqlite3.Connection, code: str, now: float | None
    ) -> tuple[str, str, int, int, float]:
        row = db.execute(
            "SELECT secret, lesson, step, revealed, expires FROM classes WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            raise StoreError("no-class")
        if row[4] <= (time.time() if now is None else now):
            raise StoreError("expired")
        return row

    def _teacher(self, db: sqlite3.Connection, code: str, secret: str, now: float | None) -> tuple[int, int]:
        kept, _, step, revealed, _ = self._class(db, code, now)
        if not hmac.compare_digest(kept, _digest(secret)):
            raise StoreError("forbidden")
        return step, revealed

    @staticmethod
    def _free_code(db: sqlite3.Connection, table: str) -> str:
        """A new code that no row of ``table`` ("classes" or "lessons") holds, inside the caller's write."""
        while True:
            code = new_code()
            if db.execute(f"SELECT 1 FROM {table} WHERE code = ?", (code,)).fetchone() is None:
                return code

    def open_class(self, lesson: str, now: float | None = None) -> ClassKeys:
        now = time.time() if now is None else now
        secret = secrets.token_urlsafe(24)
        with self._write() as db:
            # ended classes go, with their students and answers (their codes free again)
            db.execute("DELETE FROM classes WHERE expires <= ?", (now,))
            db.execute("DELETE FROM students WHERE code NOT IN (SELECT code FROM classes)")
            db.execute("DELETE FROM answers WHERE code NOT IN (SELECT code FROM classes)")
            db.execute("DELETE FROM reveals WHERE code NOT IN (SELECT code FROM classes)")
            db.execute("DELETE FROM explored WHERE code NOT IN (SELECT code FROM classes)")
            code = self._free_code(db, "classes")
            db.execute(
                "INSERT INTO classes VALUES (?, ?, ?, 0, 0, ?)",
                (code, _digest(secret), lesson, now + CLASS_SECONDS),
            )
        return ClassKeys(code, secret)

    def state(self, code: str, now: float | None = None) -> ClassState:
        db = self._db()
        _, lesson, step, revealed, expires = self._class(db, code, now)
        (students,) = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()
        return ClassState(code, lesson, step, bool(revealed), expires, students)

    def join(self, code: str, nickname: str = "", now: float | None = None) -> str:
        token = secrets.token_urlsafe(18)
        with self._write() as db:
            self._class(db, code, now)
            (students,) = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()
            if students >= STUDENTS_MAX:
                raise StoreError("full")
            db.execute("INSERT INTO students VALUES (?, ?, ?)", (token, code, clean_nickname(nickname)))
        return token

    def move(self, code: str, secret: str, step: int, now: float | None = None) -> None:
        if not 0 <= step <= STEPS_MAX:
            raise StoreError("not-now", f"step {step}")
        with self._write() as db:
            self._teacher(db, code, secret, now)
            was = db.execute("SELECT 1 FROM reveals WHERE code = ? AND step = ?", (code, step)).fetchone()
            db.execute(
                "UPDATE classes SET step = ?, revealed = ? WHERE code = ?", (step, int(bool(was)), code)
            )

    def reveal(self, code: str, secret: str, now: float | None = None) -> None:
        with self._write() as db:
            step, _ = self._teacher(db, code, secret, now)
            db.execute("UPDATE classes SET revealed = 1 WHERE code = ?", (code,))
            db.execute("INSERT OR IGNORE INTO reveals VALUES (?, ?)", (code, step))

    def check(self, code: str, secret: str, now: float | None = None) -> None:
        self._teacher(self._db(), code, secret, now)

    def end(self, code: str, secret: str, now: float | None = None) -> None:
        with self._write() as db:
            self._teacher(db, code, secret, now)
            db.execute(
                "UPDATE classes SET expires = ? WHERE code = ?", (time.time() if now is None else now, code)
            )

    def answer(self, code: str, student: str, step: int, choice: int, now: float | None = None) -> None:
        if not 0 <= choice < CHOICES_MAX:
            raise StoreError("bad-choice")
        with self._write() as db:
            _, _, current, revealed, _ = self._class(db, code, now)
            known = db.execute(
                "SELECT 1 FROM students WHERE token = ? AND code = ?", (student, code)
            ).fetchone()
            if known is None:
                raise StoreError("bad-student")
            if step != current:
                raise StoreError("not-now", f"step {step}, the class is at {current}")
            if revealed:
                raise StoreError("revealed")
            db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)", (code, step, student, choice))

    def explore(self, code: str, student: str, step: int, now: float | None = None) -> None:
        with self._write() as db:
            _, _, current, _, _ = self._class(db, code, now)
            if (
                db.execute("SELECT 1 FROM students WHERE token = ? AND code = ?", (student, code)).fetchone()
                is None
            ):
                raise StoreError("bad-student")
            if step != current:
                raise StoreError("not-now", f"step {step}, the class is at {current}")
            db.execute("INSERT OR IGNORE INTO explored VALUES (?, ?, ?)", (code, step, student))

    def explored(self, code: str, step: int) -> int:
        query = "SELECT COUNT(*) FROM explored WHERE code = ? AND step = ?"
        return int(self._db().execute(query, (code, step)).fetchone()[0])

    def counts(self, code: str, step: int) -> dict[int, int]:
        rows = self._db().execute(
            "SELECT choice, COUNT(*) FROM answers WHERE code = ? AND step = ? GROUP BY choice", (code, step)
        )
        return {int(choice): int(n) for choice, n in rows}

    def answers(self, code: str, secret: str) -> list[Answer]:
        db = self._db()
        self._teacher(db, code, secret, None)
        rows = db.execute(
            "SELECT a.step, s.nickname, a.choice FROM answers a JOIN students s ON s.token = a.token "
            "WHERE a.code = ? ORDER BY a.step, s.nickname, a.choice",
            (code,),
        )
        return [Answer(int(step), nickname, int(choice)) for step, nickname, choice in rows]

    def save_lesson(self, body: str, now: float | None = None) -> str:
        if len(body.encode("utf-8")) > LESSON_BYTES_MAX:
            raise StoreError("too-big", f"more than {LESSON_BYTES_MAX} bytes")
        now = time.time() if now is None else now
        with self._write() as db:
            db.execute("DELETE FROM lessons WHERE expires <= ?", (now,))
            code = self._free_code(db, "lessons")
            db.execute("INSERT INTO lessons VALUES (?, ?, ?)", (code, body, now + LESSON_SECONDS))
        return code

    def lesson(self, code: str, now: float | None = None) -> str:
        row = self._db().execute("SELECT body, expires FROM lessons WHERE code = ?", (code,)).fetchone()
        if row is None or row[1] <= (time.time() if now is None else now):
            raise StoreError("no-lesson")
        return str(row[0])

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
