package dev.unocraft.core;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ServerSocketFactory;

/**
 * Server sockets whose connections refuse over-long lines. py4j reads every command with
 * {@code BufferedReader.readLine()}, which grows its buffer without bound: one line without a
 * newline makes the JVM allocate until it runs out of memory. py4j builds its reader from
 * {@code socket.getInputStream()}, so this factory (passed to py4j's {@code GatewayServer}) hands
 * out sockets whose input stream counts the bytes since the last newline and fails the read once a
 * line is longer than the socket's current limit. The limit starts small (nothing is trusted before
 * the token) and the gateway raises it once the engine has authenticated. Its sockets send without
 * delay (TCP_NODELAY).
 */
final class LineLimitedSockets extends ServerSocketFactory {
    private final int initialLimit;

    LineLimitedSockets(int initialLimit) {
        this.initialLimit = initialLimit;
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new ServerSocket() {
            @Override
            public Socket accept() throws IOException {
                // ServerSocket's documented way to accept into a socket subclass
                LimitedSocket s = new LimitedSocket(initialLimit);
                implAccept(s);
                // each answer is one write the engine waits for: sent at once, never held back
                // by Nagle's algorithm for the acknowledgement of what went before
                s.setTcpNoDelay(true);
                return s;
            }
        };
    }

    @Override
    public ServerSocket createServerSocket(int port) {
        throw new UnsupportedOperationException("py4j creates an unbound server socket and binds it");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) {
        throw new UnsupportedOperationException("py4j creates an unbound server socket and binds it");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, java.net.InetAddress address) {
        throw new UnsupportedOperationException("py4j creates an unbound server socket and binds it");
    }

    /** Thrown by a read that would make a line longer than the limit; the connection then closes. */
    static final class LineTooLong extends IOException {
        LineTooLong(int limit) {
            super("a line longer than " + limit + " bytes");
        }
    }

    /** An accepted connection whose reads are line-limited; {@link #raiseLimit} after authentication. */
    static final class LimitedSocket extends Socket {
        private volatile int limit;
        private volatile LineTooLong tooLong;
        private InputStream in;

        LimitedSocket(int limit) {
            this.limit = limit;
        }

        void raiseLimit(int newLimit) {
            limit = Math.max(limit, newLimit);
        }

        /** The over-long line that ended this connection, or null. */
        LineTooLong tooLong() {
            return tooLong;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    private int sinceNewline;

                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        if (b >= 0) {
                            count((byte) b);
                        }
                        return b;
                    }

                    @Override
                    public int read(byte[] buf, int off, int len) throws IOException {
                        int n = super.read(buf, off, len);
                        for (int i = off; i < off + n; i++) {
                            count(buf[i]);
                        }
                        return n;
                    }

                    private void count(byte b) throws LineTooLong {
                        if (b == '\n') {
                            sinceNewline = 0;
                        } else if (++sinceNewline > limit) {
                            tooLong = new LineTooLong(limit);
                            throw tooLong;
                        }
                    }
                };
            }
            return in;
        }
    }
}
