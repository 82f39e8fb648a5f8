package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 33, item 6: a plugin disabled while an engine is attached stops cleanly. py4j logs a
 * connection that fails as a WARNING with its stack trace ("Socket closed"), which an operator reads
 * as a crash; the gateway's own stop must not look like one. py4j turns its logging off by setting
 * the level of its package logger, which java.util.logging's hierarchy passes on to its classes'
 * loggers; Paper routes java.util.logging to Log4j, whose loggers take no level from a "parent", so
 * there py4j's warnings reach the server log. The test turns py4j's logging on, as it is there.
 */
class GatewayStopTest {
    @TempDir
    Path dir;

    /** What py4j's loggers (java.util.logging, under "py4j") record at WARNING or above, with py4j's logging on. */
    private static final class Py4jWarnings extends Handler implements AutoCloseable {
        final List<LogRecord> records = new CopyOnWriteArrayList<>();
        private final Logger py4j = Logger.getLogger("py4j");
        private final Level before = py4j.getLevel();     // OFF: py4j's own GatewayServer.turnLoggingOff()

        Py4jWarnings() {
            py4j.setLevel(Level.INFO);
            py4j.addHandler(this);
        }

        @Override public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                records.add(r);
            }
        }
        @Override public void flush() {}
        @Override public void close() {
            py4j.removeHandler(this);
            py4j.setLevel(before);
        }

        String describe() {
            return records.stream().map(r -> r.getLevel() + " " + r.getMessage() + " " + r.getThrown()).toList().toString();
        }
    }

    /** An engine's py4j connection, spoken by hand: the token, then calls on the bridge. */
    private static final class FakeEngine implements AutoCloseable {
        final Socket socket;
        final BufferedReader in;
        final Writer out;

        FakeEngine(int port, String token) throws Exception {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            send("A\n" + token + "\n");
            assertEquals("!yv", in.readLine(), "authenticated");
        }

        void send(String lines) throws Exception {
            out.write(lines);
            out.flush();
        }

        @Override public void close() throws Exception {
            socket.close();
        }
    }

    private static void waitFor(String what, java.util.function.BooleanSupplier cond) throws InterruptedException {
        long end = System.currentTimeMillis() + 60_000;
        while (!cond.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, "timed out waiting for " + what);
            Thread.sleep(20);
        }
    }

    /** How the engine's connection ends. */
    enum End { DISABLE_WHILE_IDLE, DISABLE_WHILE_POLLING, ENGINE_HANGS_UP }

    /**
     * The engine attached, then the plugin disabled: once while the engine's connection waits for its
     * next command, once while a long poll of the engine is under way (its answer is written after
     * the socket closed); and an engine that exits (`/uno engine restart`, a crash) while the plugin
     * runs on. None logs a warning with a stack trace; each is one "engine detached" line.
     */
    @ParameterizedTest
    @EnumSource(End.class)
    void theEndOfTheEnginesConnectionLogsNoStackTrace(End end) throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        List<String> lines = new CopyOnWriteArrayList<>();
        platform.logger().addHandler(new Handler() {
            @Override public void publish(LogRecord r) { lines.add(r.getLevel() + " " + r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        });
        UnoCore core = new UnoCore(platform, "test");
        Path tokenFile = dir.resolve("token-" + end);
        core.enable(0, tokenFile);
        try (Py4jWarnings py4j = new Py4jWarnings();
             FakeEngine engine = new FakeEngine(core.bridgePort(), Files.readString(tokenFile).trim())) {
            engine.send("c\nt\nstats\ne\n");
            String answer = engine.in.readLine();
            assertTrue(answer.startsWith("!ys"), answer);
            waitFor("the engine to attach", core::engineAttachedNow);
            switch (end) {
                case DISABLE_WHILE_IDLE -> core.disable();
                case DISABLE_WHILE_POLLING -> {
                    engine.send("c\nt\npollEvents\ni800\ne\n");     // answered after the stop, to a closed socket
                    Thread.sleep(200);
                    core.disable();
                }
                case ENGINE_HANGS_UP -> engine.close();
            }
            if (end != End.ENGINE_HANGS_UP) {
                assertEquals(-1, engine.in.read(), "the plugin closed the connection");
            }
            waitFor("the engine to detach", () -> !core.engineAttachedNow());
            Thread.sleep(end == End.DISABLE_WHILE_POLLING ? 2_000 : 1_000);    // py4j's connection thread ends meanwhile
            assertEquals(List.of(), py4j.records.stream().filter(r -> r.getThrown() != null).toList(), end + ": " + py4j.describe());
            assertEquals(List.of(), py4j.records, end + ": " + py4j.describe());
            assertEquals(1, lines.stream().filter(l -> l.equals("INFO engine detached")).count(), end + ": " + lines);
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("WARNING") || l.startsWith("SEVERE")), end + ": " + lines);
        } finally {
            if (end == End.ENGINE_HANGS_UP) {
                core.disable();
            }
        }
    }
}
