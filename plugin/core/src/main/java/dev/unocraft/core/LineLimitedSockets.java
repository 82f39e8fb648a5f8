package dev.unocraft.core;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * delay (TCP_NODELAY). A socket the gateway closes on purpose ({@link LimitedSocket#hangUp}) ends
 * as if the engine had hung up, so py4j does not log its own stop as an error.
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
        /** py4j's quit line: its connection loop ends on it without a word ({@link #quitAtEnd}). */
        private static final byte[] QUIT = {'q', '\n'};
        private volatile int limit;
        private volatile LineTooLong tooLong;
        private volatile boolean hungUp;
        private volatile boolean quitAtEnd;
        private InputStream in;
        private OutputStream out;

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

        /**
         * The end of this connection (the engine hung up, or {@link #hangUp}) reads as py4j's quit
         * line, "q", before the end of the stream: py4j's connection loop ends on it as on a normal
         * close. It has no other quiet way out: at the end of the stream it reports "Unknown command
         * received: null", and a read on a socket closed under it "Socket closed", both as a WARNING
         * with a stack trace, which an operator reads as a crash (issue 33). For the attached
         * engine's connection only: its commands serve "q" ({@link EngineGateway}).
         */
        void quitAtEnd() {
            quitAtEnd = true;
        }

        /**
         * The gateway ends this connection on purpose (the plugin stops): from now on a read ends
         * (with {@link #quitAtEnd}'s line) and a write goes nowhere, instead of failing with "Socket
         * closed", so py4j's thread for it, waiting for a command or about to answer a long poll,
         * ends quietly. Then closes the socket (py4j's shutdown closes it too).
         */
        void hangUp() {
            hungUp = true;
            try {
                close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }

        /** Whether the gateway ended this connection on purpose ({@link #hangUp}). */
        boolean hungUp() {
            return hungUp;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] buf, int off, int len) throws IOException {
                        try {
                            if (!hungUp) {
                                super.out.write(buf, off, len);
                            }
                        } catch (IOException e) {
                            if (!hungUp) {
                                throw e;
                            }
                        }
                    }

                    @Override
                    public void flush() throws IOException {
                        try {
                            if (!hungUp) {
                                super.out.flush();
                            }
                        } catch (IOException e) {
                            if (!hungUp) {
                                throw e;
                            }
                        }
                    }
                };
            }
            return out;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    private int sinceNewline;
                    private int quitSent;       // bytes of QUIT read so far

                    @Override
                    public int read() throws IOException {
                        byte[] one = new byte[1];
                        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                    }

                    @Override
                    public int read(byte[] buf, int off, int len) throws IOException {
                        if (len == 0) {
                            return 0;
                        }
                        int n;
                        try {
                            n = hungUp ? -1 : super.read(buf, off, len);
                        } catch (IOException e) {
                            if (!hungUp) {
                                throw e;
                            }
                            n = -1;
                        }
                        if (n < 0) {
                            return end(buf, off, len);
                        }
                        for (int i = off; i < off + n; i++) {
                            count(buf[i]);
                        }
                        return n;
                    }

                    /** The end of the stream: first the quit line, where the connection wants it. */
                    private int end(byte[] buf, int off, int len) {
                        if (!quitAtEnd || quitSent == QUIT.length || sinceNewline > 0) {
                            return -1;      // (a line cut short ends as it would without the quit line)
                        }
                        int k = 0;
                        while (k < len && quitSent < QUIT.length) {
                            buf[off + k++] = QUIT[quitSent++];
                        }
                        return k;
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
