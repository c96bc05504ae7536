"""The class store on a Redis server (``redis://host:port/db``), for server processes on several machines:
the same interface and rules as viz.classroom.store's SQLite file, each rule that reads and then writes
one Lua script (Redis runs a script whole, with nothing between its reads and its writes).

Keys (under ``al:``): ``class:<code>`` a hash (the secret's SHA-256, lesson, step, revealed, expires);
``class:<code>:students`` token -> nickname; ``class:<code>:answers:<step>`` token -> choice;
``class:<code>:reveals`` the steps revealed; ``class:<code>:explored:<step>`` the tokens of the students who
opened the step's view;
``lesson:<code>`` a hash (body, expires). The rules read ``expires``; each key also expires in Redis a day
after that, so an ended class's keys go on their own.
"""

from __future__ import annotations

import hmac
import secrets
import time
from typing import Any

import redis

import viz.classroom.store as _store
from viz.classroom.store import (
    CHOICES_MAX,
    CLASS_SECONDS,
    LESSON_BYTES_MAX,
    LESSON_SECONDS,
    STEPS_MAX,
    Answer,
    ClassKeys,
    ClassState,
    Store,
    StoreError,
    _digest,
    clean_nickname,
    new_code,
)

#: Redis keeps a key this long past its class's or lesson's end, then drops it.
GRACE_SECONDS = 24 * 3600

# A class that exists and has not expired, else the reason (the scripts' shared start).
_LIVE = """
local c = redis.call('HMGET', KEYS[1], 'step', 'revealed', 'expires')
if not c[3] then return 'no-class' end
if tonumber(c[3]) <= tonumber(ARGV[1]) then return 'expired' end
"""
_OPEN = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 'taken' end
redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'lesson', ARGV[2], 'step', 0, 'revealed', 0,
           'expires', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 'ok'
"""
# KEYS: class, students; ARGV: now, token, nickname, most students, ttl
_JOIN = (
    _LIVE
    + """
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 'ok'
"""
)
# KEYS: class, students, the step's answers; ARGV: now, token, step, choice, ttl
_ANSWER = (
    _LIVE
    + """
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 then return 'bad-student' end
if tonumber(c[1]) ~= tonumber(ARGV[3]) then return 'not-now' end
if c[2] == '1' then return 'revealed' end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[5])
return 'ok'
"""
)
# KEYS: class; ARGV: now, field, value, field, value (the caller has checked the secret)
_SET = (
    _LIVE
    + """
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
return 'ok'
"""
)
# KEYS: class, students, the step's explorers; ARGV: now, token, step, ttl
_EXPLORE = (
    _LIVE
    + """
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 then return 'bad-student' end
if tonumber(c[1]) ~= tonumber(ARGV[3]) then return 'not-now' end
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('EXPIRE', KEYS[3], ARGV[4])
return 'ok'
"""
)
# KEYS: class, reveals; ARGV: now, step, ttl: the class to a step, revealed if it was before
_MOVE = (
    _LIVE
    + """
redis.call('HSET', KEYS[1], 'step', ARGV[2], 'revealed', redis.call('SISMEMBER', KEYS[2], ARGV[2]))
return 'ok'
"""
)
# KEYS: class, reveals; ARGV: now, ttl: the current step revealed, for good
_REVEAL = (
    _LIVE
    + """
redis.call('HSET', KEYS[1], 'revealed', 1)
redis.call('SADD', KEYS[2], c[1])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 'ok'
"""
)


class RedisStore(Store):
    """viz.classroom.store's interface on Redis; one client (a pool of connections) for every thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._redis: Any = redis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=1.0, socket_timeout=3.0
        )  # a store that is down is said in the page within seconds, not after a long hang
        self._scripts = {
            name: self._redis.register_script(body)
            for name, body in (
                ("open", _OPEN),
                ("join", _JOIN),
                ("answer", _ANSWER),
                ("set", _SET),
                ("move", _MOVE),
                ("reveal", _REVEAL),
                ("explore", _EXPLORE),
            )
        }

    @staticmethod
    def _key(code: str, *rest: object) -> str:
        return ":".join(["al", "class", code, *map(str, rest)])

    def _run(self, name: str, keys: list[str], args: list[str | int | float]) -> None:
        said = self._scripts[name](keys=keys, args=args)
        if said != "ok":
            raise StoreError(str(said))

    def _class(self, code: str, now: float | None) -> dict[str, str]:
        found: dict[str, str] = self._redis.hgetall(self._key(code))
        if not found:
            raise StoreError("no-class")
        if float(found["expires"]) <= (time.time() if now is None else now):
            raise StoreError("expired")
        return found

    def _teacher(self, code: str, secret: str, now: float | None) -> None:
        if not hmac.compare_digest(self._class(code, now)["secret"], _digest(secret)):
            raise StoreError("forbidden")

    def open_class(self, lesson: str, now: float | None = None) -> ClassKeys:
        now = time.time() if now is None else now
        secret = secrets.token_urlsafe(24)
        while True:
            code = new_code()
            args: list[str | int | float] = [
                _digest(secret),
                lesson,
                repr(now + CLASS_SECONDS),
                CLASS_SECONDS + GRACE_SECONDS,
            ]
            if self._scripts["open"](keys=[self._key(code)], args=args) == "ok":
                return ClassKeys(code, secret)

    def state(self, code: str, now: float | None = None) -> ClassState:
        found = self._class(code, now)
        students = int(self._redis.hlen(self._key(code, "students")))
        return ClassState(
            code,
            found["lesson"],
            int(found["step"]),
            found["revealed"] == "1",
            float(found["expires"]),
            students,
        )

    def join(self, code: str, nickname: str = "", now: float | None = None) -> str:
        token = secrets.token_urlsafe(18)
        now = time.time() if now is None else now
        ttl = CLASS_SECONDS + GRACE_SECONDS
        keys = [self._key(code), self._key(code, "students")]
        self._run("join", keys, [repr(now), token, clean_nickname(nickname), _store.STUDENTS_MAX, ttl])
        return token

    def move(self, code: str, secret: str, step: int, now: float | None = None) -> None:
        if not 0 <= step <= STEPS_MAX:
            raise StoreError("not-now", f"step {step}")
        self._teacher(code, secret, now)
        now = time.time() if now is None else now
        self._run("move", [self._key(code), self._key(code, "reveals")], [repr(now), step])

    def reveal(self, code: str, secret: str, now: float | None = None) -> None:
        self._teacher(code, secret, now)
        now = time.time() if now is None else now
        keys = [self._key(code), self._key(code, "reveals")]
        self._run("reveal", keys, [repr(now), CLASS_SECONDS + GRACE_SECONDS])

    def check(self, code: str, secret: str, now: float | None = None) -> None:
        self._teacher(code, secret, now)

    def end(self, code: str, secret: str, now: float | None = None) -> None:
        self._teacher(code, secret, now)
        now = time.time() if now is None else now
        self._run("set", [self._key(code)], [repr(now), "expires", repr(now), "revealed", 1])

    def answer(self, code: str, student: str, step: int, choice: int, now: float | None = None) -> None:
        if not 0 <= choice < CHOICES_MAX:
            raise StoreError("bad-choice")
        now = time.time() if now is None else now
        keys = [self._key(code), self._key(code, "students"), self._key(code, "answers", step)]
        self._run("answer", keys, [repr(now), student, step, choice, CLASS_SECONDS + GRACE_SECONDS])

    def explore(self, code: str, student: str, step: int, now: float | None = None) -> None:
        now = time.time() if now is None else now
        keys = [self._key(code), self._key(code, "students"), self._key(code, "explored", step)]
        self._run("explore", keys, [repr(now), student, step, CLASS_SECONDS + GRACE_SECONDS])

    def explored(self, code: str, step: int) -> int:
        return int(self._redis.scard(self._key(code, "explored", step)))

    def counts(self, code: str, step: int) -> dict[int, int]:
        found: dict[int, int] = {}
        for choice in self._redis.hvals(self._key(code, "answers", step)):
            found[int(choice)] = found.get(int(choice), 0) + 1
        return found

    def answers(self, code: str, secret: str) -> list[Answer]:
        self._teacher(code, secret, None)
        nicknames: dict[str, str] = self._redis.hgetall(self._key(code, "students"))
        rows = []
        for key in self._redis.scan_iter(match=self._key(code, "answers", "*"), count=200):
            step = int(key.rsplit(":", 1)[1])
            for token, choice in self._redis.hgetall(key).items():
                rows.append(Answer(step, nicknames.get(token, ""), int(choice)))
        return sorted(rows, key=lambda a: (a.step, a.nickname, a.choice))

    def save_lesson(self, body: str, now: float | None = None) -> str:
        if len(body.encode("utf-8")) > LESSON_BYTES_MAX:
            raise StoreError("too-big", f"more than {LESSON_BYTES_MAX} bytes")
        now = time.time() if now is None else now
        while True:
            code = new_code()
            key = f"al:lesson:{code}"
            # HSETNX on the body: a code already in use is never overwritten
            if self._redis.hsetnx(key, "body", body):
                self._redis.hset(key, "expires", repr(now + LESSON_SECONDS))
                self._redis.expire(key, LESSON_SECONDS + GRACE_SECONDS)
                return code

    def lesson(self, code: str, now: float | None = None) -> str:
        found: dict[str, str] = self._redis.hgetall(f"al:lesson:{code}")
        if "body" not in found or float(found.get("expires", 0)) <= (time.time() if now is None else now):
            raise StoreError("no-lesson")
        return found["body"]

    def close(self) -> None:
        self._redis.close()
