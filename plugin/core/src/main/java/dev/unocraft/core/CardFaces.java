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
    /** Writes the file off the main thread (a new face is shown on it), in order, one write at a time. */
    private static final ExecutorService SAVER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "unocraft-faces-save");
        t.setDaemon(true);
        return t;
    });

    private final Path file;
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<String, Integer> shown = new HashMap<>();   // faces whose pixels are on the map now

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

    /** Shows the pixels of a face on its map (creating the map the first time); main thread. */
    public synchronized int show(Platform platform, String key, byte[] pixels) {
        if (pixels.length != 128 * 128) {
            throw new IllegalArgumentException("face " + key + ": expected 16384 pixels, got " + pixels.length);
        }
        int wanted = ids.getOrDefault(key, -1);
        int id = platform.showMap(wanted, pixels);
        shown.put(key, id);
        if (id != wanted) {
            ids.put(key, id);
            save();
        }
        return id;
    }

    /** Queues a write of the ids as they are now; the main thread does not wait for the disk. */
    private void save() {
        Properties p = new Properties();
        ids.forEach((k, v) -> p.setProperty(k, Integer.toString(v)));
        SAVER.execute(() -> {
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
