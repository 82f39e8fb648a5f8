"""The test tiers (pyproject.toml's markers): a test file is marked e2e, db or slow as a whole
(`pytestmark`) or listed here as fast, so a new file cannot land in the fast tier unnoticed.
`scripts/test --fast` runs the fast files' tests but those marked one by one; `scripts/test` all."""

import ast
import tomllib
from pathlib import Path

TESTS = Path(__file__).parent
TIERS = {"e2e", "db", "slow"}


def tier(source: str) -> str | None:
    """The tier a module-level `pytestmark = pytest.mark.<tier>` gives a test file (a line of that
    shape inside a string, such as a script a test runs, is no marker)."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "pytestmark" for t in node.targets):
            mark = node.value
            if isinstance(mark, ast.Attribute) and isinstance(mark.value, ast.Attribute) and mark.value.attr == "mark":
                return mark.attr
    return None

#: The rules, tables and presentation tests, each a few seconds at most. A test in one of them
#: that starts a server or takes long is marked itself (test_search.py, test_transport_logs.py, ...);
#: tests/conftest.py names the unmarked ones that took over 5 s.
FAST = {
    "test_codec.py",
    "test_tables_core_strings.py",
    "test_bench_engine_vs_rlcard.py",
    "test_rules_values.py",
    "test_tables_placeholders.py",
    "test_view_dict.py",
    "test_tables_respawn.py",
    "test_tables_left_seat.py",
    "test_tables_input.py",
    "test_tables_stage.py",
    "test_protocol.py",
    "test_docs_names.py",
    "test_web.py",
    "test_api_stub.py",
    "test_bench_sched_delays.py",
    "test_bots.py",
    "test_cards.py",
    "test_cli.py",
    "test_dos.py",
    "test_dos_words.py",
    "test_engine.py",
    "test_engine_process.py",
    "test_event_kinds.py",
    "test_events_off.py",
    "test_first_hour.py",
    "test_house_registry.py",
    "test_house_rules.py",
    "test_house_state_owned.py",
    "test_lang_overrides.py",
    "test_lang_quality.py",
    "test_mcpi_board.py",
    "test_plugin_engine_yaml.py",
    "test_presentation_chat.py",
    "test_presentation_faces.py",
    "test_presentation_lang.py",
    "test_presentation_minecraft_art.py",
    "test_presentation_palette.py",
    "test_properties.py",
    "test_rules_imports.py",
    "test_rules_own_their_names.py",
    "test_rules_queries.py",
    "test_rules_types.py",
    "test_scenarios.py",
    "test_search.py",
    "test_serve_build.py",
    "test_speed_caches.py",
    "test_stats_rating.py",
    "test_stats_winnings.py",
    "test_table_store_checkpoints.py",
    "test_table_store_readers.py",
    "test_table_store_writers.py",
    "test_tables.py",
    "test_stakes.py",
    "test_tables_admin.py",
    "test_tables_collector.py",
    "test_tables_commands.py",
    "test_tables_config.py",
    "test_tables_events.py",
    "test_tables_notices.py",
    "test_tables_redraw.py",
    "test_tables_render.py",
    "test_tables_render_cache.py",
    "test_tables_render_dos.py",
    "test_tables_saving.py",
    "test_tables_sidebar.py",
    "test_tables_sounds.py",
    "test_tables_stats.py",
    "test_tables_text.py",
    "test_tables_wakeups.py",
    "test_transport_logs.py",
    "test_tiers.py",
}


def test_every_test_file_has_a_tier_or_is_listed_as_fast():
    files = {p.name: p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py")}
    marked = {name: found for name, text in files.items() if (found := tier(text))}
    assert set(marked.values()) <= TIERS, marked
    assert not set(files) - set(marked) - FAST, \
        f"give these a tier (pytestmark = pytest.mark.e2e, db or slow) or list them in FAST: " \
        f"{sorted(set(files) - set(marked) - FAST)}"
    assert not FAST & set(marked), f"marked and listed as fast: {sorted(FAST & set(marked))}"
    assert FAST <= set(files), f"listed as fast but gone: {sorted(FAST - set(files))}"
    assert all(marked.get(name) == "e2e" for name in files if name.startswith("test_e2e_"))


def test_a_marker_inside_a_string_is_no_tier():
    assert tier('import pytest\npytestmark = pytest.mark.slow\n') == "slow"
    assert tier('SCRIPT = """\npytestmark = pytest.mark.slow\n"""\n') is None


def test_the_tiers_are_the_registered_markers():
    pytest_ini = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert {line.split(":")[0] for line in pytest_ini["markers"]} == TIERS
    assert "--strict-markers" in pytest_ini["addopts"].split()     # a misspelt tier is an error, not a new marker
