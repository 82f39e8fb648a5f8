"""What every writer of the engine's SQLite files shares: the files are owner-only, and one
process-wide lock per file serialises its write transactions (the table saves and the statistics
thread write the same file by default)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

_WRITE_LOCKS: dict[str, threading.RLock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


def write_lock(path: str | Path) -> threading.RLock:
    """The lock every writer of this process to the SQLite file `path` holds for its whole write
    transaction: the engine loop's saves and the statistics thread, which by default writes to the
    same file (stats.service.open_stats). Found by SQLite instead (the file locked), a save slept in
    SQLite's busy handler, 1, then 2, then 5 ms..., up to ~8 ms for a statistics write; with the lock
    the engine loop does not wait at all: it tries it, and saves in a later round when it is taken
    (tables.manager.Tables.save)."""
    key = os.path.realpath(path)
    with _WRITE_LOCKS_GUARD:
        return _WRITE_LOCKS.setdefault(key, threading.RLock())


def make_private(path: str | Path) -> None:
    """Creates the database file owner-only (0600) before SQLite opens it, or closes up one an older
    version left readable: it holds players' names, UUIDs, hands and statistics. SQLite gives its
    -wal and -shm files the database file's permissions. Folders it has to create are 0700; an
    existing folder is left as it is (it may be the server's own).

    An existing file is never opened here: closing any descriptor of a file drops every POSIX lock
    this process holds on it, and SQLite's connections of this process (the table store, opened
    before the statistics) hold theirs for as long as they are open. Without that lock, another
    program's connection closing (a backup tool, the sqlite3 shell) took itself for the file's last
    one: it checkpointed, deleted the -wal and -shm files under the engine's connections, and the
    next connection the engine opened read the new log with the old index: "disk I/O error"."""
    p = Path(path)
    made = [d for d in (p.parent, *p.parent.parents) if not d.exists()]
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    for d in made:
        os.chmod(d, 0o700)      # GraalPy's mkdir leaves the mode to the umask
    try:
        fd = os.open(p, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600)
    except FileExistsError:
        pass
    else:
        os.close(fd)
    os.chmod(p, 0o600)
