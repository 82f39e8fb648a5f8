package dev.unocraft.core;

import static dev.unocraft.core.Timings.millis;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** What applying ops costs the server thread: batch, tick and per-op-kind times, the slow-op log, and the stats lines and figures made of them. */
final class ApplyStats {
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported();
    /** An op slower than this on the server thread (wall time) is logged (the first 20), to find what lags (-Dunocraft.slowOpMicros). */
    private static final long SLOW_OP_NANOS = Long.getLong("unocraft.slowOpMicros", 5_000) * 1_000;

    private final java.util.logging.Logger logger;
    private final AtomicLong carried = new AtomicLong();     // ticks that ran out of budget with ops left
    private final Timings batchTimes = new Timings();
    private final Timings tickTimes = new Timings();
    /** Per op kind ("items", "sidebar", …, "vault" for the vault's follow-ups): {ops applied, their server time in ns}. */
    private final Map<String, long[]> opKinds = new java.util.HashMap<>();
    /**
     * The CPU time of the same batches: the wall time above also counts the ticks' thread waiting
     * for a core (a busy machine) or for a GC pause; this is what the ops themselves cost.
     */
    private final Timings batchCpuTimes = new Timings();
    private final AtomicInteger slowOpsLogged = new AtomicInteger();

    ApplyStats(java.util.logging.Logger logger) {
        this.logger = logger;
    }

    /** The server thread's CPU time so far, in nanoseconds (0 where the JVM cannot tell). */
    static long cpuTime() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** One op ran for {@code took} ns of wall time: added to its kind and to its batch (noting the batch's slowest op). */
    void ran(Step s, long took) {
        synchronized (opKinds) {
            long[] kind = opKinds.computeIfAbsent(s.kind(), k -> new long[2]);
            kind[0]++;
            kind[1] += took;
        }
        Step.Batch b = s.batch();
        synchronized (b) {      // a batch's ops may run in several lanes, on several threads (Folia)
            b.ran++;
            b.nanos += took;
            if (took > b.slowestNanos) {
                b.slowestNanos = took;
                b.slowest = s.source();
            }
        }
    }

    /**
     * The server thread's CPU time since {@code mark} goes to the step's batch, and a batch that is
     * done is recorded (and its slowest op logged when it was slow: the first 20). The CPU clock is
     * read once per batch, not around every op: a read is a system call (about 1 µs), and a batch
     * has several ops. Returns the new mark: after the slow-op line, if one was logged, so that the
     * line's own time (the logger's first use loads classes: tens of ms) is charged to no batch.
     */
    long charge(Step s, long mark) {
        long now = cpuTime();
        Step.Batch b = s.batch();
        long nanos;
        long cpuNanos;
        long slowestNanos;
        JsonElement slowest;
        synchronized (b) {
            b.cpuNanos += now - mark;
            if (b.ran < b.size || b.recorded) {
                return now;
            }
            b.recorded = true;      // every op of it has run, in whichever lane
            nanos = b.nanos;
            cpuNanos = b.cpuNanos;
            slowestNanos = b.slowestNanos;
            slowest = b.slowest;
        }
        batchTimes.record(nanos);
        batchCpuTimes.record(cpuNanos);
        if (slowestNanos > SLOW_OP_NANOS && slowOpsLogged.getAndIncrement() < 20) {
            String op = slowest.toString();
            logger.info("an op took " + millis(slowestNanos / 1000.0) + " ms on the server thread (its batch "
                    + millis(nanos / 1000.0) + " ms, CPU " + millis(cpuNanos / 1000.0) + " ms): "
                    + (op.length() > 120 ? op.substring(0, 120) + "…" : op));
            return cpuTime();
        }
        return now;
    }

    /** One tick's share of the queue took {@code nanos} of the server thread. */
    void tick(long nanos) {
        tickTimes.record(nanos);
    }

    /** A tick ran out of budget with ops left. */
    void carriedOver() {
        carried.incrementAndGet();
    }

    /** One line for the log: how many op batches were applied and the server time each took, in ms. */
    String statsLine() {
        long[] b = batchTimes.summary();
        long[] c = batchCpuTimes.summary();
        return "op batches applied: " + b[0] + ", time per batch on the server thread: median " + millis(b[1] / 1000.0)
                + " ms, p99 " + millis(b[2] / 1000.0) + " ms; its CPU time: median " + millis(c[1] / 1000.0)
                + " ms, p99 " + millis(c[2] / 1000.0) + " ms, max " + millis(c[3] / 1000.0) + " ms";
    }

    /** The second stats line: the slowest batch, the server time per tick spent on ops, and how often a tick's budget ({@code budgetNanos}) carried ops over. */
    String tickStatsLine(long budgetNanos) {
        long[] b = batchTimes.summary();
        long[] t = tickTimes.summary();
        return "slowest op batch " + millis(b[3] / 1000.0) + " ms; time per tick on ops: median " + millis(t[1] / 1000.0)
                + " ms, p99 " + millis(t[2] / 1000.0) + " ms, max " + millis(t[3] / 1000.0) + " ms (" + t[0] + " ticks); ticks that carried ops over to the next: "
                + carried.get() + " (budget " + millis(budgetNanos / 1000.0) + " ms per tick)";
    }

    /** The third stats line: where the server time goes, by op kind, the costliest first: mean time per op and how many. */
    String opKindsLine() {
        return "server time per op kind (mean per op, ops):" + opKindTimes().stream()
                .sorted(java.util.Comparator.comparingLong(OpKind::nanos).reversed())
                .map(k -> " " + k.kind() + " " + millis(k.meanMicros()) + " ms (" + k.ops() + ")")
                .collect(java.util.stream.Collectors.joining(","));
    }

    /** One op kind's share of the server thread: the ops of that kind applied so far and their server time in all. */
    record OpKind(String kind, long ops, long nanos) {
        double meanMicros() {
            return nanos / 1000.0 / ops;
        }
    }

    /** The per-kind counts as they are now (the server thread adds to them as it runs ops), for the log line and the stats. */
    private List<OpKind> opKindTimes() {
        synchronized (opKinds) {
            return opKinds.entrySet().stream().map(e -> new OpKind(e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
        }
    }

    /** The batch and tick figures for the stats call (batches … carried), in µs. */
    JsonObject json() {
        long[] b = batchTimes.summary();
        long[] t = tickTimes.summary();
        JsonObject o = new JsonObject();
        o.addProperty("batches", b[0]);
        o.addProperty("median_us", b[1] / 1000.0);
        o.addProperty("p99_us", b[2] / 1000.0);
        o.addProperty("max_us", b[3] / 1000.0);
        long[] c = batchCpuTimes.summary();
        o.addProperty("cpu_median_us", c[1] / 1000.0);
        o.addProperty("cpu_p99_us", c[2] / 1000.0);
        o.addProperty("cpu_max_us", c[3] / 1000.0);
        o.addProperty("ticks", t[0]);
        o.addProperty("tick_median_us", t[1] / 1000.0);
        o.addProperty("tick_p99_us", t[2] / 1000.0);
        o.addProperty("tick_max_us", t[3] / 1000.0);
        o.addProperty("carried", carried.get());
        return o;
    }

    /** The per-kind figures for the stats call: {kind: {ops, mean_us}}. */
    JsonObject opKindsJson() {
        JsonObject kinds = new JsonObject();
        for (OpKind kind : opKindTimes()) {
            JsonObject k = new JsonObject();
            k.addProperty("ops", kind.ops());
            k.addProperty("mean_us", kind.meanMicros());
            kinds.add(kind.kind(), k);
        }
        return kinds;
    }
}
