"""The command line: exit codes and messages for good and bad input (never a traceback)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

SCEN = Path(__file__).parent / "scenarios"


def unocraft(*args, cwd=None):
    proc = subprocess.run([sys.executable, "-m", "unocraft.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


GOOD = """
name: number on number
players: [ann, bob]
hands: {ann: [R7, G2], bob: [B1, B2]}
start: R5
actions:
  - ann: play R7
expect:
  - after: 0
    top: R7
    turn: bob
"""


def test_passing_scenario_exits_0(tmp_path):
    proc = unocraft("scenario", write(tmp_path, GOOD))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_failing_expectation_exits_1_with_expected_actual_and_index(tmp_path):
    proc = unocraft("scenario", write(tmp_path, GOOD.replace("turn: bob", "turn: ann")))
    assert proc.returncode == 1
    assert "after action 0" in proc.stdout and "expected 'ann'" in proc.stdout and "got 'bob'" in proc.stdout


def test_unexpected_refusal_is_a_failure(tmp_path):
    proc = unocraft("scenario", write(tmp_path, GOOD.replace("ann: play R7", "bob: play B1")))
    assert proc.returncode == 1 and "not_your_turn" in proc.stdout


def test_events_are_json_lines(tmp_path):
    proc = unocraft("scenario", "--events", write(tmp_path, GOOD))
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert any(e["type"] == "play" and e["card"] == "R7" for e in events)


@pytest.mark.parametrize("text, words", [
    (GOOD.replace("R7, G2", "R7, X9"), ["hands.ann[1]", "unknown card code"]),
    (GOOD.replace("[ann, bob]", "[ann]"), ["2 to 10 players"]),
    (GOOD.replace("hands: {ann: [R7, G2]", "hands: {ann: [R0, R0]"), ["more copies of R0"]),
    (GOOD + "rules: {jump_inn: true}\n", ["unknown option 'jump_inn'"]),
    (GOOD + "rules: {jump_in: maybe}\n", ["jump_in must be true or false"]),
    (GOOD + "rules: {until_the_last: true, seven_rounds: true}\n", ["cannot be used together"]),
    (GOOD.replace("ann: play R7", "dan: play R7"), ["actions[0]", "unknown player 'dan'"]),
    (GOOD.replace("ann: play R7", "ann: fly"), ["actions[0]", "unknown action"]),
    ("players: [a, b\n  - x: [", ["line", "bad YAML"]),
    (GOOD.replace("after: 0", "after: 7"), ["expect[0]"]),
    (GOOD + "preset: classic-ish\n", ["unknown preset"]),
    # a player named by an action, acting or targeted, must be seated: the line is named
    (GOOD.replace("ann: play R7", "bob: catch zed"), ["actions[0] (line 7)", "unknown player 'zed'",
                                                     "bob: catch zed"]),
    (GOOD.replace("ann: play R7", "ann: swap zed"), ["actions[0] (line 7)", "unknown player 'zed'"]),
    (GOOD.replace("ann: play R7", "zed: draw"), ["actions[0] (line 7)", "unknown player 'zed'"]),
    (GOOD.replace("ann: play R7", "next_round: {hands: {zed: [R1]}}"), ["next_round.hands", "unknown player"]),
    (GOOD.replace("ann: play R7", "next_round: {cards: [R1]}"), ["actions[0]", "next_round takes"]),
])
def test_malformed_scenarios_exit_2_naming_the_problem(tmp_path, text, words):
    proc = unocraft("scenario", write(tmp_path, text))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    for word in words:
        assert word in proc.stderr, (word, proc.stderr)


def test_a_missing_file_exits_2(tmp_path):
    proc = unocraft("scenario", str(tmp_path / "nope.yaml"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_all_repo_scenarios_pass_from_the_command_line():
    proc = unocraft("scenario", "-q", str(SCEN / "**" / "*.yaml"))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " 0 failed" in proc.stdout


@pytest.mark.parametrize("args, words", [
    (["--preset", "nope"], ["unknown preset"]),
    (["--players", "11"], ["2 to 10 players"]),
    (["--preset", "dos", "--players", "5"], ["2 to 4 players"]),
    (["--rules", "target=lots"], ["target must be a whole number"]),
    (["--rules", "jump_in"], ["expected option=value"]),
    (["--bots", "genius"], ["unknown bot"]),
    (["--games", "0"], ["--games"]),
    (["--gmaes", "3"], ["unrecognized arguments"]),
])
def test_sim_bad_input_exits_2(args, words):
    proc = unocraft("sim", *args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    for word in words:
        assert word in proc.stderr


def test_sim_prints_win_rates_turns_and_speed():
    proc = unocraft("sim", "--games", "20", "--players", "3", "--bots", "strong,random", "--check")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.count("win rate") == 3 and "95% CI" in out and "turns per round" in out and "games/s" in out


def test_every_refusal_code_is_documented():
    from unocraft.rules.errors import CODES
    doc = (Path(__file__).parents[1] / "docs" / "engine.md").read_text()
    for code in CODES:
        assert f"`{code}`" in doc, code


def test_stress_plays_random_option_sets_and_reports():
    proc = unocraft("stress", "--matches", "15", "--seed", "4")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("15 matches over random option sets, 0 failures")
    assert re.search(r"^memory \d+\.\d MB after the first match, \d+\.\d MB at the end "
                     r"\([+-]\d+\.\d MB; bound 16 MB\)$", proc.stdout, re.M), proc.stdout


def test_stress_counts_memory_grown_beyond_the_bound_as_a_failure(monkeypatch, capsys):
    from unocraft import cli, stress
    kept = []
    real = stress.play_match

    def leaking(game, bots, check=False, one_round=False):
        kept.append(b"\x01" * (4 * 1024 * 1024))     # 4 MB a match, written (untouched pages are not resident), never freed
        return real(game, bots, check=check, one_round=one_round)
    monkeypatch.setattr(stress, "play_match", leaking)
    assert cli.main(["stress", "--matches", "4", "--seed", "2", "--memory-bound", "5"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"^FAIL memory grew by \d+\.\d MB over 4 matches \(bound 5 MB\): a leak$", out, re.M), out
    assert out.strip().endswith("4 matches over random option sets, 1 failures")
    kept.clear()
    monkeypatch.setattr(stress, "play_match", real)
    assert cli.main(["stress", "--matches", "4", "--seed", "2", "--memory-bound", "5"]) == 0


@pytest.mark.parametrize("args", [["--matches", "0"], ["--seconds", "-1"], ["--matches", "lots"],
                                  ["--memory-bound", "0"], ["--memory-bound", "nan"]])
def test_stress_bad_arguments_exit_2(args):
    proc = unocraft("stress", *args)
    assert proc.returncode == 2 and proc.stderr


def test_stress_reports_a_failure_with_what_reproduces_it(monkeypatch, capsys):
    from unocraft import cli, stress
    from unocraft.simulate import Stalled

    def broken(game, bots, check=False, one_round=False):
        raise Stalled("a card was lost")
    monkeypatch.setattr(stress, "play_match", broken)
    assert cli.main(["stress", "--matches", "3", "--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert out.count("FAIL Stalled: a card was lost") == 3
    assert "options {" in out and "seed " in out and "bots " in out
    assert out.strip().endswith("3 matches over random option sets, 3 failures")


def test_the_example_of_docs_scenarios_md_runs(tmp_path):
    import re
    doc = (Path(__file__).parents[1] / "docs" / "scenarios.md").read_text()
    example = re.search(r"```yaml\n(name:.*?)```", doc, re.S).group(1)
    proc = unocraft("scenario", write(tmp_path, example))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_docs_point_only_at_files_in_the_repo():
    root = Path(__file__).parents[1]
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = path.read_text()
        assert "shared/rules" not in text, path
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            assert (path.parent / target).exists(), (path.name, target)
