package dev.unocraft.core;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * The inventory vault's own thread and its durable writes: one thread runs every write, read and
 * delete of the vault's folder in the order they were handed over, so a delete never overtakes the
 * write of the same file, and the main thread never touches the disk.
 */
final class VaultDisk {
    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    private final Path dir;
    private final Logger logger;
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "unocraft-vault");
        t.setDaemon(true);
        thread = t;
        return t;
    });
    private volatile Thread thread;     // once started
    private final AtomicInteger pending = new AtomicInteger();     // jobs not finished yet

    VaultDisk(Path dir, Logger logger) {
        this.dir = dir;
        this.logger = logger;
    }

    void submit(Runnable job) {
        pending.incrementAndGet();
        try {
            io.execute(() -> {
                try {
                    job.run();
                } finally {
                    pending.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException ex) {
            pending.decrementAndGet();      // closed: a save or delete after disable stays undone (the next start finds the file)
            logger.warning("the inventory vault is closed; not done: " + ex);
        }
    }

    /** On the vault's thread: the text written to a temporary file, synced, moved into place, the folder synced. */
    void writeDurably(Path file, String name, String text) throws IOException {
        writeDurably(dir, file, name, text);
    }

    /** {@link #writeDurably(Path, String, String)} into another owner-only folder (the stakes' escrow). */
    void writeDurably(Path dir, Path file, String name, String text) throws IOException {
        OwnerOnly.folder(dir);
        Path tmp = dir.resolve(name + ".tmp");
        OwnerOnly.write(tmp, text);     // someone's items: for the server's user only
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (!WINDOWS) {     // the rename itself on disk too (Windows cannot open a folder; NTFS journals it)
            try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
                folder.force(true);
            }
        }
    }

    /** On the vault's thread: a file renamed in its folder, the folder synced (the rename on disk too). */
    void moveDurably(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (!WINDOWS) {
            try (FileChannel folder = FileChannel.open(to.getParent(), StandardOpenOption.READ)) {
                folder.force(true);
            }
        }
    }

    Thread thread() {
        return thread;
    }

    /** Waits until the thread has nothing left to do (up to 10 s). */
    void awaitIdle() {
        long end = System.nanoTime() + 10_000_000_000L;
        while (pending.get() > 0 && System.nanoTime() < end) {
            java.util.concurrent.locks.LockSupport.parkNanos(200_000);     // a disk sync takes milliseconds: no spinning
        }
    }

    /** Plugin disable: the queue is finished (up to 10 s), nothing new is taken. */
    void close() {
        io.shutdown();
        try {
            if (!io.awaitTermination(10, TimeUnit.SECONDS)) {
                logger.warning("the inventory vault's disk writes did not finish in 10 s");
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
