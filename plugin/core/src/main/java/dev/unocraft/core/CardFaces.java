package dev.unocraft.core;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Logger;

/**
 * Card face key → map id, one map per face shared by every copy of the card, kept in a file so
 * the ids survive restarts (a map per game would leak map files on a real server).
 */
public final class CardFaces {
    /** Writes the file off the main thread (a face got a new map), in order, one write at a time. */
    static final ExecutorService SAVER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "unocraft-faces-save");
        t.setDaemon(true);
        return t;
    });
    private static final java.util.concurrent.atomic.AtomicLong WRITES = new java.util.concurrent.atomic.AtomicLong();

    private final Path file;
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<String, Integer> shown = new HashMap<>();   // faces whose pixels are on the map now
    private boolean saveQueued;     // a write is queued that has not taken the ids yet

    public CardFaces(Path file) {
        this.file = file;
        awaitSaves();       // a restart reads what the last one wrote
        if (Files.exists(file)) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(r);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + file, e);
            }
            p.forEach((k, v) -> ids.put((String) k, Integer.parseInt(((String) v).trim())));
        }
    }

    public synchronized Integer idOf(String key) {
        return ids.get(key);
    }

    /** The faces whose pixels are on their maps in this server run. */
    public synchronized java.util.List<String> shownKeys() {
        return java.util.List.copyOf(shown.keySet());
    }

    public synchronized int size() {
        return ids.size();
    }

    /**
     * Engine's thread: the face checked and its map made ready by the platform (pixels copied, packet
     * encoded, id allocated where the platform can), so that the returned action, for the main thread,
     * only registers and sends it. A map id known now is the face's id from now on, so that items
     * showing the face are prepared off the main thread too.
     */
    public Runnable prepare(Platform platform, String key, byte[] pixels) {
        Platform.PreparedMap map = prepared(platform, key, pixels);
        return () -> show(platform, key, map);
    }

    /** Shows the pixels of a face on its map (creating the map the first time), at once (tests). */
    public int show(Platform platform, String key, byte[] pixels) {
        return show(platform, key, prepared(platform, key, pixels));
    }

    private Platform.PreparedMap prepared(Platform platform, String key, byte[] pixels) {
        if (pixels.length != 128 * 128) {
            throw new IllegalArgumentException("face " + key + ": expected 16384 pixels, got " + pixels.length);
        }
        Integer wanted = idOf(key);     // a face sent again keeps its map
        // outside the lock: the main thread shows other faces meanwhile
        Platform.PreparedMap map = platform.screen().prepareMap(wanted == null ? -1 : wanted, pixels);
        synchronized (this) {
            remember(key, map.id());
        }
        return map;
    }

    /** The global lane: shows a prepared face; the ids file is written later, off this thread. */
    private synchronized int show(Platform platform, String key, Platform.PreparedMap map) {
        int id = platform.screen().showMap(map);
        shown.put(key, id);
        remember(key, id);
        return id;
    }

    /** A face's map id from now on ({@code id < 0}: not known yet), written to the file if it is new. */
    private void remember(String key, int id) {
        if (id >= 0 && !Integer.valueOf(id).equals(ids.put(key, id))) {
            save();
        }
    }

    /**
     * Queues a write of the ids unless one is queued already: the write takes the ids as they are
     * when it runs, so the 55 faces of an attach make one or two writes, not 55, and the main thread
     * neither waits for the disk nor copies the ids.
     */
    private void save() {
        if (saveQueued) {
            return;
        }
        saveQueued = true;
        SAVER.execute(() -> {
            Properties p = new Properties();
            synchronized (this) {
                saveQueued = false;
                ids.forEach((k, v) -> p.setProperty(k, Integer.toString(v)));
            }
            try {
                write(p);
            } catch (IOException e) {
                Logger.getLogger("unocraft").warning("cannot write " + file + ": " + e
                        + " (the card faces will get new maps after a restart)");
            }
        });
    }

    private void write(Properties p) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "unocraft card faces: face key = map id");
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        WRITES.incrementAndGet();
    }

    /** How many times a faces file was written in this run (tests). */
    static long writes() {
        return WRITES.get();
    }

    /** Waits until every queued write is on disk. */
    static void awaitSaves() {
        try {
            SAVER.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }
}
