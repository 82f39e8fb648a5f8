package dev.unocraft.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the Python engine as a child process of the server and keeps it running: its output goes
 * into the server log line by line with an {@code [engine]} prefix, it is started again with a
 * growing pause when it exits (the tables resume from its SQLite file), and it is stopped when the
 * plugin is disabled. Everything runs on one thread of its own, so a slow install, a slow engine
 * start or a crash loop never holds up the server thread.
 *
 * <p>The engine is started with {@code --supervised}: it exits by itself when its standard input
 * closes, so even a killed server (SIGKILL) leaves no engine behind.
 */
public final class EngineSupervisor {
    /** The engine's exit code for "this plugin speaks another bridge protocol": restarting cannot help. */
    public static final int EXIT_INCOMPATIBLE = 78;
    static final long FIRST_DELAY_MS = 500;
    static final long MAX_DELAY_MS = 30_000;
    /** An engine that ran this long counts as healthy: the next crash restarts it at once again. */
    static final long HEALTHY_MS = 60_000;
    /** Said where supervision gives up: what starts it over without a server restart ({@link #restart}). */
    static final String RETRY_HINT = " Once that is done, `/uno engine restart` in the console tries again.";

    /** Finds (or installs) the engine and returns the command that starts it; runs on the supervisor's thread. */
    @FunctionalInterface
    public interface Launch {
        List<String> command() throws EngineUnavailable;
    }

    /** The engine cannot be started at all (no Python, nothing installed): one clear line for the log. */
    public static final class EngineUnavailable extends Exception {
        public EngineUnavailable(String message) {
            super(message);
        }
    }

    private final Launch launch;
    private final Path workDir;
    private final Logger log;
    private final Object lock = new Object();
    private Thread thread;
    private Process process;            // guarded by lock
    private boolean stopping;           // guarded by lock
    private long startedAt;             // guarded by lock
    private int starts;                 // guarded by lock
    private String state = "not started";   // guarded by lock
    private boolean gaveUp;             // guarded by lock: supervision ended (no engine to start, a refusing one)
    private boolean restartNow;         // guarded by lock: a wanted restart cuts the back-off short

    public EngineSupervisor(Launch launch, Path workDir, Logger log) {
        this.launch = launch;
        this.workDir = workDir;
        this.log = log;
    }

    /**
     * The engine's command line: {@code python -m unocraft serve --attach --supervised} on this
     * plugin's bridge port and token file, then {@code extra} (e.g. {@code --config engine.yaml}).
     */
    public static List<String> engineCommand(String python, int bridgePort, Path tokenFile, List<String> extra) {
        List<String> cmd = new java.util.ArrayList<>(List.of(python, "-m", "unocraft", "serve", "--attach", "--supervised",
                "--bridge-port", String.valueOf(bridgePort), "--token-file", tokenFile.toAbsolutePath().toString()));
        cmd.addAll(extra);
        return cmd;
    }

    /** Starts supervising on a thread of its own; returns at once. */
    public void start() {
        synchronized (lock) {
            if (thread != null) {
                return;
            }
            state = "starting";
            thread = new Thread(this::run, "unocraft-engine-supervisor");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /**
     * Stops the engine (SIGTERM: it saves its tables and exits) and the supervision; returns at once.
     * An engine that has not exited after {@code graceMs} is killed.
     */
    public void stop(long graceMs) {
        Process p;
        synchronized (lock) {
            stopping = true;
            state = "stopped";
            p = process;
            lock.notifyAll();
        }
        if (p != null && p.isAlive()) {
            p.destroy();
            Thread killer = new Thread(() -> {
                try {
                    if (!p.waitFor(graceMs, TimeUnit.MILLISECONDS)) {
                        log.warning("[engine] did not stop within " + graceMs + " ms; killing it");
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    p.destroyForcibly();
                }
            }, "unocraft-engine-stopper");
            killer.setDaemon(true);
            killer.start();
        }
    }

    /** Waits (off the server thread only: a shutdown hook, a test) until the engine has exited. */
    public boolean awaitExit(long timeoutMs) throws InterruptedException {
        Process p;
        synchronized (lock) {
            p = process;
        }
        return p == null || p.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** What {@link #restart} did. */
    public enum Restart {
        /** The running engine was ended; the supervisor starts it again at once. */
        RESTARTING,
        /**
         * Supervision had given up (no Python, the install failed, an engine of another release):
         * it starts over, looking for Python and installing the engine again ({@link Launch}).
         */
        STARTING_OVER,
        /** The supervisor is stopped (the plugin is being disabled): nothing is started. */
        STOPPED
    }

    /**
     * Ends the running engine; the supervisor starts it again at once (a back-off under way is cut
     * short). When supervision had given up ({@link #status} "unavailable: …" or "refused: …"), it
     * starts over instead: {@link Launch#command} looks for Python and installs the engine again, so
     * an operator who installed Python (or the matching engine) meanwhile needs no server restart.
     */
    public Restart restart() {
        Process p;
        synchronized (lock) {
            if (stopping) {
                return Restart.STOPPED;
            }
            if (gaveUp || thread == null) {
                gaveUp = false;
                state = "starting";
                thread = new Thread(this::run, "unocraft-engine-supervisor");
                thread.setDaemon(true);
                thread.start();
                return Restart.STARTING_OVER;
            }
            p = process;
            startedAt = 0;          // a wanted restart: no back-off
            restartNow = true;
            lock.notifyAll();
        }
        if (p != null) {
            p.destroy();
        }
        return Restart.RESTARTING;
    }

    /** One line for `/uno engine status`: running (pid, uptime, starts), waiting, stopped, unavailable. */
    public String status() {
        synchronized (lock) {
            Process p = process;
            if (p != null && p.isAlive() && !stopping) {
                long up = (System.currentTimeMillis() - startedAt) / 1000;
                return "running, pid " + p.pid() + ", up " + up + " s, started " + starts + " time(s)";
            }
            return state;
        }
    }

    /** The running engine's process id, or -1. */
    public long pid() {
        synchronized (lock) {
            return process != null && process.isAlive() ? process.pid() : -1;
        }
    }

    private void run() {
        List<String> command;
        try {
            command = launch.command();
        } catch (EngineUnavailable e) {
            synchronized (lock) {
                state = "unavailable: " + e.getMessage();
                gaveUp = true;
            }
            log.severe(e.getMessage() + RETRY_HINT);
            return;
        } catch (RuntimeException e) {
            synchronized (lock) {
                state = "unavailable: " + e;
                gaveUp = true;
            }
            log.log(Level.SEVERE, "[engine] cannot prepare the engine", e);
            return;
        }
        long delay = FIRST_DELAY_MS;
        while (true) {
            Process p;
            synchronized (lock) {
                if (stopping) {
                    return;
                }
                try {
                    p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
                } catch (IOException e) {
                    p = null;
                    log.severe("[engine] cannot start " + command.get(0) + ": " + e.getMessage());
                }
                process = p;
                startedAt = System.currentTimeMillis();
                starts++;
                state = "running";
            }
            int code = -1;
            if (p != null) {
                log.info("[engine] started (pid " + p.pid() + "): " + String.join(" ", command));
                pipe(p);
                code = waitFor(p);
            }
            long ran;
            synchronized (lock) {
                ran = startedAt == 0 ? HEALTHY_MS : System.currentTimeMillis() - startedAt;
                if (stopping) {
                    log.info("[engine] stopped (exit code " + code + ")");
                    return;
                }
                if (code == EXIT_INCOMPATIBLE) {
                    state = "refused: the engine does not speak this plugin's bridge protocol (see the log)";
                    gaveUp = true;
                    log.severe("[engine] the engine refused this plugin's bridge protocol; install the engine"
                            + " and the plugin of the same release. Not restarting it." + RETRY_HINT);
                    return;
                }
                if (ran >= HEALTHY_MS) {
                    delay = FIRST_DELAY_MS;
                }
                restartNow = false;     // a restart asked during the wait below cuts it short
                state = "restarting in " + delay + " ms after exit code " + code;
                log.warning("[engine] exited with code " + code + "; starting it again in " + delay + " ms");
                long until = System.currentTimeMillis() + delay;
                while (!stopping && !restartNow && System.currentTimeMillis() < until) {
                    try {
                        lock.wait(Math.max(1, until - System.currentTimeMillis()));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
            delay = Math.min(delay * 2, MAX_DELAY_MS);
        }
    }

    /** Copies the engine's output into the log until it closes it (when it exits). */
    private void pipe(Process p) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                log.log(levelOf(line), "[engine] " + line);
            }
        } catch (IOException e) {
            log.fine("[engine] output closed: " + e);
        }
    }

    /** The engine logs "LEVEL logger: message" when supervised; tracebacks and the rest are info. */
    static Level levelOf(String line) {
        if (line.startsWith("ERROR ") || line.startsWith("CRITICAL ")) {
            return Level.SEVERE;
        }
        if (line.startsWith("WARNING ")) {
            return Level.WARNING;
        }
        return Level.INFO;
    }

    private static int waitFor(Process p) {
        while (true) {
            try {
                return p.waitFor();
            } catch (InterruptedException e) {
                // only stop() ends supervision; it signals through the lock, not by interrupting
            }
        }
    }
}
