package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class LineLimitedSocketsTest {
    @Test
    void anAcceptedEngineConnectionSendsItsAnswersWithoutDelay() throws Exception {
        try (ServerSocket server = new LineLimitedSockets(1024).createServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                 Socket accepted = server.accept()) {
                assertTrue(accepted instanceof LineLimitedSockets.LimitedSocket);
                assertTrue(accepted.getTcpNoDelay(), "TCP_NODELAY on the plugin's side of the bridge");
            }
        }
    }
}
