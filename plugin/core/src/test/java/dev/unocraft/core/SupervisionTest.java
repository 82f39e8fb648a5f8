package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine supervisor and installer with stand-in engines (shell commands); the real engine is in tests/test_e2e_supervision.py. */
class SupervisionTest {
    @TempDir
    Path dir;

    private final List<String> lines = new CopyOnWriteArrayList<>();

    private Logger log(String name) {
        Logger l = Logger.getLogger(name);
        l.setUseParentHandlers(false);
        l.addHandler(new Handler() {
            @Override public void publish(LogRecord r) { lines.add(r.getLevel() + " " + r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        });
        return l;
    }

    /**
     * How long a wait below may take before the test calls it a failure: a condition, not a speed
     * (a shell started as the engine on a loaded machine may take seconds to say its first line).
     */
    private static final long PATIENCE_MS = 120_000;

    private static void waitFor(String what, BooleanSupplier cond) throws InterruptedException {
        long end = System.currentTimeMillis() + PATIENCE_MS;
        while (!cond.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, "timed out waiting for " + what);
            Thread.sleep(20);
        }
    }

    private boolean logged(String prefix, String text) {
        return lines.stream().anyMatch(l -> l.startsWith(prefix) && l.contains(text));
    }

    @Test
    void theEngineIsStartedItsLinesLoggedAndAKilledEngineStartedAgain() throws Exception {
        EngineSupervisor s = new EngineSupervisor(
                () -> List.of("sh", "-c", "echo 'INFO unocraft.engine: up'; echo 'WARNING unocraft.x: careful'; exec sleep 60"),
                dir, log("sup1"));
        s.start();
        waitFor("the first engine", () -> s.pid() > 0 && logged("WARNING", "[engine] WARNING unocraft.x: careful"));
        assertTrue(logged("INFO", "[engine] INFO unocraft.engine: up"));
        long first = s.pid();
        ProcessHandle.of(first).orElseThrow().destroyForcibly();          // SIGKILL
        waitFor("a second engine", () -> s.pid() > 0 && s.pid() != first);
        assertTrue(logged("WARNING", "exited with code 137; starting it again in 500 ms"), lines.toString());
        assertTrue(s.status().startsWith("running, pid " + s.pid()), s.status());
        long second = s.pid();
        s.stop(2000);
        waitFor("the engine to stop", () -> ProcessHandle.of(second).map(p -> !p.isAlive()).orElse(true));
        Thread.sleep(800);                                                  // longer than the first back-off
        assertEquals(-1, s.pid());
        assertEquals("stopped", s.status());
        assertEquals(2, lines.stream().filter(l -> l.contains("[engine] started (pid")).count());
    }

    @Test
    void theBackOffGrowsWhileTheEngineKeepsFailing() throws Exception {
        EngineSupervisor s = new EngineSupervisor(() -> List.of("sh", "-c", "exit 3"), dir, log("sup2"));
        s.start();
        waitFor("three failures", () -> lines.stream().filter(l -> l.contains("exited with code 3")).count() >= 3);
        s.stop(1000);
        assertTrue(logged("WARNING", "starting it again in 500 ms"));
        assertTrue(logged("WARNING", "starting it again in 1000 ms"));
        assertTrue(logged("WARNING", "starting it again in 2000 ms"), lines.toString());
    }

    @Test
    void anEngineThatRefusesThePluginsProtocolIsNotStartedAgain() throws Exception {
        EngineSupervisor s = new EngineSupervisor(() -> List.of("sh", "-c", "exit " + EngineSupervisor.EXIT_INCOMPATIBLE),
                dir, log("sup3"));
        s.start();
        waitFor("the refusal", () -> s.status().startsWith("refused"));
        Thread.sleep(800);
        assertEquals(1, lines.stream().filter(l -> l.contains("[engine] started (pid")).count());
        assertTrue(logged("SEVERE", "same release"), lines.toString());
    }

    @Test
    void anEngineThatCannotBeFoundIsOneClearLineAndNoRetries() throws Exception {
        EngineSupervisor s = new EngineSupervisor(() -> {
            throw new EngineSupervisor.EngineUnavailable("[engine] no Python 3.11 or newer found");
        }, dir, log("sup4"));
        s.start();
        waitFor("the line", () -> logged("SEVERE", "no Python 3.11"));
        assertTrue(s.status().startsWith("unavailable"));
        assertEquals(List.of("SEVERE [engine] no Python 3.11 or newer found" + EngineSupervisor.RETRY_HINT), lines);
    }

    /**
     * Issue 33, item 4: no Python at the first start; the operator installs it and types `/uno engine
     * restart` in the console: the supervisor looks for Python again and starts the engine, without
     * a server restart, and the answer says so (it said "restarting" and did nothing).
     */
    @Test
    void aRestartAfterNoPythonWasFoundLooksAgainAndStartsTheEngine() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean pythonInstalled = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();
        FakePlatform platform = new FakePlatform(dir);
        platform.logger().setUseParentHandlers(false);
        UnoCore core = new UnoCore(platform, "test");
        core.superviseEngine(() -> {
            looks.incrementAndGet();
            if (!pythonInstalled.get()) {
                throw new EngineSupervisor.EngineUnavailable("[engine] no Python 3.11 or newer found (tried python3):"
                        + " install Python 3.11+ with its venv module");
            }
            return List.of("sh", "-c", "exec sleep 60");
        });
        List<String> replies = new CopyOnWriteArrayList<>();
        waitFor("the first look", () -> !platform.warnings.isEmpty());
        assertTrue(core.supervisor().status().startsWith("unavailable"), core.supervisor().status());
        assertTrue(platform.warnings.get(0).contains("no Python 3.11") && platform.warnings.get(0).contains("/uno engine restart"),
                "the line says what to do, and what then: " + platform.warnings);
        pythonInstalled.set(true);                       // the operator installs Python
        core.onConsoleCommand(new String[] {"engine", "restart"}, replies::add);
        assertEquals(1, replies.size(), replies.toString());
        assertTrue(replies.get(0).contains("looking for Python"), replies.toString());
        waitFor("the engine", () -> core.supervisor().pid() > 0);
        assertEquals(2, looks.get());
        core.onConsoleCommand(new String[] {"engine", "status"}, replies::add);
        assertTrue(replies.get(1).startsWith("unocraft: engine running, pid " + core.supervisor().pid()), replies.toString());
        // a restart of the running engine is a restart, as before
        long first = core.supervisor().pid();
        core.onConsoleCommand(new String[] {"engine", "restart"}, replies::add);
        assertEquals("unocraft: restarting the engine; the tables resume in a moment", replies.get(2));
        waitFor("the engine started again", () -> core.supervisor().pid() > 0 && core.supervisor().pid() != first);
        assertEquals(2, looks.get(), "the command is not looked for again while supervision runs");
        core.supervisor().stop(2000);
        assertEquals(EngineSupervisor.Restart.STOPPED, core.supervisor().restart());
    }

    /** A restart asked while a crashing engine waits out its back-off starts it now, not after the wait. */
    @Test
    void aRestartDuringTheBackOffStartsTheEngineAtOnce() throws Exception {
        EngineSupervisor s = new EngineSupervisor(() -> List.of("sh", "-c", "exit 3"), dir, log("sup6"));
        s.start();
        waitFor("a back-off of 8 s", () -> s.status().startsWith("restarting in 8000 ms"));
        long started = lines.stream().filter(l -> l.contains("[engine] started (pid")).count();
        long asked = System.currentTimeMillis();
        s.restart();
        waitFor("the next start", () -> lines.stream().filter(l -> l.contains("[engine] started (pid")).count() > started);
        s.stop(1000);
        assertTrue(System.currentTimeMillis() - asked < 6_000, "started " + (System.currentTimeMillis() - asked) + " ms after the restart");
    }

    @Test
    void theInstallerSaysClearlyWhatIsMissing() throws Exception {
        EngineInstaller.Resources none = name -> null;
        EngineInstaller.Resources wheel = name -> name.equals(EngineInstaller.WHEEL_INDEX)
                ? new ByteArrayInputStream("unocraft-0.1.0-py3-none-any.whl".getBytes(StandardCharsets.UTF_8)) : null;
        // no Python on the machine
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> new EngineInstaller(dir, "0.1.0", "", wheel, log("inst"), List.of(dir.resolve("nopython").toString())).python());
        assertTrue(e.getMessage().contains("no Python 3.11 or newer found") && e.getMessage().contains("apt install python3 python3-venv"),
                e.getMessage());
        // a development jar without the wheel
        e = assertThrows(EngineSupervisor.EngineUnavailable.class, () -> new EngineInstaller(dir, "0.1.0", "", none, log("inst")).python());
        assertTrue(e.getMessage().contains("no engine inside"), e.getMessage());
        // engine.python names an interpreter without unocraft
        e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> new EngineInstaller(dir, "0.1.0", "sh", none, log("inst")).python());
        assertTrue(e.getMessage().contains("engine.python (sh) cannot run unocraft"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("engine-venv")));     // nothing half-made
    }

    @Test
    void anInstalledEngineOfThisVersionIsUsedWithoutInstallingAgain() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("engine-venv").resolve("bin"));
        Path python = Files.writeString(bin.resolve("python"), "#!/bin/sh\n");
        python.toFile().setExecutable(true);
        Files.writeString(dir.resolve("engine-venv").resolve(EngineInstaller.MARKER), "0.1.0\n");
        EngineInstaller installer = new EngineInstaller(dir, "0.1.0", "", name -> null, log("inst2"));
        assertEquals(python.toString(), installer.python());
        // a new plugin version installs its own wheel (here: says that this jar has none)
        assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> new EngineInstaller(dir, "0.2.0", "", name -> null, log("inst3")).python());
        assertEquals(Level.INFO, EngineSupervisor.levelOf("INFO x"));
        assertEquals(Level.SEVERE, EngineSupervisor.levelOf("ERROR x"));
    }
}
