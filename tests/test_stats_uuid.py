"""Statistics follow the player's UUID (issue 8): a renamed player (online-mode servers allow it)
keeps their statistics, under the new name; rows written by name before are taken over."""

import sqlite3

from unocraft.tables.stats import StatsStore

UUID = "0f0e0d0c-0000-4000-8000-000000000001"


def test_a_renamed_player_keeps_their_statistics_under_the_new_name(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add({"ann": {"matches_played": 1, "matches_won": 1}}, uuids={"ann": UUID}, now=1)
    s.add({"anna": {"matches_played": 1}}, uuids={"anna": UUID}, now=2)      # the same account, renamed
    row = s.get("anna")
    assert row["name"] == "anna" and row["uuid"] == UUID
    assert (row["matches_played"], row["matches_won"]) == (2, 1)
    assert s.names() == ["anna"]
    # someone else may take the old name now: a new row, not the renamed player's
    s.add({"ann": {"matches_played": 1}}, uuids={"ann": "another-uuid"}, now=3)
    assert s.get("ann")["matches_played"] == 1 and s.get("anna")["matches_played"] == 2


def test_a_row_kept_by_name_before_becomes_the_uuids(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add({"bob": {"rounds_played": 3}}, now=1)                  # no UUID yet (an older plugin)
    s.add({"bob": {"rounds_played": 1}}, uuids={"bob": UUID}, now=2)
    s.add({"bobby": {"rounds_played": 1}}, uuids={"bobby": UUID}, now=3)
    assert s.get("bobby")["rounds_played"] == 5
    with sqlite3.connect(tmp_path / "s.sqlite") as db:
        assert db.execute("SELECT key, name FROM player_stats").fetchall() == [(UUID, "bobby")]
