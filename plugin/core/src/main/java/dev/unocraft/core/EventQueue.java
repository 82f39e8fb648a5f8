package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;

/**
 * Player input waiting for the engine. The main thread only offers (never blocks); the engine's
 * py4j thread long-polls. Bounded so a dead engine cannot make the server run out of memory.
 *
 * <p>No event is lost when the engine dies: a polled batch stays "in flight" until the engine polls
 * again (its loop polls only after it has handled the batch and saved the tables it changed), and
 * when the engine goes away ({@link #engineGone}) the batch in flight goes back to the front of the
 * queue, for the next engine. Each event carries this plugin run's {@code session} and a
 * {@code seq}: an engine whose saved tables already hold an event skips it when it comes again.
 */
public final class EventQueue {
    public static final int CAPACITY = 10_000;
    private final LinkedBlockingDeque<JsonObject> queue = new LinkedBlockingDeque<>(CAPACITY);
    private final String session = UUID.randomUUID().toString();
    private long nextSeq;
    /** The last batch polled, not yet known to be handled; guarded by {@code this}. */
    private List<JsonObject> inFlight = List.of();
    /** How many times the engine went away: a poll that began before then hands nothing to a gone engine. */
    private int generation;
    /** No engine attached since it went away (or since the plugin started it): chat waits for none. */
    private boolean away;

    /**
     * Adds an event; drops it (returns false) when the queue is full. A chat line while no engine is
     * attached is dropped (returns true): the game is paused, and talking then must not count against
     * the player when it resumes (silent twos, RULES.md §10).
     */
    public synchronized boolean offer(JsonObject event) {
        if (away && event.has("type") && "chat".equals(event.get("type").getAsString())) {
            return true;
        }
        event.addProperty("t", System.nanoTime());
        event.addProperty("session", session);
        event.addProperty("seq", ++nextSeq);
        return queue.offerLast(event);
    }

    /**
     * Waits up to maxWaitMs for the first event, then takes every event already queued. The batch
     * polled before this one is handled by now: it is forgotten.
     */
    public JsonArray poll(long maxWaitMs) throws InterruptedException {
        int polling;
        synchronized (this) {
            inFlight = List.of();
            polling = generation;
        }
        JsonArray batch = new JsonArray();
        JsonObject first = maxWaitMs <= 0 ? queue.pollFirst() : queue.pollFirst(maxWaitMs, TimeUnit.MILLISECONDS);
        if (first == null) {
            return batch;
        }
        synchronized (this) {
            if (polling != generation) {      // the engine this poll was for is gone: the event waits for the next
                queue.offerFirst(first);
                return batch;
            }
            List<JsonObject> taken = new ArrayList<>();
            taken.add(first);
            queue.drainTo(taken, 500);
            taken.forEach(batch::add);
            inFlight = taken;
        }
        return batch;
    }

    /**
     * The engine went away: the batch it polled last (which it may not have handled) goes back to the
     * front of the queue, in order, for the next engine; everything queued stays.
     */
    public synchronized void engineGone() {
        away = true;
        generation++;
        for (int i = inFlight.size() - 1; i >= 0; i--) {
            JsonObject e = inFlight.get(i);
            if (!"refused_batch".equals(e.has("type") ? e.get("type").getAsString() : null)) {   // about the gone engine's batch
                queue.offerFirst(e);     // fails only when full (a dead engine for long): the newest wait on
            }
        }
        inFlight = List.of();
    }

    /** The plugin starts an engine: until one attaches, chat is dropped as when one went away. */
    public synchronized void awaitEngine() {
        away = true;
    }

    /** An engine attached (its hello): chat goes to it again. */
    public synchronized void engineBack() {
        away = false;
    }

    public int size() {
        return queue.size();
    }
}
