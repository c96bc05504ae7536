"""The server's shared memory: one least-recently-used store measured in bytes that every cache keyed by
a visitor's choices lives in (budget), how many bytes a cached value holds (sizes), and built figures and
their JSON memoized across sessions (memo). Nothing cached is ever changed after it is stored."""
