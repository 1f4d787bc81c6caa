package dev.agentls.llm;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with Nagle's algorithm off ({@code TCP_NODELAY}). A request is written in more than one piece (the
 * head and the body's full segments, then the body's tail), and with Nagle on the tail waits for the server's
 * acknowledgement of the first piece, which a server delays by up to 40 ms on Linux: measured as 45-65 ms of a
 * 75 ms run start against a model on loopback (BENCHMARKS.md, "Runs in an editor"), and as much again on every
 * request to a remote model. TLS sockets are layered on these.
 */
final class NoDelaySockets extends SocketFactory {

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(new Socket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(new Socket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(new Socket(address, port, localAddress, localPort));
    }

    private static Socket noDelay(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }
}
