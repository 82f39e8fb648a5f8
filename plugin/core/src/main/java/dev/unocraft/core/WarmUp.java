package dev.unocraft.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;

/** The start-up warm-up: the first game's one-off costs paid on a thread of its own, partly in a rehearsal on a throwaway core, and the wait an engine's hello makes for it. */
final class WarmUp {
    private final Platform platform;
    private final InventoryVault vault;
    private final OpPreparer preparer;
    /** Done when the start-up warm-up is over; done from the start where there is none (tests, the rehearsal's own core). */
    private volatile java.util.concurrent.CountDownLatch warming = new java.util.concurrent.CountDownLatch(0);

    WarmUp(Platform platform, InventoryVault vault, OpPreparer preparer) {
        this.platform = platform;
        this.vault = vault;
        this.preparer = preparer;
    }

    /** Runs {@link #run} on a thread of its own; an engine's hello waits for it ({@link #await}). */
    void start() {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        warming = done;
        Thread warm = new Thread(() -> {
            try {
                run();
            } finally {
                done.countDown();
            }
        }, "unocraft-warmup");
        warm.setDaemon(true);
        warm.start();
    }

    /**
     * On a py4j thread, when an engine says hello: waits (at most 30 s) until the warm-up is over, so
     * that its work never shares the machine's cores with the engine's first batch (the card faces)
     * or the first game on the server thread. Never called on the server thread.
     */
    void await() {
        try {
            if (!warming.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                platform.logger().warning("the warm-up is still running after 30 s; the engine attaches anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A batch with one op of each kind that costs something to prepare, for {@link #run}; no face
     * (a face prepared on the real platform would take a map id: it is rehearsed, {@link #FACE}).
     */
    private static final String BATCH = "{\"ops\":["
            + "{\"op\":\"msg\",\"player\":\"-\",\"c\":[{\"text\":\"a\",\"colour\":\"red\",\"bold\":true,\"click\":{\"command\":\"/uno\"},\"hover\":\"b\"}]},"
            + "{\"op\":\"complete\",\"player\":\"-\",\"tree\":{\"\":[\"start\",\"play\"],\"play\":[\"R5\"]}},"
            + "{\"op\":\"items\",\"player\":\"-\",\"slots\":{\"0\":{\"material\":\"paper\",\"name\":\"a\",\"lore\":[\"b\"],\"glow\":true,\"tag\":\"-\"},\"1\":null},\"held\":0},"
            + "{\"op\":\"sidebar\",\"player\":\"-\",\"title\":\"a\",\"lines\":[\"b\"]},"
            + "{\"op\":\"sound\",\"player\":\"-\",\"sound\":\"minecraft:ui.button.click\",\"volume\":0.5}]}";

    /** What the rehearsal applies first: a card face. */
    private static final String FACE = "{\"ops\":[{\"op\":\"face\",\"key\":\"-\",\"pixels\":\""
            + Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"}]}";

    /** What the rehearsal applies after {@link #BATCH}: a card on a face, a title, then the way out. */
    private static final String END = "{\"ops\":["
            + "{\"op\":\"items\",\"player\":\"-\",\"slots\":{\"2\":{\"face\":\"-\",\"name\":\"a\",\"tag\":\"-\"}}},"
            + "{\"op\":\"title\",\"player\":\"-\",\"title\":\"a\",\"subtitle\":\"b\"},{\"op\":\"actionbar\",\"player\":\"-\",\"c\":\"a\"},"
            + "{\"op\":\"restore\",\"player\":\"-\"},{\"op\":\"sidebar_clear\",\"player\":\"-\"}]}";

    /**
     * Start-up, on a thread of its own: what the first game would pay for on the main thread (class
     * loading, the first run of the parser, the op preparation and the platform's builders) is done
     * now, so that the first {@code /uno start} costs what the hundredth does. Nothing is applied to
     * this platform: the core's own apply code (faces, the vault's save and restore, items) runs in
     * a rehearsal on a throwaway core and a platform that shows nothing ({@link WarmUpPlatform}).
     */
    void run() {
        long t0 = System.nanoTime();
        try {
            vault.startThread();
            preparer.prepare(OpBatch.parse(BATCH));
            rehearse();
            platform.warmUp();
        } catch (IOException | RuntimeException e) {
            platform.logger().warning("warm-up failed (the first game may be slower): " + e);
            return;
        }
        platform.logger().info("warmed up in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }

    /**
     * How often the warm-up runs the paths of a batch (here and in {@link Platform#warmUp}): enough
     * for the JIT to compile them (after a few hundred calls; optimised after some thousands), so that
     * the first game runs compiled code, not the interpreter (on the dev server a player's first deal
     * took 1.5–2 ms of the server thread's CPU after a warm-up that ran each path once, a later one 0.3).
     */
    static final int ROUNDS = 3_000;

    /** A game's ops applied by a throwaway core to a platform that shows nothing, its files in a temporary folder. */
    private static void rehearse() throws IOException {
        Path tmp = java.nio.file.Files.createTempDirectory("unocraft-warmup");
        try {
            UnoCore ghost = new UnoCore(new WarmUpPlatform(tmp), "warm-up");
            ghost.onJoin(WarmUpPlatform.PLAYER);
            ghost.apply(OpBatch.parse(FACE));
            ghost.apply(OpBatch.parse(BATCH));      // its items op saves the inventory first (the vault's thread)
            for (int i = 1; i < ROUNDS; i++) {
                ghost.queueBatch(OpBatch.parse(BATCH));     // read, prepared, drained (this platform runs it at once)
            }
            ghost.apply(OpBatch.parse(END));
            ghost.vault().close();
            CardFaces.awaitSaves();
        } finally {
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(tmp)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    java.nio.file.Files.deleteIfExists(f);
                }
            }
        }
    }
}
