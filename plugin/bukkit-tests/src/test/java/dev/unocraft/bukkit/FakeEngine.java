package dev.unocraft.bukkit;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The engine's side of the py4j bridge, spoken by hand as unocraft.transport.py4j_bridge does: the token,
 * {@code hello}, op batches sent one way (the "O" command). No Python runs; the test decides what the
 * engine says. Batches then arrive as the real engine's do, on a py4j thread of the plugin.
 */
public final class FakeEngine implements AutoCloseable {
    private final Socket socket;
    private final BufferedReader in;
    private final BufferedWriter out;
    /** Run before each op batch is sent (a Folia-mode test server is then no longer settled). */
    volatile Runnable beforeOps = () -> { };

    /** Connects and authenticates with the token the plugin wrote. */
    public FakeEngine(int port, Path tokenFile) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(60_000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        out = new BufferedWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8));
        String answer = send("A\n" + Files.readString(tokenFile).trim() + "\n");
        if (!answer.equals("!yv")) {
            throw new IOException("the bridge refused the token: " + answer);
        }
    }

    private synchronized String send(String command) throws IOException {
        out.write(command);
        out.flush();
        String line = in.readLine();
        if (line == null) {
            throw new IOException("the bridge closed the connection");
        }
        return line;
    }

    /** py4j's string escapes (py4j.protocol.escape_new_line). */
    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n");
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Calls a bridge method with text arguments; returns its text answer (or "" for none); an error answer throws. */
    public String call(String method, String... args) {
        StringBuilder c = new StringBuilder("c\nt\n").append(method).append('\n');
        for (String a : args) {
            c.append('s').append(escape(a)).append('\n');
        }
        c.append("e\n");
        String answer;
        try {
            answer = send(c.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (answer.startsWith("!ys")) {
            return unescape(answer.substring(3));
        }
        if (answer.equals("!yv")) {
            return "";
        }
        throw new IllegalStateException(method + " failed: " + unescape(answer));
    }

    /** The engine's hello (the plugin then counts this engine as attached); its answer. */
    public String hello(String version) {
        return call("hello", "{\"protocol\":2,\"version\":\"" + version + "\"}");
    }

    /**
     * Sends an op batch one way, as the engine does, then makes a call: py4j serves a connection's commands in
     * order, so when the call is answered the batch has been read, prepared and queued for the main thread.
     */
    public void ops(String batchJson) {
        if (batchJson.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("an op batch is one line");
        }
        beforeOps.run();
        synchronized (this) {
            try {
                out.write("O\n" + batchJson + "\n");
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        call("stats");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
