package dev.unocraft.core;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import py4j.Gateway;
import py4j.GatewayConnection;
import py4j.GatewayServer;
import py4j.Py4JException;
import py4j.Py4JServerConnection;
import py4j.ReturnObject;
import py4j.commands.AuthCommand;
import py4j.commands.CallCommand;
import py4j.commands.Command;
import py4j.commands.MemoryCommand;

/**
 * The py4j server the engine connects to, locked down: loopback only, an auth token, one engine
 * connection at a time, and only the {@link Bridge} methods callable. py4j normally hands whoever
 * connects the whole JVM (reflection, constructors, fields, {@code gateway.jvm}); here every
 * command but call/memory/auth is removed and calls are allowed only on the bridge object.
 */
public final class EngineGateway {
    private static final Set<String> ALLOWED_COMMANDS =
            Set.of(CallCommand.CALL_COMMAND_NAME, MemoryCommand.MEMORY_COMMAND_NAME, AuthCommand.COMMAND_NAME);

    private final GatewayServer server;
    private final Logger log;
    private final Runnable onDetach;
    private volatile LockedConnection active;

    public EngineGateway(Bridge bridge, int port, String token, Logger log, Runnable onDetach) {
        this.log = log;
        this.onDetach = onDetach;
        Gateway gateway = new BridgeOnlyGateway(bridge);
        this.server = new LockedServer(gateway, port, token);
    }

    public void start() {
        server.start(true);
        log.info("engine bridge listening on 127.0.0.1:" + server.getListeningPort());
    }

    public int port() {
        return server.getListeningPort();
    }

    public boolean attached() {
        LockedConnection c = active;
        return c != null && c.authenticated();
    }

    public void stop() {
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
            if (!"t".equals(targetObjectId) || !Bridge.METHODS.contains(methodName)) {
                throw new Py4JException("not allowed: " + methodName);
            }
            return super.invoke(methodName, targetObjectId, args);
        }
    }

    private final class LockedServer extends GatewayServer {
        private final String token;

        LockedServer(Gateway gateway, int port, String token) {
            super(gateway, port, InetAddress.getLoopbackAddress(), DEFAULT_CONNECT_TIMEOUT, 0, null,
                    javax.net.ServerSocketFactory.getDefault());
            this.token = token;
        }

        @Override
        protected Py4JServerConnection createConnection(Gateway gateway, Socket socket) throws IOException {
            LockedConnection current = active;
            if (current != null && !current.closed) {
                log.warning("refused a second engine connection from " + socket.getRemoteSocketAddress()
                        + ": an engine is already attached");
                socket.close();
                throw new IOException("an engine is already attached");
            }
            LockedConnection c = new LockedConnection(gateway, socket, token);
            active = c;
            c.startConnection();
            return c;
        }
    }

    private final class LockedConnection extends GatewayConnection {
        volatile boolean closed;

        LockedConnection(Gateway gateway, Socket socket, String token) throws IOException {
            super(gateway, socket, token, null, List.of());
        }

        boolean authenticated() {
            return authCommand == null || authCommand.isAuthenticated();
        }

        @Override
        protected void initCommands(Gateway gateway, List<Class<? extends Command>> customCommands) {
            super.initCommands(gateway, customCommands);
            commands.keySet().retainAll(ALLOWED_COMMANDS);
        }

        @Override
        protected void fireConnectionStopped() {
            closed = true;
            if (!authenticated()) {
                log.warning("refused an engine connection from " + socket.getRemoteSocketAddress()
                        + ": wrong or missing token");
            } else {
                log.info("engine detached");
            }
            if (active == this) {
                active = null;
                if (authenticated()) {
                    onDetach.run();
                }
            }
            super.fireConnectionStopped();
        }
    }
}
