package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Player input waiting for the engine. The main thread only offers (never blocks); the engine's
 * py4j thread long-polls. Bounded so a dead engine cannot make the server run out of memory.
 */
public final class EventQueue {
    public static final int CAPACITY = 10_000;
    private final LinkedBlockingQueue<JsonObject> queue = new LinkedBlockingQueue<>(CAPACITY);

    /** Adds an event; drops it (returns false) when the queue is full. */
    public boolean offer(JsonObject event) {
        event.addProperty("t", System.nanoTime());
        return queue.offer(event);
    }

    /** Waits up to maxWaitMs for the first event, then takes every event already queued. */
    public JsonArray poll(long maxWaitMs) throws InterruptedException {
        JsonArray batch = new JsonArray();
        JsonObject first = maxWaitMs <= 0 ? queue.poll() : queue.poll(maxWaitMs, TimeUnit.MILLISECONDS);
        if (first == null) {
            return batch;
        }
        batch.add(first);
        List<JsonObject> rest = new ArrayList<>();
        queue.drainTo(rest, 500);
        rest.forEach(batch::add);
        return batch;
    }

    public void clear() {
        queue.clear();
    }

    public int size() {
        return queue.size();
    }
}
