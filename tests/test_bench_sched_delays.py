"""benchmarks/sched_delays.py reads `perf sched timehist` right: the waits for a core of each
thread, and whether another core idled meanwhile (rows recorded here during a latency run: the
engine's loop thread queued 4.2 ms behind the server's JIT compiler while the other core idled)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import sched_delays  # noqa: E402

HEADER = """\
           time    cpu  task name                       wait time  sch delay   run time
                        [tid/pid]                          (msec)     (msec)     (msec)
--------------- ------  ------------------------------  ---------  ---------  ---------
"""
TIMEHIST = HEADER + """\
    8475.093110 [0000]  node[6246]                          0.167      0.000      0.479
    8475.093343 [0000]  <idle>                              1.335      0.000      0.233
    8475.093523 [0000]  Thread-1[6243/6200]                 0.712      0.061      0.180
    8475.093563 [0000]  unocraft-apply[6245/6200]          48.158      0.013      0.039
    8475.093607 [0000]  ForkJoinPool-1-[6234/6200]          1.234      0.003      0.043
    8475.093864 [0001]  python[6241/6235]                  47.012      0.035      1.240
    8475.093867 [0000]  node[6246]                          0.496      0.015      0.260
    8475.093924 [0001]  Ms-TickSchedule[6230/6200]          1.240      0.000      0.059
    8475.093999 [0000]  unocraft-apply[6245/6200]           0.303      0.000      0.131
    8475.094101 [0000]  Thread-1[6243/6200]                 0.475      0.172      0.101
    8475.094126 [0001]  ForkJoinPool-1-[6234/6200]          0.317      0.036      0.201
    8475.094136 [0001]  C1 CompilerThre[6216/6200]        149.669      0.161      0.010
    8475.094323 [0000]  node[6246]                          0.233      0.000      0.222
    8475.094336 [0000]  ForkJoinPool-1-[6223/6200]          2.349      0.429      0.012
    8475.094348 [0000]  kworker/0:1-eve[23506]           1028.024      0.026      0.011
    8475.095753 [0000]  node[6246]                          0.024      0.000      1.405
    8475.096023 [0000]  <idle>                              2.410      0.000      0.270
    8475.096061 [0000]  G1 Refine#0[6205/6200]             53.145      0.064      0.037
    8475.098323 [0001]  C2 CompilerThre[6215/6200]        143.221      0.167      4.186
    8475.098332 [0001]  kworker/1:4-eve[3445]             988.240      3.978      0.008
    8475.099137 [0000]  <idle>                              0.037      0.000      3.075
    8475.099188 [0001]  python[6241/6235]                   4.467      4.239      0.856
    8475.099406 [0000]  Thread-1[6243/6200]                 5.036      0.045      0.268
    8475.099429 [0000]  unocraft-apply[6245/6200]           5.407      0.062      0.023
    8475.099467 [0000]  ForkJoinPool-1-[6223/6200]          5.093      0.002      0.037
"""


def test_the_waits_of_each_thread_and_the_cores_left_idle():
    groups, idle = sched_delays.parse_timehist(TIMEHIST)
    engine = groups[(6235, "python")]
    assert engine.waits == [0.035, 4.239]
    # the long wait: from being woken to its run, which began 0.856 ms before the row's time
    [(start, end, cpu)] = engine.long_waits
    assert cpu == 1 and end == pytest.approx(8475.099188 - 0.000856) and start == pytest.approx(end - 0.004239)
    assert groups[(6200, "C2 CompilerThre")].waits == [0.167]      # a name with a space in it
    assert groups[(6246, "node")].waits == [0.0, 0.015, 0.0, 0.0]  # [tid] alone: its own process
    assert (6200, "<idle>") not in groups and len(idle[0]) == 3 and 1 not in idle
    # core 0 idled 0.270 ms, then from 8475.096062 on, while the engine's thread waited on core 1
    assert sched_delays.idle_elsewhere(idle, start, end, cpu) == pytest.approx(0.270 + (end - 8475.096062) * 1000, abs=1e-3)
    assert sched_delays.idle_elsewhere(idle, start, end, 0) == 0.0     # no other core's idle time is known


def test_the_report_puts_the_threads_with_long_waits_first():
    lines = sched_delays.report(TIMEHIST, {6235: "engine", 6200: "server", 6246: "clients"}, min_runs=1)
    assert lines[0].startswith("threads (process: name)") and lines[-1].startswith("(waits for a core in ms")
    rows = [line.split() for line in lines[1:-1]]
    # the two threads that waited 2 ms or more come first, each with a core idle meanwhile: the
    # engine's (runs, median, p99, max, long waits and their share, of them with a core idle) ...
    assert rows[0] == ["engine:", "python", "2", "2.137", "4.24", "4.24", "1", "(50.00", "%)", "1"]
    assert rows[1][:2] == ["3445:", "kworker/1:4-eve"] and rows[1][-4:] == ["1", "(100.00", "%)", "1"]
    # ... then the others by their runs, the most first
    assert rows[2][:3] == ["clients:", "node", "4"] and rows[2][-4:] == ["0", "(0.00", "%)", "0"]
    assert len(rows) == len(sched_delays.parse_timehist(TIMEHIST)[0])
    assert len(sched_delays.report(TIMEHIST, min_runs=3)) == 2 + 4      # node, ForkJoinPool, Thread-1, apply


@pytest.mark.parametrize("seconds", ["0", "-1"])
def test_a_time_that_is_no_time_is_refused_in_one_line(seconds, capsys):
    with pytest.raises(SystemExit) as exit_:
        sched_delays.main(["--seconds", seconds])
    assert exit_.value.code == 2
    assert f"--seconds: {seconds} is not a time to record for" in capsys.readouterr().err
