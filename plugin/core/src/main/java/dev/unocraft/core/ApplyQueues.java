package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The prepared ops waiting to be applied, in lanes: one per player (run where {@link Scheduling#forPlayer}
 * runs that player's work) and one global (maps, the console, settlements). A batch is split by lane; in a
 * lane the order is kept, and a player's ops wait for the global ops before them in their batch
 * ({@link Step.Gate}). Each lane runs as many ops a tick as the tick budget allows, the rest in the next.
 * On a one-thread server every lane runs on the main thread; on Folia, lanes of players in different regions
 * run at once: what they share is guarded where it lives (docs/architecture.md says what and how).
 */
final class ApplyQueues {
    /** The source the stats and the slow-op log show for the vault's and the stakes' follow-ups. */
    private static final JsonElement FOLLOW_UP = new JsonPrimitive("inventory vault or stakes: a save or read finished (clear, cards in, items back, a payment)");

    private final Scheduling scheduling;
    private final OpPreparer preparer;
    private final ApplyStats stats;
    private final BridgeLegs legs;
    private final Lane global = new Lane(null);
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    /** Server time one lane may spend on ops in one run; the rest waits for the next (-Dunocraft.tickBudgetMicros). */
    private volatile long budgetNanos = Long.getLong("unocraft.tickBudgetMicros", 2_000) * 1_000;

    ApplyQueues(Scheduling scheduling, OpPreparer preparer, ApplyStats stats, BridgeLegs legs) {
        this.scheduling = scheduling;
        this.preparer = preparer;
        this.stats = stats;
        this.legs = legs;
    }

    /**
     * A py4j thread's parsed batch ({@link OpBatch}): each op is checked and built here, then queued in
     * its lane; {@code answer} (null for none): the engine's answer to polled events, whose way through
     * the server is timed ({@link BridgeLegs}).
     */
    void queueBatch(JsonArray batch, BridgeLegs.Answer answer) {
        List<Step> prepared = preparer.prepare(batch);
        if (answer != null) {
            Step first = prepared.get(0);
            prepared.set(0, first.doing(() -> {
                legs.firstOp(answer);
                first.action().run();
            }));
            Step last = prepared.get(prepared.size() - 1);
            prepared.set(prepared.size() - 1, last.doing(() -> {
                try {
                    last.action().run();
                } finally {
                    legs.lastOp(answer);
                }
            }));
            legs.queued(answer);
        }
        queueSteps(prepared);
    }

    /** The vault's or the stakes' thread hands back {@code then} for {@code player} (null: global work), after that lane's ops. */
    void followUp(String player, Runnable then) {
        queueSteps(List.of(new Step(FOLLOW_UP, "vault", then, new Step.Batch(1), player, null)));
    }

    /** Any thread: each step to its lane, in order after those queued before. */
    private void queueSteps(List<Step> prepared) {
        Map<Lane, List<Step>> byLane = new LinkedHashMap<>();
        for (Step s : prepared) {
            byLane.computeIfAbsent(s.player() == null ? global : lanes.computeIfAbsent(s.player(), Lane::new),
                    l -> new ArrayList<>()).add(s);
        }
        byLane.forEach(Lane::add);
    }

    /** The player is gone: their lane is dropped once it is empty (a new one is made if ops still come). */
    void forget(String player) {
        lanes.computeIfPresent(player, (k, lane) -> lane.idle() ? null : lane);
    }

    /** One lane: its steps and whether a run of it is scheduled. */
    private final class Lane {
        final String player;
        final ConcurrentLinkedQueue<Step> steps = new ConcurrentLinkedQueue<>();
        final AtomicInteger scheduled = new AtomicInteger();

        Lane(String player) {
            this.player = player;
        }

        void add(List<Step> more) {
            steps.addAll(more);
            schedule();
        }

        boolean idle() {
            return steps.isEmpty() && scheduled.get() == 0;
        }

        void schedule() {
            if (scheduled.getAndIncrement() == 0) {
                if (player == null) {
                    scheduling.global(this::drain);
                } else {
                    scheduling.forPlayer(player, this::drain);
                }
            }
        }

        /**
         * One run's share of the lane, in order: at least one op, then more while the budget lasts; what is
         * left goes to the next run (counted: the stats line says how often). A step whose gate is shut stops
         * the run; the gate's opening schedules the lane again.
         */
        void drain() {
            scheduled.set(0);
            long start = System.nanoTime();
            long cpuMark = ApplyStats.cpuTime();
            Step s;
            Step uncharged = null;
            while ((s = steps.peek()) != null) {
                if (s.player() != null && s.gate() != null && s.gate().await(this::schedule)) {
                    break;
                }
                steps.poll();
                run(s);
                uncharged = s;
                Step next = steps.peek();
                boolean outOfBudget = next != null && System.nanoTime() - start >= budgetNanos;
                if (next == null || outOfBudget || next.batch() != s.batch()) {
                    cpuMark = stats.charge(s, cpuMark);
                    uncharged = null;
                }
                if (outOfBudget) {
                    stats.carriedOver();
                    schedule();
                    break;
                }
            }
            if (uncharged != null) {
                stats.charge(uncharged, cpuMark);
            }
            stats.tick(System.nanoTime() - start);
        }
    }

    /** Runs one op, adding its wall time to its batch (and noting the batch's slowest op); a global op passes its gate. */
    private void run(Step s) {
        long t0 = System.nanoTime();
        try {
            s.action().run();
        } catch (RuntimeException ex) {
            preparer.warnBadOp(s.source(), ex);
        } finally {
            if (s.player() == null && s.gate() != null) {
                s.gate().passed();
            }
        }
        stats.ran(s, System.nanoTime() - t0);
    }

    /** Applies the ops of one batch in order, now, on this thread, without a budget (tests and the rehearsal). */
    void applyNow(JsonArray ops) {
        long cpuMark = ApplyStats.cpuTime();
        for (Step s : preparer.prepare(ops)) {
            run(s);
            cpuMark = stats.charge(s, cpuMark);
        }
    }

    /** Server time one lane may spend on ops in one run, in ns. */
    long budgetNanos() {
        return budgetNanos;
    }

    /** Sets the server time one lane may spend on ops in one run (tests). */
    void budget(long micros) {
        budgetNanos = micros * 1_000;
    }
}
