"""What the tests and the benchmarks share: a Streamlit server and headless Chromium (browser), AppTest
helpers (apptest), the live charts' figures (live_figures) and a Redis server (redis_server)."""
