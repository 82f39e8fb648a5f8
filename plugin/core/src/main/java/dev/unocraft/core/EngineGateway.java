package dev.unocraft.core;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import py4j.Gateway;
import py4j.GatewayConnection;
import py4j.GatewayServer;
import py4j.Protocol;
import py4j.Py4JException;
import py4j.Py4JServerConnection;
import py4j.ReturnObject;
import py4j.commands.CallCommand;
import py4j.commands.Command;

/**
 * The py4j server the engine connects to, locked down. py4j normally hands whoever connects the
 * whole JVM (reflection, constructors, fields, {@code gateway.jvm}, deleting objects); here:
 * <ul>
 * <li>it listens on loopback only and needs the token ({@link TokenFile});</li>
 * <li>only an authenticated connection can become the attached engine: the first one to make a
 *     call; a connection that has not within {@link #AUTH_DEADLINE_MS} is closed;</li>
 * <li>every line read is bounded ({@link LineLimitedSockets}): a short limit before the token,
 *     {@link #MAX_LINE_BYTES} after;</li>
 * <li>of py4j's commands only "call" is served (besides authentication), with one of ours: the
 *     op batch sent one way ({@link Bridge#OPS_COMMAND}); every other command is answered with an
 *     error and the connection stays usable;</li>
 * <li>calls reach only the {@link Bridge} object's {@link Bridge#METHODS}, with the argument
 *     types they take ({@link Bridge#checkArguments}), and every failure goes back as an error
 *     text: no Java object is ever handed to the engine, so it never needs py4j's memory command.</li>
 * </ul>
 */
public final class EngineGateway {
    /** Time from connecting to sending the right token and making the first call. */
    static final int AUTH_DEADLINE_MS = 5_000;
    /** Before the token, a line is the auth command or the 64-character token: far below this. */
    static final int MAX_LINE_BYTES_BEFORE_AUTH = 1024;
    /** After it, the longest line is an op batch: room for {@link OpBatch#MAX_CHARS} and py4j's escapes. */
    static final int MAX_LINE_BYTES = 2 * OpBatch.MAX_CHARS;
    /**
     * Connections not attached yet (still to authenticate or call). A new one beyond this closes the
     * oldest, not itself: whoever opens sockets and sends nothing cannot keep the engine out.
     */
    static final int MAX_PENDING = 16;

    private final GatewayServer server;
    private final Logger log;
    private final Runnable onDetach;
    private final Set<LockedConnection> pending = Collections.synchronizedSet(new LinkedHashSet<>());   // oldest first
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "unocraft-bridge-deadlines");
        t.setDaemon(true);
        return t;
    });
    private volatile LockedConnection active;     // set and cleared under the gateway's lock
    // An engine left with a wrong token retries every second: its refusals are logged once, then
    // at most once a minute with how many there were, so the hint is not buried in repeats.
    static final long REFUSAL_LOG_INTERVAL_MS = 60_000;
    private long nextRefusalLog;
    private int refusalsNotLogged;

    private synchronized void logTokenRefused(String from) {
        long now = System.currentTimeMillis();
        if (now < nextRefusalLog) {
            refusalsNotLogged++;
            return;
        }
        String since = refusalsNotLogged == 0 ? "" : " (" + refusalsNotLogged + " more refused since the last line)";
        log.warning("refused an engine connection from " + from + ": wrong or missing token" + since
                + "; the engine must read the token file this plugin wrote");
        nextRefusalLog = now + REFUSAL_LOG_INTERVAL_MS;
        refusalsNotLogged = 0;
    }

    private final Bridge bridge;

    public EngineGateway(Bridge bridge, int port, String token, Logger log, Runnable onDetach) {
        this.log = log;
        this.onDetach = onDetach;
        this.bridge = bridge;
        this.server = new LockedServer(new BridgeOnlyGateway(bridge), port, token);
    }

    public void start() {
        server.start(true);
        log.info("engine bridge listening on 127.0.0.1:" + server.getListeningPort());
    }

    public int port() {
        return server.getListeningPort();
    }

    /** True while an authenticated engine connection is attached. */
    public boolean attached() {
        return active != null;
    }

    /**
     * Stops listening and ends every connection. The attached engine's is hung up on first
     * ({@link LineLimitedSockets.LimitedSocket#hangUp}): py4j's thread for it then ends as on the
     * engine's quit, where a socket py4j's shutdown closed under it would log a WARNING with a
     * stack trace ("Socket closed") at every clean stop (issue 33).
     */
    public void stop() {
        deadlines.shutdownNow();
        LockedConnection engine = active;
        if (engine != null) {
            engine.limited.hangUp();
        }
        server.shutdown();
    }

    /** Refuses calls on anything but the bridge, and bridge methods outside {@link Bridge#METHODS}. */
    private static final class BridgeOnlyGateway extends Gateway {
        BridgeOnlyGateway(Object entryPoint) {
            // py4j wants a callback client; it is never used (no Python objects are ever passed).
            super(entryPoint, new py4j.CallbackClient(GatewayServer.DEFAULT_PYTHON_PORT, InetAddress.getLoopbackAddress()));
        }

        @Override
        public ReturnObject invoke(String methodName, String targetObjectId, List<Object> args) {
            if (!Protocol.ENTRY_POINT_OBJECT_ID.equals(targetObjectId) || !Bridge.METHODS.contains(methodName)) {
                throw new Py4JException("not allowed: " + methodName);
            }
            String problem = Bridge.checkArguments(methodName, args);
            if (problem != null) {
                throw new Py4JException(methodName + ": " + problem);
            }
            ReturnObject r = super.invoke(methodName, targetObjectId, args);
            if (r.isError() && r.getName() != null) {
                // The bridge method threw: py4j kept the exception as an object for the engine to
                // inspect (and delete later). Send its message as text instead and keep nothing.
                Object thrown = getBindings().remove(r.getName());
                throw new Py4JException(methodName + ": " + (thrown instanceof Throwable t && t.getMessage() != null ? t.getMessage() : thrown));
            }
            return r;
        }
    }

    private final class LockedServer extends GatewayServer {
        private final String token;

        LockedServer(Gateway gateway, int port, String token) {
            super(gateway, port, InetAddress.getLoopbackAddress(), DEFAULT_CONNECT_TIMEOUT, 0, null,
                    new LineLimitedSockets(MAX_LINE_BYTES_BEFORE_AUTH));
            this.token = token;
        }

        @Override
        protected Py4JServerConnection createConnection(Gateway gateway, Socket socket) throws IOException {
            LockedConnection oldest = null;
            synchronized (pending) {
                if (pending.size() >= MAX_PENDING) {
                    oldest = pending.iterator().next();
                    pending.remove(oldest);
                }
            }
            if (oldest != null) {
                oldest.close("it was the oldest of " + MAX_PENDING + " connections waiting to authenticate");
            }
            LockedConnection c = new LockedConnection(gateway, (LineLimitedSockets.LimitedSocket) socket, token);
            pending.add(c);
            c.startConnection();
            deadlines.schedule(c::closeUnlessAttached, AUTH_DEADLINE_MS, TimeUnit.MILLISECONDS);
            return c;
        }
    }

    private final class LockedConnection extends GatewayConnection {
        private final LineLimitedSockets.LimitedSocket limited;
        private volatile String closeReason;      // why the gateway closed it
        private volatile boolean claimed;
        private volatile boolean refusedAsSecond;
        private volatile Thread thread;           // py4j's thread reading this connection

        LockedConnection(Gateway gateway, LineLimitedSockets.LimitedSocket socket, String token) throws IOException {
            super(gateway, socket, token, null, List.of());
            this.limited = socket;
        }

        boolean authenticated() {
            return authCommand != null && authCommand.isAuthenticated();
        }

        @Override
        public void run() {
            thread = Thread.currentThread();
            super.run();
        }

        /**
         * py4j's server shutdown closes every connection's streams under its thread: an answer being
         * written then (to a long poll) fails with "Stream closed", logged with its stack trace. The
         * engine's connection, hung up on at a stop ({@link #stop}), is left to its own thread
         * instead: its answer goes nowhere, its next read is the quit line, and it shuts down.
         */
        @Override
        public void shutdown(boolean reset) {
            Thread own = thread;
            if (limited.hungUp() && own != null && own != Thread.currentThread() && own.isAlive()) {
                return;
            }
            super.shutdown(reset);
        }

        /**
         * py4j's constructor calls this with its base commands (the auth command is added after):
         * "call" and the one-way op batch are served, through {@link Claimed}; every other command
         * is answered with an error.
         */
        @Override
        protected void initCommands(Gateway gateway, List<Class<? extends Command>> commandClasses) {
            super.initCommands(gateway, commandClasses);
            for (Map.Entry<String, Command> e : commands.entrySet()) {
                e.setValue(e.getKey().equals(CallCommand.CALL_COMMAND_NAME) ? new Claimed(e.getValue()) : new Refused(e.getKey()));
            }
            commands.put(Bridge.OPS_COMMAND, new Claimed(new OneWayOps()));
        }

        /**
         * The first call after authentication makes this connection the attached engine, unless
         * another one already is. Only now is the long line limit granted: py4j's client waits for
         * each answer before it sends the next command, so nothing later was read under the short one.
         */
        boolean claim() {
            if (claimed) {
                return true;
            }
            synchronized (EngineGateway.this) {
                if (closeReason != null) {
                    return false;       // being closed (see close)
                }
                if (active == null) {
                    active = this;
                    claimed = true;
                    pending.remove(this);
                    limited.raiseLimit(MAX_LINE_BYTES);
                    // its end (the engine hangs up, or the plugin stops) reads as py4j's quit: no stack trace in the log
                    commands.put(QUIT, new Quit());
                    limited.quitAtEnd();
                    log.info("engine attached from " + socket.getRemoteSocketAddress());
                    return true;
                }
            }
            refusedAsSecond = true;
            log.warning("refused a second engine connection from " + socket.getRemoteSocketAddress() + ": an engine is already attached");
            return false;
        }

        void closeUnlessAttached() {
            close((authenticated() ? "it made no call" : "it did not authenticate") + " within " + AUTH_DEADLINE_MS / 1000 + " s");
        }

        /** Closes a connection that is not (and now cannot become) the attached engine. */
        void close(String reason) {
            synchronized (EngineGateway.this) {     // not while claim() makes it the engine
                if (claimed || socket.isClosed()) {
                    return;
                }
                closeReason = reason;
            }
            try {
                socket.close();     // py4j's read fails, and its loop shuts the connection down
            } catch (IOException ignored) {
                // closing anyway
            }
        }

        @Override
        protected void fireConnectionStopped() {
            pending.remove(this);
            boolean wasActive;
            synchronized (EngineGateway.this) {
                wasActive = active == this;
                if (wasActive) {
                    active = null;
                }
            }
            String from = String.valueOf(socket.getRemoteSocketAddress());
            if (limited.tooLong() != null) {
                log.warning("closed the bridge connection from " + from + ": it sent " + limited.tooLong().getMessage());
            } else if (closeReason != null) {
                log.warning("closed the bridge connection from " + from + ": " + closeReason);
            } else if (refusedAsSecond) {
                // logged when it was refused
            } else if (!authenticated()) {
                logTokenRefused(from);
            } else if (wasActive) {
                log.info("engine detached");
            }
            if (wasActive) {
                onDetach.run();
            }
            super.fireConnectionStopped();
        }

        /** py4j's call command, run only for the attached engine (see {@link #claim}). */
        private final class Claimed implements Command {
            private final Command call;

            Claimed(Command call) {
                this.call = call;
            }

            @Override
            public void execute(String name, BufferedReader reader, BufferedWriter writer) throws IOException {
                if (!claim()) {
                    throw new IOException("an engine is already attached");     // py4j answers with the error and closes
                }
                call.execute(name, reader, writer);
            }

            @Override
            public String getCommandName() {
                return call.getCommandName();
            }

            @Override
            public void init(Gateway gateway, Py4JServerConnection connection) {
                call.init(gateway, connection);
            }
        }
    }

    /** py4j's quit line: its connection loop ends after it, quietly. */
    static final String QUIT = "q";

    /** "q": nothing to do or answer; py4j's loop ends on the line itself ({@link LineLimitedSockets.LimitedSocket#quitAtEnd}). */
    private static final class Quit implements Command {
        @Override
        public void execute(String commandName, BufferedReader reader, BufferedWriter writer) {
            // the connection ends
        }

        @Override
        public String getCommandName() {
            return QUIT;
        }

        @Override
        public void init(Gateway gateway, Py4JServerConnection connection) {
            // nothing to keep
        }
    }

    /**
     * {@link Bridge#OPS_COMMAND}: reads the batch's line, reads and prepares the batch
     * ({@link Bridge#receiveOps}), and answers nothing. A batch the plugin refuses is told with the engine's next poll, as for
     * {@code applyOps}; the line's length is bounded like any other ({@link #MAX_LINE_BYTES}).
     */
    private final class OneWayOps implements Command {
        @Override
        public void execute(String commandName, BufferedReader reader, BufferedWriter writer) throws IOException {
            String json = reader.readLine();
            if (json == null) {
                throw new EOFException();
            }
            bridge.receiveOps(json);
        }

        @Override
        public String getCommandName() {
            return Bridge.OPS_COMMAND;
        }

        @Override
        public void init(Gateway gateway, Py4JServerConnection connection) {
            // nothing to keep
        }
    }

    /**
     * A py4j command the engine never needs (memory, reflection, constructor, field, array, list,
     * JVM view, help, dir, stream, exception, shutdown): its argument lines are read up to py4j's
     * end marker so the connection stays in step, then it is answered with an error.
     */
    private final class Refused implements Command {
        private static final int MAX_ARGUMENT_LINES = 64;
        private final String name;

        Refused(String name) {
            this.name = name;
        }

        @Override
        public void execute(String commandName, BufferedReader reader, BufferedWriter writer) throws IOException {
            for (int i = 0; ; i++) {
                String line = reader.readLine();
                if (line == null) {
                    throw new EOFException();
                }
                if (Protocol.isEnd(line)) {
                    break;
                }
                if (i >= MAX_ARGUMENT_LINES) {
                    throw new IOException("py4j command '" + name + "' without an end");
                }
            }
            log.warning("refused py4j command '" + name + "' from the engine: only calls to the bridge are served");
            writer.write(Protocol.getOutputErrorCommand("not allowed: py4j command '" + name + "'"));
            writer.flush();
        }

        @Override
        public String getCommandName() {
            return name;
        }

        @Override
        public void init(Gateway gateway, Py4JServerConnection connection) {
            // nothing to keep
        }
    }
}
