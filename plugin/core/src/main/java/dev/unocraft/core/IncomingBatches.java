package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The engine's op batches, read ({@link OpBatch}) and prepared ({@link UnoCore#queueBatch}) on the
 * py4j thread that received them, in the order they came ({@link Bridge#receiveOps}: sent one way,
 * or through {@code applyOps}). The engine does not wait for this (a batch sent one way is not
 * answered), and queueing for the server thread never blocks, so the py4j thread then serves the
 * engine's next call. Preparing here, not on a thread of its own, saves a batch a thread wake-up on
 * its way to the player (the bridge's "prepare" leg: median 0.24 -> 0.15 ms, p99 8-11 -> 1.6-1.8 ms
 * at load 7-10 in `benchmarks/bridge_latency.py`). A malformed batch changes nothing: it is logged
 * here ("refused ...") and the engine is told with its next poll (a {@code "refused_batch"} event),
 * and every later batch applies.
 */
final class IncomingBatches {
    private final UnoCore core;
    final Timings read = new Timings();         // the text read and checked
    final Timings prepare = new Timings();      // its ops built and queued for the server thread

    IncomingBatches(UnoCore core) {
        this.core = core;
    }

    /** Reads the batch and queues its prepared ops for the server thread; a malformed one is refused. */
    void readAndPrepare(String json, BridgeLegs.Answer answer) {
        long start = System.nanoTime();
        JsonArray ops;
        try {
            ops = OpBatch.parse(json);
        } catch (IllegalArgumentException e) {
            core.platform().logger().warning("refused " + e.getMessage());
            JsonObject refused = new JsonObject();
            refused.addProperty("type", "refused_batch");
            refused.addProperty("error", e.getMessage());
            core.events().offer(refused);
            return;
        }
        long parsed = System.nanoTime();
        read.record(parsed - start);
        try {
            core.queueBatch(ops, answer);
        } catch (RuntimeException e) {      // a fault of ours: logged, and the next batch still applies
            core.platform().logger().severe("preparing an op batch failed: " + e);
        }
        prepare.record(System.nanoTime() - parsed);
    }

    /** The two times for the stats call: {name: {n, median_us, p99_us, max_us}}. */
    JsonObject json() {
        JsonObject o = new JsonObject();
        o.add("read", BridgeLegs.json(read));
        o.add("prepared and queued", BridgeLegs.json(prepare));
        return o;
    }
}
