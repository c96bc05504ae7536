"""What the tests and the benchmarks share: a Streamlit server and headless Chromium (browser), AppTest
helpers (apptest) and the live charts' figures (live_figures). A Redis server is deploy/redis_server.py's."""
