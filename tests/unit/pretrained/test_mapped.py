"""The real models' mapped copies (viz/pretrained/mapped.py): made once, mapped by every process, made
again when a pinned file changes, and loaded by the app in well under a second."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import torch

from tests.support.needs import real
from viz import pretrained
from viz.pretrained import files, mapped

REPO_ROOT = Path(__file__).resolve().parents[3]


def fake_pin(root: Path, content: bytes = b"the pinned file\n") -> files.Pin:
    """A pin whose one file is written under ``root`` with its true hash (no wheel: only the folder)."""
    digest = hashlib.sha256(content).hexdigest()
    pin = files.Pin(
        "fake", "fake", "0", "fake.whl", "0" * 64, (files.ModelFile("m", "m.bin", digest, len(content)),)
    )
    files.folder(pin, root).mkdir(parents=True, exist_ok=True)
    (files.folder(pin, root) / "m.bin").write_bytes(content)
    return pin


def weights(seed: int = 0) -> dict[str, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    return {"a.weight": torch.randn(64, 32, generator=g).half(), "b.bias": torch.randn(7, generator=g)}


def mapped_paths() -> set[str]:
    """The files this process has mapped into memory (the path column of /proc/self/maps)."""
    return {line.split(maxsplit=5)[5].strip() for line in Path("/proc/self/maps").read_text().splitlines() if
            len(line.split(maxsplit=5)) == 6}  # fmt: skip


def test_a_copy_maps_the_weights_it_was_made_from(tmp_path: Path) -> None:
    pin = fake_pin(tmp_path)
    assert mapped.open_copy(pin, tmp_path) is None  # nothing made yet
    mapped.make(pin, weights(), {"config": {"layers": 2}}, '{"tokenizer": 1}', tmp_path)
    copy = mapped.open_copy(pin, tmp_path)
    assert copy is not None
    for name, tensor in weights().items():
        assert copy.weights[name].dtype == tensor.dtype  # stored as given: the caller picks the dtype
        assert torch.equal(copy.weights[name], tensor)
    assert copy.meta == {"config": {"layers": 2}}
    assert (copy.folder / mapped.TOKENIZER).read_text() == '{"tokenizer": 1}'
    # Mapped, not read: the file is in this process's memory map.
    assert str(mapped.folder(pin, tmp_path) / mapped.WEIGHTS) in mapped_paths()


def test_a_pinned_file_changed_since_the_copy_was_made_voids_it(tmp_path: Path) -> None:
    pin = fake_pin(tmp_path)
    mapped.make(pin, weights(), {}, None, tmp_path)
    assert mapped.is_current(pin, tmp_path)
    source = files.folder(pin, tmp_path) / "m.bin"
    time.sleep(0.01)
    source.write_bytes(b"the pinned FILE\n")  # the same size, another content (and time)
    assert not mapped.is_current(pin, tmp_path)
    assert mapped.open_copy(pin, tmp_path) is None


def test_a_copy_replaced_or_of_another_format_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin = fake_pin(tmp_path)
    mapped.make(pin, weights(), {}, None, tmp_path)
    where = mapped.folder(pin, tmp_path)
    monkeypatch.setattr(mapped, "FORMAT", mapped.FORMAT + 1)
    assert not mapped.is_current(pin, tmp_path)
    monkeypatch.undo()
    assert mapped.is_current(pin, tmp_path)
    torch.save(weights(seed=1), where / mapped.WEIGHTS)  # another file where the copy was
    assert not mapped.is_current(pin, tmp_path)
    (where / mapped.MANIFEST).write_text("not json")
    assert not mapped.is_current(pin, tmp_path)


_TOUCH = """
import sys, torch
from pathlib import Path
from viz.pretrained import files, mapped
root = Path(sys.argv[1])
pin = files.Pin("fake", "fake", "0", "fake.whl", "0" * 64, (files.ModelFile("m", "m.bin", sys.argv[2], 16),))
copy = mapped.open_copy(pin, root)
assert copy is not None
total = float(copy.weights["big"].sum())  # reads every page
target = str(mapped.folder(pin, root) / mapped.WEIGHTS)
rss = pss = 0
inside = False
for line in open("/proc/self/smaps"):
    parts = line.split()
    if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
        inside = line.rstrip().endswith(target)
    elif inside and parts[0] == "Rss:":
        rss += int(parts[1])
    elif inside and parts[0] == "Pss:":
        pss += int(parts[1])
print(rss, pss, total, flush=True)
sys.stdin.read()  # stay alive (and mapped) until the test has read the other process too
"""


def test_two_processes_share_one_copy_of_the_weights_in_memory(tmp_path: Path) -> None:
    """Each of two processes reads all 32 MB of the copy: each maps all of it, but their proportional
    shares (PSS) add up to one copy, not two."""
    pin = fake_pin(tmp_path)
    mapped.make(pin, {"big": torch.ones(8 * 1024 * 1024)}, {}, None, tmp_path)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    command = [sys.executable, "-c", _TOUCH, str(tmp_path), pin.files[0].sha256]
    first = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    started = [first]
    try:
        assert first.stdout is not None
        rss1, pss1, total1 = first.stdout.readline().split()  # read all of it, alone: PSS = RSS
        second = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
        started.append(second)
        assert second.stdout is not None
        rss2, pss2, total2 = second.stdout.readline().split()  # read while the first still maps it
        size_kb = 32 * 1024
        assert float(total1) == float(total2) == 8 * 1024 * 1024
        assert int(rss1) >= 0.95 * size_kb and int(rss2) >= 0.95 * size_kb
        assert int(pss1) >= 0.95 * size_kb
        assert int(pss2) <= 0.55 * size_kb  # half of each shared page is counted against the first
    finally:
        for process in started:
            process.communicate("", timeout=30)


_HOLD = """
import sys, time
from pathlib import Path
from viz.pretrained import files, mapped
pin = files.Pin("fake", "fake", "0", "fake.whl", "0" * 64, ())
with mapped.converting(pin, Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(1.5)
"""


def test_a_process_waits_for_another_making_the_copy(tmp_path: Path) -> None:
    pin = fake_pin(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(tmp_path)], stdout=subprocess.PIPE, env=env, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    start = time.monotonic()
    with mapped.converting(pin, tmp_path):
        waited = time.monotonic() - start
    holder.wait(timeout=30)
    assert waited > 0.5  # it held the lock until its copy would have been written


# ---- the real models (fetched, and their copies made, by the README's commands) ---------------------------
@pytest.mark.parametrize("key", pretrained.MODELS)
def test_the_real_models_load_from_their_mapped_copy_in_well_under_a_second(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real(key)
    pin = files.PINS[key]
    assert mapped.is_current(pin), "the setup (python -m viz.pretrained) makes the mapped copies"
    monkeypatch.setattr(pretrained, "_loaded", {})
    start = time.perf_counter()
    loaded = pretrained.load(key)
    seconds = time.perf_counter() - start
    assert str(mapped.folder(pin) / mapped.WEIGHTS) in mapped_paths()
    # No threshold on time in a test (the machine is shared): the figure is bench/shared_models_bench.py's.
    print(f"{key} loaded from its mapped copy in {seconds:.2f} s")
    # The copy holds what the pinned files hold: every weight equal to the one read from them.
    read = pretrained._read(key)[0]
    assert set(read.model.weights) == set(loaded.model.weights)
    for name, tensor in read.model.weights.items():
        assert loaded.model.weights[name].dtype == tensor.dtype
        assert torch.equal(loaded.model.weights[name], tensor), name
    text = "나는 학생이다. The capital of France is"
    assert loaded.tokenizer.encode(text).ids == read.tokenizer.encode(text).ids


def minilm_elsewhere(monkeypatch: pytest.MonkeyPatch, root: Path) -> Path:
    """A models folder at ``root`` whose MiniLM files link to the installed ones (and no mapped copy), made
    the app's; its MiniLM folder."""
    real("minilm")
    pin = files.MINILM
    folder = root / pin.key
    folder.mkdir()
    for f in pin.files:
        (folder / f.name).symlink_to(files.folder(pin) / f.name)
    monkeypatch.setenv(files.ENV_DIR, str(root))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    return folder


def test_a_model_whose_copy_cannot_be_written_is_still_loaded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pin = files.MINILM
    minilm_elsewhere(monkeypatch, tmp_path)

    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(mapped, "make", read_only)
    loaded = pretrained.load("minilm")
    assert not mapped.is_current(pin)
    ids = list(pretrained.tokenize("minilm", "A man is eating food.").ids)
    from viz.pretrained import bert

    want = bert.run(bert.load(files.folder(pin)), ids).attention
    np.testing.assert_array_equal(bert.run(loaded.model, ids).attention, want)


def test_a_pinned_file_changed_after_its_copy_was_made_is_refused_by_its_hash(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pin = files.MINILM
    folder = minilm_elsewhere(monkeypatch, tmp_path)
    pretrained.load("minilm")  # checks the files and makes the copy
    assert mapped.is_current(pin)
    config = (folder / "config.json").read_bytes()
    (folder / "config.json").unlink()
    (folder / "config.json").write_bytes(config[:-3] + b" }\n")  # the same size, another hash
    monkeypatch.setattr(pretrained, "_loaded", {})  # a process started after the change
    with pytest.raises(pretrained.NotReady) as refused:
        pretrained.load("minilm")
    assert refused.value.status == files.Status(files.State.CHANGED, "config.json")
