"""The warm-up of a fresh app process: visit it the way its first students would, so they do not wait.

``deploy.serve`` warms each process before HAProxy sends it anyone (and a process it started again
before HAProxy takes it back). In a container there is no ``deploy.serve``: ``python -m deploy.warm``
is the image's command; it runs one Streamlit process, warms it once it answers, and then waits on it,
passing SIGTERM on.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import sys
import time
from types import FrameType

#: What :func:`warm` opens on a fresh process: every page's default view (its figures are then in the
#: process's memo), and the attention page's three training tasks at the default model, trained (the
#: trained models are per process: without this, a student sent to another process than the teacher
#: would find "not trained yet" and wait for a run of their own).
WARM_PAGES = ("", "positional_encoding", "embedding", "similarity", "softmax", "attention", "encoder")
WARM_TASKS = ("reverse", "previous", "match")
#: The Real models page with each model loaded: mapped from the copy every process shares
#: (viz/pretrained/mapped.py), so a fraction of a second and little memory of its own per process.
WARM_MODELS = ("model=smollm2&tab=one", "model=minilm&tab=one")


def warm(port: int, models: bool = True) -> bool:
    """Visit a fresh process the way its first students would (:data:`WARM_PAGES`, then train
    :data:`WARM_TASKS`; with ``models`` also :data:`WARM_MODELS`), so they do not wait for imports,
    the model warm-up, figures or training. Whether every visit ran without an error."""
    from deploy.st_client import open_session

    async def visit() -> bool:
        url, ok = f"http://127.0.0.1:{port}", True
        for page in WARM_PAGES:
            session, first = await asyncio.wait_for(open_session(url, page), 120)
            ok &= first.ok
            await session.close()
        for task in WARM_TASKS:
            link = f"src=task&task={task}"
            session, first = await asyncio.wait_for(open_session(url, "attention", link), 120)
            press = session.widget_by_key("att_train")
            press.kind, press.value = "trigger_value", True
            trained = await asyncio.wait_for(session.rerun(), 300)
            # the run that trains ends by asking for a rerun that shows the trained model (status 2)
            ok &= first.ok and not trained.exception and trained.status in (0, 2)
            await session.close()
        for query in WARM_MODELS if models else ():
            session, first = await asyncio.wait_for(open_session(url, "pretrained", query), 300)
            ok &= first.ok
            await session.close()
        return ok

    try:
        if asyncio.run(visit()):
            return True
        print(f"warm-up of the process on port {port}: a page did not run cleanly", file=sys.stderr)
    except Exception as exc:  # a warm-up that fails leaves a cold process, not a broken one
        print(f"warm-up of the process on port {port} failed: {exc!r}", file=sys.stderr)
    return False


def main(argv: list[str] | None = None) -> int:
    """Run one app process on ``--port``, warm it, and wait for it (a container's command)."""
    from deploy.process import HEALTH_TIMEOUT_S, App, healthy

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--port", type=int, default=8501)
    parser.add_argument("--address", default="0.0.0.0", help="the address Streamlit listens on")
    parser.add_argument(
        "--models",
        action=argparse.BooleanOptionalAction,
        default=os.environ.get("ATTENTION_LAB_WARM_MODELS", "1") != "0",
        help="load the Real models page's models too (the default; ATTENTION_LAB_WARM_MODELS=0: not)",
    )
    args = parser.parse_args(argv)
    secret = os.environ.get("STREAMLIT_SERVER_COOKIE_SECRET") or secrets.token_hex(32)
    app = App(args.port, secret, args.address)
    app.start()
    assert app.process is not None

    def stop(signum: int, frame: FrameType | None) -> None:
        assert app.process is not None
        app.process.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    deadline = time.monotonic() + HEALTH_TIMEOUT_S
    while app.alive() and not healthy(args.port) and time.monotonic() < deadline:
        time.sleep(0.25)
    if app.alive() and healthy(args.port):
        warm(args.port, args.models)
        print(f"the app process on port {args.port} is warmed up", flush=True)
    return app.process.wait()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
