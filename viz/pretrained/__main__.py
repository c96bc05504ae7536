"""``python -m viz.pretrained [--check]``: fetch the real models' files (see :mod:`viz.pretrained.files`),
then make the copy of their weights every server process maps (see :mod:`viz.pretrained.mapped`)."""

import sys

from viz import pretrained
from viz.pretrained import files, mapped

failed = files.main()
for key in pretrained.MODELS:
    pin = files.PINS[key]
    if "--check" in sys.argv[1:]:
        current = mapped.is_current(pin)
        print(f"{key}: mapped copy {'ready' if current else 'missing'} in {mapped.folder(pin)}")
        failed += not current
    elif files.status(pin, check_hash=False).state is files.State.READY:
        made = pretrained.prepare(key)
        print(f"{key}: mapped copy {'made' if made else 'ready'} in {mapped.folder(pin)}")
raise SystemExit(1 if failed else 0)
