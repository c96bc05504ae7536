"""Every strings table of viz.i18n, found on disk: what the i18n tests check key by key."""

from __future__ import annotations

import importlib
import pkgutil

import viz.i18n


def package_tables() -> dict[str, dict[str, dict[str, str]]]:
    """Every module of the viz.i18n package that holds a STRINGS table, found on disk (not from TABLES)."""
    tables = {}
    for info in pkgutil.iter_modules(viz.i18n.__path__, "viz.i18n."):
        module = importlib.import_module(info.name)
        if hasattr(module, "STRINGS"):
            tables[info.name] = module.STRINGS
    return tables


#: Every key of every strings module, so a new module is checked without being listed anywhere.
ALL = {key: entry for table in package_tables().values() for key, entry in table.items()}
