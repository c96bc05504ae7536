"""``python -m viz.pretrained [--check]``: fetch the real models' files (see :mod:`viz.pretrained.files`)."""

from viz.pretrained.files import main

raise SystemExit(main())
