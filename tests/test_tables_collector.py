"""The loop's garbage collector policy (collector.py): what lives on leaves the full passes, and
what died in a reference cycle while frozen is collected at the next thaw."""

import gc
import weakref

import pytest

from unocraft.tables.collector import FREEZE_EVERY, THAW_EVERY, Collector


class Node:
    def __init__(self):
        self.me = self        # a reference cycle: only the collector frees it


@pytest.fixture
def collector():
    # The automatic collections stay off during a test: one of them between two steps would move
    # the test's young garbage into the oldest generation on its own (a CI run failed that way),
    # and what is young or old is what these tests are about.
    gc.disable()
    c = Collector(0.0)
    c.freeze_all(0.0)
    yield c
    gc.enable()
    gc.unfreeze()
    gc.collect()


def test_what_lives_on_is_frozen_every_few_seconds_and_young_garbage_is_not(collector):
    alive = Node()
    dead = weakref.ref(Node())          # cyclic garbage in the young generation
    collector.settle(FREEZE_EVERY / 2)
    assert any(o is alive for o in gc.get_objects())
    collector.settle(FREEZE_EVERY)
    assert dead() is None                               # collected by the young collection, not frozen
    assert gc.is_tracked(alive) and not any(o is alive for o in gc.get_objects())   # left the full passes
    fresh = Node()
    collector.settle(FREEZE_EVERY + 1)                  # not again before the next interval
    assert any(o is fresh for o in gc.get_objects())
    collector.settle(2 * FREEZE_EVERY)
    assert not any(o is fresh for o in gc.get_objects())


def test_a_cycle_that_died_frozen_is_collected_at_the_thaw(collector):
    node = Node()
    ref = weakref.ref(node)
    collector.settle(FREEZE_EVERY)
    assert not any(o is node for o in gc.get_objects())   # frozen
    del node
    collector.settle(2 * FREEZE_EVERY)
    gc.collect()
    assert ref() is not None                            # frozen: no full pass frees it ...
    collector.settle(THAW_EVERY)
    assert ref() is None                                # ... until the thaw collects everything
    assert gc.get_freeze_count() > 0                    # and freezes what lives again
