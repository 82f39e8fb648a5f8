package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/** The prepared ops waiting for the server thread, and its tick budget: run in order, as many a tick as the budget allows. */
final class MainThreadQueue {
    /** The source the stats and the slow-op log show for the vault's main-thread follow-ups (clear, then the cards). */
    private static final JsonElement VAULT_STEP = new JsonPrimitive("inventory vault: a save or read finished (clear, cards in, or items back)");

    private final Platform platform;
    private final OpPreparer preparer;
    private final ApplyStats stats;
    private final BridgeLegs legs;
    private final ConcurrentLinkedQueue<Step> steps = new ConcurrentLinkedQueue<>();
    private final AtomicInteger scheduled = new AtomicInteger();
    /** Server time one tick may spend on ops; the rest waits for the next tick (-Dunocraft.tickBudgetMicros). */
    private volatile long budgetNanos = Long.getLong("unocraft.tickBudgetMicros", 2_000) * 1_000;

    MainThreadQueue(Platform platform, OpPreparer preparer, ApplyStats stats, BridgeLegs legs) {
        this.platform = platform;
        this.preparer = preparer;
        this.stats = stats;
        this.legs = legs;
    }

    /**
     * A py4j thread's parsed batch ({@link OpBatch}): each op is checked and built here, then queued
     * for the main thread; {@code answer} (null for none): the engine's answer to polled events,
     * whose way through the server is timed ({@link BridgeLegs}).
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

    /** The inventory vault's thread hands back {@code then} (a save or read finished): one step of its own. */
    void queueVaultFollowUp(Runnable then) {
        queueSteps(List.of(new Step(VAULT_STEP, "vault", then, new Step.Batch(), true)));
    }

    /** Any thread: queues steps for the main thread, in order after those queued before. */
    private void queueSteps(List<Step> prepared) {
        steps.addAll(prepared);
        if (scheduled.getAndIncrement() == 0) {
            platform.runOnMain(this::drain);
        }
    }

    /**
     * One tick's share of the queued ops, in order: at least one op, then more while the tick's
     * budget lasts; what is left goes to the next tick (counted: the stats line says how often).
     */
    private void drain() {
        scheduled.set(0);
        long start = System.nanoTime();
        long cpuMark = ApplyStats.cpuTime();
        Step s;
        while ((s = steps.poll()) != null) {
            run(s);
            Step next = steps.peek();
            boolean outOfBudget = next != null && System.nanoTime() - start >= budgetNanos;
            if (s.last() || next == null || outOfBudget || next.batch() != s.batch()) {
                cpuMark = stats.charge(s, cpuMark);
            }
            if (outOfBudget) {
                stats.carriedOver();
                if (scheduled.getAndIncrement() == 0) {
                    platform.runOnMain(this::drain);
                }
                break;
            }
        }
        stats.tick(System.nanoTime() - start);
    }

    /** Runs one op, adding its wall time to its batch (and noting the batch's slowest op). */
    private void run(Step s) {
        long t0 = System.nanoTime();
        try {
            s.action().run();
        } catch (RuntimeException ex) {
            preparer.warnBadOp(s.source(), ex);
        }
        stats.ran(s, System.nanoTime() - t0);
    }

    /** Applies the ops of one batch in order, now, as the main thread would, without a budget (tests and the rehearsal). */
    void applyNow(JsonArray ops) {
        long cpuMark = ApplyStats.cpuTime();
        for (Step s : preparer.prepare(ops)) {
            run(s);
            cpuMark = stats.charge(s, cpuMark);
        }
    }

    /** Server time one tick may spend on ops, in ns. */
    long budgetNanos() {
        return budgetNanos;
    }

    /** Sets the server time one tick may spend on ops (tests). */
    void budget(long micros) {
        budgetNanos = micros * 1_000;
    }
}
