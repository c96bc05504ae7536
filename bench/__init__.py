"""Benchmarks (not tests): run as modules from the repository root, e.g. ``python -m bench.browser_bench``."""
