package dev.agentls.llm;

import dev.agentls.config.Timeouts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request of the {@link DirectHttpTransport} on its own connection: connects within the connect timeout (for
 * {@code localhost}, each of its addresses in turn), with Nagle's algorithm off, writes the request in one piece,
 * reads the final response's head within the first-byte wait, then the body as its framing says, each read within the
 * wait it is given. {@link #cancel()} closes the socket from any thread, so a blocked connect or read ends at once.
 */
final class DirectExchange implements HttpExchange {

    private final String host;
    private final InetAddress literal;
    private final int port;
    private final Timeouts timeouts;
    private final byte[] request;

    private volatile Socket socket;
    private volatile boolean cancelled;
    private HttpInput input;
    private ResponseHead head;
    private ResponseBody body;

    /** @param literal the address when {@code host} is an address literal, else null (looked up then) */
    DirectExchange(String host, InetAddress literal, int port, Timeouts timeouts, byte[] request) {
        this.host = host;
        this.literal = literal;
        this.port = port;
        this.timeouts = timeouts;
        this.request = request;
    }

    @Override
    public void send() throws IOException {
        Socket connected = connect();
        write(connected);
        input = new HttpInput(connected);
        input.deadlineIn(timeouts.firstByte().toNanos());
        head = ResponseHead.read(input);
        body = ResponseBody.of(head, input);
    }

    /**
     * Writes the request within the first-byte wait, as okhttp's write timeout does: a socket write has no timeout of
     * its own, and one larger than the send buffer blocks while the server reads nothing. Such a write is watched,
     * and the socket closed when the wait runs out; a smaller one lands in the buffer at once and needs no watch.
     */
    private void write(Socket connected) throws IOException {
        if (request.length <= connected.getSendBufferSize()) {
            connected.getOutputStream().write(request);
            return;
        }
        // The watch closes the socket when the wait runs out; the write then fails, and the watch's timeout says why.
        CompletableFuture<Void> written = new CompletableFuture<>();
        written.orTimeout(timeouts.firstByte().toMillis(), TimeUnit.MILLISECONDS).whenComplete((done, late) -> {
            if (late != null) {
                closeSocket();
            }
        });
        try {
            connected.getOutputStream().write(request);
        } catch (IOException e) {
            if (!written.isCompletedExceptionally() || cancelled) {
                throw e;
            }
        } finally {
            written.complete(null);
        }
        if (written.isCompletedExceptionally()) {
            throw new SocketTimeoutException("the request could not be written within the first-byte wait ("
                    + request.length + " bytes; the server stopped reading it)");
        }
    }

    private Socket connect() throws IOException {
        InetAddress[] addresses = literal != null ? new InetAddress[] {literal} : InetAddress.getAllByName(host);
        int timeout = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeouts.connect().toMillis()));
        IOException last = null;
        for (InetAddress address : addresses) {
            // No proxy applies to loopback; saying so skips the SOCKS layer and proxy selector a plain Socket loads.
            Socket candidate = new Socket(Proxy.NO_PROXY);
            socket = candidate;
            if (cancelled) {
                candidate.close();
                throw new SocketException("cancelled before connecting");
            }
            try {
                candidate.setTcpNoDelay(true);
                candidate.connect(new InetSocketAddress(address, port), timeout);
                return candidate;
            } catch (SocketTimeoutException e) {
                last = new SocketTimeoutException("connect timed out: " + address.getHostAddress() + " port " + port);
            } catch (IOException e) {
                last = e;
            }
            candidate.close();
            if (cancelled) {
                throw last;
            }
        }
        throw last;
    }

    @Override
    public int status() {
        return head.status();
    }

    @Override
    public String header(String name) {
        return head == null ? null : head.header(name);
    }

    @Override
    public int read(byte[] buffer, long timeoutNanos) throws IOException {
        input.deadlineIn(timeoutNanos);
        return body.read(buffer, 0, buffer.length);
    }

    @Override
    public void cancel() {
        cancelled = true;
        closeSocket();
    }

    @Override
    public void close() {
        closeSocket();
    }

    private void closeSocket() {
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing is all we wanted
            }
        }
    }
}
