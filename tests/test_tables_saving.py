"""What the engine loop writes to SQLite when: an answer to players writes the tables it changed
at once (what players did is kept), the tables the clocks changed wait for the save interval (an
answer must not write every table of the server before the next poll)."""

import threading

from unocraft.tables import manager
from unocraft.tables.manager import SAVE_INTERVAL
from unocraft.tables.store import TableStore, write_lock
from test_tables import cmd, make
from waiting import PATIENCE


def saved_tokens(store):
    return {d["id"]: d["token"] for d in store.load_all()}


def test_an_answer_writes_the_tables_it_changed_and_the_clocks_changes_wait_for_the_interval(tmp_path):
    store = TableStore(tmp_path / "tables.sqlite")
    tables = make(store)
    for n, player in enumerate(("ann", "bob")):
        tables.handle({"type": "join", "player": player, "locale": "en_us"}, 0)
        cmd(tables, player, "start", pos=(n * 1000, 64, 0))
    tables.flush()                                   # everything written
    assert tables.stats.idle(PATIENCE)      # its first read (names) done: the file is the saves' alone
    ann, bob = (tables.tables[tables.where[p]] for p in ("ann", "bob"))
    assert saved_tokens(store) == {ann.id: ann.token, bob.id: bob.token}
    # a clock changed bob's table (flushed and sent, not yet saved) ...
    bob.token += 1
    tables.core.changed(bob)
    tables.flush(save=False)
    # ... then ann's command changed hers: the answer writes hers only
    ann.token += 1
    tables.core.changed(ann)
    tables.flush(save=False)
    tables.save_flushed()
    assert saved_tokens(store) == {ann.id: ann.token, bob.id: bob.token - 1}
    tables.save_flushed()                            # nothing new: bob's still waits
    assert saved_tokens(store)[bob.id] == bob.token - 1
    tables.maybe_save(tables.saved_at + SAVE_INTERVAL)    # the interval: bob's too
    assert saved_tokens(store) == {ann.id: ann.token, bob.id: bob.token}
    # a closed table is forgotten by an answer's save too
    cmd(tables, "bob", "leave", now=1)
    tables.flush(save=False)
    tables.save_flushed()
    assert set(saved_tokens(store)) == {ann.id}


def test_the_intervals_save_writes_a_batch_a_round_and_the_rest_in_the_next_rounds(tmp_path, monkeypatch):
    monkeypatch.setattr(manager, "SAVE_BATCH", 2)
    store = TableStore(tmp_path / "tables.sqlite")
    tables = make(store)
    players = ("ann", "bob", "cid", "dan", "eve")
    for n, player in enumerate(players):
        tables.handle({"type": "join", "player": player, "locale": "en_us"}, 0)
        cmd(tables, player, "start", pos=(n * 1000, 64, 0))
    tables.flush()
    assert tables.stats.idle(PATIENCE)      # its first read (names) done: the file is the saves' alone
    mine = [tables.tables[tables.where[p]] for p in players]
    for t in mine:                                   # the clocks changed every table
        t.token += 1
        tables.core.changed(t)
    tables.flush(save=False)
    written = lambda: sum(saved_tokens(store)[t.id] == t.token for t in mine)   # noqa: E731
    now = tables.saved_at + SAVE_INTERVAL
    tables.maybe_save(now)
    assert written() == 2
    assert tables.next_wakeup(now) < 0.002           # the loop comes back for the rest at once
    mine[0].token += 1                               # changed again during the interval's save:
    tables.core.changed(mine[0])                     # it waits for the next interval
    tables.flush(save=False)
    tables.maybe_save(now)
    assert written() == 3
    tables.maybe_save(now)
    assert written() == 4 and tables.saving == []
    tables.maybe_save(now + 0.01)                    # done: the next interval only
    assert written() == 4
    tables.maybe_save(now + SAVE_INTERVAL)
    assert written() == 5


class HeldElsewhere:
    """The file's write lock held by another thread (as the statistics thread holds it while it
    writes), until `release`."""

    def __init__(self, path):
        self.taken, self.free = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold, args=(write_lock(path),), daemon=True)
        self.thread.start()
        assert self.taken.wait(30)

    def _hold(self, lock):
        with lock:
            self.taken.set()
            self.free.wait(30)

    def release(self):
        self.free.set()
        self.thread.join(30)


def test_saves_do_not_wait_for_another_writer_of_the_file_they_go_on_in_the_next_round(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path)
    tables = make(store)
    for n, player in enumerate(("ann", "bob")):
        tables.handle({"type": "join", "player": player, "locale": "en_us"}, 0)
        cmd(tables, player, "start", pos=(n * 1000, 64, 0))
    tables.flush()
    assert tables.stats.idle(PATIENCE)      # its first read (names) done: the file is the saves' alone
    ann, bob = (tables.tables[tables.where[p]] for p in ("ann", "bob"))
    now = tables.saved_at
    held = HeldElsewhere(path)
    # an answer to ann: her table is owed, not waited for
    ann.token += 1
    tables.core.changed(ann)
    tables.flush(save=False)
    tables.save_flushed()
    assert saved_tokens(store)[ann.id] == ann.token - 1 and tables.owed == {ann.id}
    assert tables.next_wakeup(now) < 0.002
    # the interval comes with the file still taken: the clocks' change to bob's waits too
    bob.token += 1
    tables.core.changed(bob)
    tables.flush(save=False)
    tables.maybe_save(now + SAVE_INTERVAL)
    assert saved_tokens(store) == {ann.id: ann.token - 1, bob.id: bob.token - 1}
    held.release()
    # the next round writes what was owed, then the interval's batch
    tables.maybe_save(now + SAVE_INTERVAL + 0.001)
    assert saved_tokens(store) == {ann.id: ann.token, bob.id: bob.token}
    assert tables.owed == set() and tables.saving == []


def _event(seq, player, *args, session="run-1"):
    """A player's command as the plugin queues it: numbered within the plugin's run (EventQueue)."""
    return {"type": "command", "player": player, "args": list(args), "pos": [0, 40, 0],
            "session": session, "seq": seq}


def test_an_event_the_saved_tables_hold_is_skipped_when_the_plugin_delivers_it_again(tmp_path):
    """Issue 30: after an engine restart the plugin delivers again the batch polled last. The saved
    tables hold its leave already: the restarted engine must not apply it twice (here: a second
    start would open a table the player never asked for)."""
    path = tmp_path / "tables.sqlite"
    store = TableStore(path)
    tables = make(store)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle(_event(1, "ann", "start"), 0)
    tables.handle(_event(2, "ann", "leave"), 0)
    tables.flush(save=False)
    # the statistics thread's first reads (the join asked for ann's hints) hold the file a moment:
    # an answer's save meanwhile is owed to the next round (the test above), not written now
    assert tables.stats.idle(PATIENCE)
    tables.save_flushed()                    # the answer's save: what ann did is kept
    assert not tables.owed
    assert "ann" not in tables.where
    store.close()

    store = TableStore(path)                 # the engine restarts on the same file
    assert store.events_seen() == ("run-1", 2)
    again = make(store)
    again.handle(_event(1, "ann", "start"), 1)      # the batch in flight, delivered again
    again.handle(_event(2, "ann", "leave"), 1)
    assert "ann" not in again.where and not again.tables, "an event the saved tables hold was applied again"
    again.handle(_event(3, "ann", "start"), 1)      # the next one is new
    assert "ann" in again.where
    again.handle(_event(1, "bob", "start", session="run-2"), 1)    # a restarted plugin numbers from 1 again
    assert "bob" in again.where
    store.close()


def test_an_event_the_engine_died_before_saving_is_applied_when_delivered_again(tmp_path):
    """The engine handled the leave and sent its answer but died before the save: the restarted
    engine resumes the older save, and the leave, delivered again, takes the player off the table."""
    path = tmp_path / "tables.sqlite"
    store = TableStore(path)
    tables = make(store)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle(_event(1, "ann", "start"), 0)
    tables.flush()                            # saved with ann seated
    tables.handle(_event(2, "ann", "leave"), 0)
    tables.flush(save=False)                  # answered, not saved: the engine dies now
    store.close()

    store = TableStore(path)
    assert store.events_seen() == ("run-1", 1)
    again = make(store)
    assert again.where.get("ann"), "the older save has ann seated"
    again.handle(_event(2, "ann", "leave"), 1)
    assert "ann" not in again.where
    ops = again.flush()
    assert {"op": "restore", "player": "ann"} in ops
    store.close()
