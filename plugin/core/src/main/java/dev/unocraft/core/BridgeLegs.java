package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where a player's input spends its time on the way through the bridge (issue 9 item 5), timed on
 * the server's clock: waiting in the {@link EventQueue} for the engine's long poll; in the engine
 * (from the poll's answer to the op batch arriving, sent one way: the poll's answer and the batch on
 * the wire, and the engine's Python); the batch read and prepared ({@link IncomingBatches}, on the py4j
 * thread that read it); waiting for the server thread (on Bukkit: the next tick; on the dev server: its applier); applying it.
 * <p>
 * The engine makes one call at a time (poll, then the ops it answers with), so the op batch that
 * follows a poll with players' actions is their answer. A poll that follows one with actions,
 * without ops in between, means those actions needed none: they are not counted.
 */
final class BridgeLegs {
    /** Events handed to the engine and not answered yet: when they were offered, and when polled. */
    private record Polled(long[] offered, long polledAt) {}

    /** One answered batch's times, filled in as it goes; the server thread adds the last two. */
    static final class Answer {
        private final long[] offered;
        private final long polledAt;
        private final long arrivedAt;
        private volatile long queuedAt;
        private volatile long firstOpAt;      // its first and last ops may run in two players' lanes (Folia)

        private Answer(Polled p, long arrivedAt) {
            this.offered = p.offered;
            this.polledAt = p.polledAt;
            this.arrivedAt = arrivedAt;
        }
    }

    private final AtomicReference<Polled> polled = new AtomicReference<>();
    final Timings queue = new Timings();        // per action: offered -> handed to the engine's poll
    final Timings engine = new Timings();       // per batch: polled -> its ops arrive (py4j both ways + Python)
    final Timings prepare = new Timings();      // per batch: ops arrived -> read, checked and queued for the server thread
    final Timings waitMain = new Timings();     // per batch: queued -> the server thread starts its first op
    final Timings apply = new Timings();        // per batch: first op started -> last op done
    final Timings total = new Timings();        // per action: offered -> its answer applied

    /** What a player waits for an answer to: a command (a chat click too), a right-click, an inventory click. */
    static final java.util.Set<String> ACTIONS = java.util.Set.of("command", "use", "click");

    /**
     * The engine's poll returned {@code events} (each stamped "t" by {@link EventQueue#offer}). Only
     * players' actions are timed: a join waits for the engine's start-up, and a quit or a chat line
     * answers nobody.
     */
    void polled(JsonArray events) {
        long now = System.nanoTime();
        long[] offered = new long[events.size()];
        int n = 0;
        for (JsonElement e : events) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("t") && o.has("type") && ACTIONS.contains(o.get("type").getAsString())) {
                offered[n] = o.get("t").getAsLong();
                queue.record(now - offered[n]);
                n++;
            }
        }
        polled.set(n == 0 ? null : new Polled(java.util.Arrays.copyOf(offered, n), now));
    }

    /** An op batch arrived: the answer to the last events polled, or null when it answers none. */
    Answer arrived() {
        Polled p = polled.getAndSet(null);
        return p == null ? null : new Answer(p, System.nanoTime());
    }

    /** The answer's ops are queued for the server thread. */
    void queued(Answer a) {
        a.queuedAt = System.nanoTime();
        engine.record(a.arrivedAt - a.polledAt);
        prepare.record(a.queuedAt - a.arrivedAt);
    }

    /** Server thread: the answer's first op starts. */
    void firstOp(Answer a) {
        a.firstOpAt = System.nanoTime();
        waitMain.record(a.firstOpAt - a.queuedAt);
    }

    /** Server thread: the answer's last op is done. */
    void lastOp(Answer a) {
        long now = System.nanoTime();
        apply.record(now - a.firstOpAt);
        for (long t : a.offered) {
            total.record(now - t);
        }
    }

    /** One log line: median and p99 of each leg, in ms. */
    String line() {
        StringBuilder b = new StringBuilder("bridge legs (median / p99 ms, ");
        b.append(engine.summary()[0]).append(" answered batches): ");
        String[] names = {"queue (offered -> polled)", "engine (polled -> ops arrive)", "prepare", "wait for the server thread",
            "apply", "total (offered -> applied)"};
        Timings[] legs = {queue, engine, prepare, waitMain, apply, total};
        for (int i = 0; i < legs.length; i++) {
            long[] s = legs[i].summary();
            b.append(i == 0 ? "" : "; ").append(names[i]).append(' ')
                    .append(Timings.millis(s[1] / 1000.0)).append(" / ").append(Timings.millis(s[2] / 1000.0));
        }
        return b.toString();
    }

    /** The same figures for the stats call: {leg: {n, median_us, p99_us, max_us}}. */
    JsonObject json() {
        JsonObject o = new JsonObject();
        String[] names = {"queue", "engine", "prepare", "wait", "apply", "total"};
        Timings[] legs = {queue, engine, prepare, waitMain, apply, total};
        for (int i = 0; i < legs.length; i++) {
            o.add(names[i], json(legs[i]));
        }
        return o;
    }

    /** One timing's {n, median_us, p99_us, max_us}. */
    static JsonObject json(Timings t) {
        long[] s = t.summary();
        JsonObject o = new JsonObject();
        o.addProperty("n", s[0]);
        String[] micros = {"median_us", "p99_us", "max_us"};
        for (int i = 0; i < micros.length; i++) {
            o.addProperty(micros[i], s[i + 1] / 1000.0);
        }
        return o;
    }
}
